import type { AuditEntry, AuditPage } from '../../../contract/office';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { invalidField, ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { mayManageShop, notAllowed, type OfficeActor } from './access';

/*
 * The audit log (docs/office.md "Audit log"): every change made in the office or at a console, in
 * the transaction of the change itself, so that no change is without its entry. Entries name the
 * staff member by id and by name (kept when they are removed), and the device or address.
 */

/** Who made a change: a staff member in the office, or at a console (then `deviceName`). */
export interface AuditBy {
  staffId: number | null;
  staffName: string | null;
  deviceName: string | null;
  address: string | null;
}

/** What changed: `action` (e.g. `shop.created`), its subject, and the values before and after. */
export interface AuditChange {
  action: string;
  subjectType:
    | 'shop'
    | 'device'
    | 'staff'
    | 'register_key'
    | 'portal_session'
    | 'account'
    | 'reward'
    | 'member_import'
    | 'contact';
  subjectUuid: string | null;
  /** The shop it belongs to (a manager sees the entries of their shops); null: the account. */
  shopId: number | null;
  /** The customer it names, if any: erasing them erases their personal data from the entry. */
  contactId?: number | null;
  /** The values before (null: it was made) and after (null: it was deleted). No secrets. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The AuditBy of an office call. */
export function officeAuditBy(actor: OfficeActor): AuditBy {
  return { staffId: actor.staffId, staffName: actor.name, deviceName: null, address: actor.address };
}

/** Records one change in `tx` (the transaction that makes it). */
export async function recordAudit(tx: Tx, by: AuditBy, change: AuditChange): Promise<void> {
  await tx.db
    .insertInto('audit_log')
    .values({
      at: isoTimestamp(tx.now),
      staff_id: by.staffId,
      staff_name: by.staffName,
      device_name: by.deviceName,
      address: by.address,
      action: change.action,
      subject_type: change.subjectType,
      subject_uuid: change.subjectUuid,
      shop_id: change.shopId,
      contact_id: change.contactId ?? null,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
}

/** Entries a page of the log holds (GET /office/api/audit). */
export const AUDIT_PAGE_SIZE = 50;

/** The filters of GET /office/api/audit: dates `YYYY-MM-DD` (inclusive, UTC); `beforeId` pages on. */
export interface AuditFilter {
  staffUuid?: string | undefined;
  shopUuid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  beforeId?: number | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStart = (date: string) => isoTimestamp(new Date(`${date}T00:00:00.000Z`));

function jsonRecord(text: string | null): Record<string, unknown> | null {
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Office GET /audit: the log newest first, AUDIT_PAGE_SIZE a page (keyset: `next` is the
 * `beforeId` of the next page, null on the last), filtered by staff member, shop and dates. An
 * owner reads every entry; a manager those of the shops they run only (not the account's).
 * @throws ServiceError office_not_allowed (403) for a manager naming a shop they do not run; 1008
 * (404) for no such shop; 1003 (422) when `from` is after `to`.
 */
export async function auditPage(db: Db, actor: OfficeActor, filter: AuditFilter): Promise<AuditPage> {
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to)
    invalidField('from', 'must not be after to');
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('staff as p', 'p.id', 'a.staff_id')
    .leftJoin('shops as s', 's.id', 'a.shop_id')
    .select([
      'a.id',
      'a.at',
      'a.staff_name',
      'a.device_name',
      'a.address',
      'a.action',
      'a.subject_type',
      'a.subject_uuid',
      'a.before',
      'a.after',
      'p.uuid as staff_uuid',
      's.uuid as shop_uuid',
      's.name as shop_name',
    ]);
  if (actor.role !== 'owner') {
    if (actor.shopIds.length === 0) return { entries: [], next: null };
    query = query.where('a.shop_id', 'in', actor.shopIds);
  }
  if (filter.shopUuid !== undefined) {
    const shop = await db
      .selectFrom('shops')
      .select('id')
      .where('uuid', '=', filter.shopUuid)
      .executeTakeFirst();
    if (actor.role !== 'owner' && (!shop || !mayManageShop(actor, shop.id))) throw notAllowed();
    if (!shop) throw new ServiceError(1008);
    query = query.where('a.shop_id', '=', shop.id);
  }
  if (filter.staffUuid !== undefined) {
    const staff = await db
      .selectFrom('staff')
      .select('id')
      .where('uuid', '=', filter.staffUuid)
      .executeTakeFirst();
    if (!staff) return { entries: [], next: null };
    query = query.where('a.staff_id', '=', staff.id);
  }
  if (filter.from !== undefined) query = query.where('a.at', '>=', dayStart(filter.from));
  if (filter.to !== undefined) {
    const end = isoTimestamp(new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS));
    query = query.where('a.at', '<', end);
  }
  if (filter.beforeId !== undefined) query = query.where('a.id', '<', filter.beforeId);
  const rows = await query
    .orderBy('a.id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map(
      (row): AuditEntry => ({
        id: Number(row.id),
        at: apiTimestamp(row.at),
        staff:
          row.staff_name === null && row.staff_uuid === null
            ? null
            : { uuid: row.staff_uuid, name: row.staff_name ?? '' },
        device: row.device_name,
        address: row.address,
        action: row.action,
        subject_type: row.subject_type,
        subject_uuid: row.subject_uuid,
        shop: row.shop_uuid === null ? null : { uuid: row.shop_uuid, name: row.shop_name ?? '' },
        before: jsonRecord(row.before),
        after: jsonRecord(row.after),
      }),
    ),
    next: rows.length > AUDIT_PAGE_SIZE ? Number(page[page.length - 1]!.id) : null,
  };
}

/** What erasure leaves of an entry's values that named an erased customer. */
export const ERASED_ENTRY = { erased: true } as const;

/**
 * Erases a customer's personal data from the log (contacts/privacy.ts eraseContact, in its
 * transaction): the before and after of every entry naming `contactId` become ERASED_ENTRY; who,
 * when, what and its subject stay.
 */
export async function eraseAuditOfContact(tx: Tx, contactId: number): Promise<void> {
  const marker = JSON.stringify(ERASED_ENTRY);
  await tx.db
    .updateTable('audit_log')
    .set({ before: marker })
    .where('contact_id', '=', contactId)
    .where('before', 'is not', null)
    .execute();
  await tx.db
    .updateTable('audit_log')
    .set({ after: marker })
    .where('contact_id', '=', contactId)
    .where('after', 'is not', null)
    .execute();
}
