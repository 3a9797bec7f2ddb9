import type { StaffRole } from '../../db/schema-office';
import { refusal, type ServiceError } from '../shared/errors';

/*
 * Who may do what in the office (docs/office.md "Roles"), the one place each office route asks:
 * an owner everything; a manager the shops they are given (their devices, keys, cashiers and
 * log); a cashier nothing in the office (the console only).
 */

/** The signed-in staff member of an office call, as the auth plugin found them from the cookie. */
export interface OfficeActor {
  staffId: number;
  uuid: string;
  name: string;
  role: StaffRole;
  /** The shops they run: every shop's id for an owner. */
  shopIds: number[];
  /** The office session (cookie) of the call. */
  sessionId: number;
  /** The client address of the call, for the audit log. */
  address: string | null;
}

/** Refused for the caller's role or shops: error 1003, HTTP 403 (office_not_allowed). */
export function notAllowed(): ServiceError {
  return refusal('office_not_allowed', {
    en: 'Your role does not allow this',
    nl: 'Uw rol staat dit niet toe',
  });
}

/** Whether the actor runs the office at all: an owner or a manager. */
export function mayUseOffice(actor: Pick<OfficeActor, 'role'>): boolean {
  return actor.role === 'owner' || actor.role === 'manager';
}

/** Whether the actor may manage what belongs to shop `shopId` (null: the whole account: owners only). */
export function mayManageShop(actor: Pick<OfficeActor, 'role' | 'shopIds'>, shopId: number | null): boolean {
  if (actor.role === 'owner') return true;
  if (actor.role !== 'manager' || shopId === null) return false;
  return actor.shopIds.includes(shopId);
}

/** @throws ServiceError office_not_allowed (403) unless the actor is an owner. */
export function requireOwner(actor: Pick<OfficeActor, 'role'>): void {
  if (actor.role !== 'owner') throw notAllowed();
}

/** @throws ServiceError office_not_allowed (403) unless the actor may manage shop `shopId`. */
export function requireShop(actor: Pick<OfficeActor, 'role' | 'shopIds'>, shopId: number | null): void {
  if (!mayManageShop(actor, shopId)) throw notAllowed();
}
