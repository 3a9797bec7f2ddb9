/*
 * The server operator's way in (docs/office.md "Signing in"): on the first start of an account
 * without staff the service makes its owner, and the command line makes an owner or resets a
 * password on a server; each answers a one-time link that sets the password (never a password).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { hashToken } from '../shared/tokens';
import { isoTimestamp } from '../shared/values';
import { recordAudit } from './audit';
import { createPasswordReset, passwordResetUrl, type RunTx } from './sign-in';

/** How long the link printed at first start or by the command line works (hours), once. */
export const OWNER_LINK_HOURS = 24;

/** A link that sets a staff member's password, for the operator to open or pass on. */
export interface OperatorLink {
  email: string;
  name: string;
  /** `<origin>/office/?reset=<token>`. */
  url: string;
  /** ISO timestamp. */
  expiresAt: string;
  /** Whether the staff member was made now (else an existing one was made owner, or kept). */
  created: boolean;
}

/** An e-mail address the office signs in with (lower-cased), or undefined when it is none. */
export function officeEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return z.email().max(191).safeParse(email).success ? email : undefined;
}

/**
 * The owner's address when none is given: `owner@<host of portalUrl>`, or `owner@portal.localhost`
 * where that host makes no e-mail address (an IP address, `localhost`).
 */
export function defaultOwnerEmail(portalUrl: string): string {
  return officeEmail(`owner@${new URL(portalUrl).hostname}`) ?? 'owner@portal.localhost';
}

const BY_OPERATOR = { staffId: null, staffName: null, deviceName: 'command line', address: null };

/**
 * Makes `email` an owner (`portal create-owner`; the first start): a new staff member named `name`
 * (default "Owner"), or an existing one — removed or not — made owner again, their sessions kept.
 * @returns the one-time link that sets their password, valid OWNER_LINK_HOURS.
 */
export async function makeOwner(
  run: RunTx,
  email: string,
  portalUrl: string,
  name?: string,
): Promise<OperatorLink> {
  return run(async (tx) => {
    const at = isoTimestamp(tx.now);
    const found = await tx.db
      .selectFrom('staff')
      .select(['id', 'uuid', 'name', 'role', 'removed_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    let staff: { id: number; uuid: string; name: string };
    if (found) {
      staff = { ...found, name: name ?? found.name };
      await tx.db
        .updateTable('staff')
        .set({ role: 'owner', name: staff.name, removed_at: null, updated_at: at })
        .where('id', '=', found.id)
        .execute();
      await tx.db.deleteFrom('staff_shops').where('staff_id', '=', found.id).execute();
      if (found.role !== 'owner' || found.removed_at !== null || staff.name !== found.name) {
        await recordAudit(tx, BY_OPERATOR, {
          action: 'staff.updated',
          subjectType: 'staff',
          subjectUuid: found.uuid,
          shopId: null,
          before: { name: found.name, role: found.role, removed: found.removed_at !== null },
          after: { name: staff.name, role: 'owner', removed: false },
        });
      }
    } else {
      const uuid = randomUUID();
      const row = await tx.db
        .insertInto('staff')
        .values({
          uuid,
          name: name ?? 'Owner',
          email,
          role: 'owner',
          password_hash: null,
          passcode_hash: null,
          created_at: at,
          updated_at: at,
          removed_at: null,
        })
        .returning(['id', 'uuid', 'name'])
        .executeTakeFirstOrThrow();
      staff = row;
      await recordAudit(tx, BY_OPERATOR, {
        action: 'staff.created',
        subjectType: 'staff',
        subjectUuid: uuid,
        shopId: null,
        before: null,
        after: { name: row.name, email, role: 'owner', shops: [], has_passcode: false },
      });
    }
    const { token, expiresAt } = await createPasswordReset(tx, staff.id, OWNER_LINK_HOURS * 60);
    return { email, name: staff.name, url: passwordResetUrl(portalUrl, token), expiresAt, created: !found };
  });
}

/**
 * A one-time link that sets the password of the staff member with `email` (`portal
 * reset-password`), valid OWNER_LINK_HOURS; their address is unlocked. Undefined for an address
 * no staff member (not removed) has.
 */
export async function operatorResetLink(
  run: RunTx,
  email: string,
  portalUrl: string,
): Promise<Omit<OperatorLink, 'created'> | undefined> {
  return run(async (tx) => {
    const staff = await tx.db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('email', '=', email)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!staff) return undefined;
    await tx.db.deleteFrom('sign_in_failures').where('email_hash', '=', hashToken(email)).execute();
    const { token, expiresAt } = await createPasswordReset(tx, staff.id, OWNER_LINK_HOURS * 60);
    return { email, name: staff.name, url: passwordResetUrl(portalUrl, token), expiresAt };
  });
}

/**
 * The first start (main.ts): when the account has no staff at all, makes its owner with `email`
 * and answers the link for the start-up banner; undefined when staff exist (the fixture's, or made
 * before).
 */
export async function firstOwner(
  run: RunTx,
  email: string,
  portalUrl: string,
): Promise<OperatorLink | undefined> {
  const any = await run((tx) => tx.db.selectFrom('staff').select('id').limit(1).executeTakeFirst());
  return any ? undefined : makeOwner(run, email, portalUrl);
}
