import type { Tx } from '../../db/transaction';
import { isoTimestamp } from '../shared/values';
import type { OfficeActor } from './access';

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
  subjectType: 'shop' | 'device' | 'staff' | 'register_key' | 'portal_session' | 'account';
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
