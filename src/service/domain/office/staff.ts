/*
 * The office's staff (docs/office.md "Staff"): owners, managers and cashiers, made, changed and
 * removed in the office. An owner manages everyone; a manager only the cashiers of the shops they
 * run, in those shops (another shop's staff member is unknown to them). Nobody removes themselves
 * or changes their own role, and the account keeps an owner. Passcodes are stored as Argon2id
 * hashes and never answered; every change writes an audit entry (no secrets) in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { OfficeStaff, ShopRef, StaffRole } from '../../../contract/office';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { OutgoingMail } from '../../mail/mailer';
import { fieldError, refusal, type ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { notAllowed, type OfficeActor } from './access';
import { officeAuditBy, recordAudit } from './audit';
import { hashSecret } from './passwords';
import { endStaffSessions, invitationMail, type RunTx } from './sign-in';

/** No such staff member, or one the caller does not manage: 1003, HTTP 404 (staff_not_found). */
export function staffNotFound(): ServiceError {
  return refusal('staff_not_found', { en: 'Staff member not found', nl: 'Medewerker niet gevonden' });
}

/** Another staff member has the address: 1003, HTTP 409 (staff_email_taken), naming email. */
function staffEmailTaken(): ServiceError {
  return fieldError('email', 'another staff member has this e-mail address', {
    reason: 'staff_email_taken',
    status: 409,
    detail: {
      en: 'Another staff member has this e-mail address',
      nl: 'Een andere medewerker heeft dit e-mailadres',
    },
  });
}

/** Removing oneself or changing one's own role: 1003, HTTP 409 (staff_self). */
function staffSelf(): ServiceError {
  return refusal('staff_self', {
    en: 'You cannot remove yourself or change your own role',
    nl: 'U kunt uzelf niet verwijderen of uw eigen rol wijzigen',
  });
}

/** The account's last owner removed or demoted: 1003, HTTP 409 (last_owner). */
function lastOwner(): ServiceError {
  return refusal('last_owner', {
    en: 'The account needs an owner: make someone else owner first',
    nl: 'Het account heeft een eigenaar nodig: maak eerst iemand anders eigenaar',
  });
}

/** A new staff member (contract/office.ts staffRequest, parsed). */
export interface StaffInput {
  name: string;
  email?: string | null;
  role: StaffRole;
  shop_uuids: string[];
  passcode?: string | null;
}

/** A change of a staff member: what is given changes (passcode null: removed). */
export interface StaffChange {
  name?: string;
  role?: StaffRole;
  shop_uuids?: string[];
  passcode?: string | null;
}

interface StaffRow {
  id: number;
  uuid: string;
  name: string;
  email: string | null;
  role: StaffRole;
  password_hash: string | null;
  passcode_hash: string | null;
  removed_at: string | null;
}

const COLUMNS = [
  'id',
  'uuid',
  'name',
  'email',
  'role',
  'password_hash',
  'passcode_hash',
  'removed_at',
] as const;

/** The shops of staff members, by staff id, ordered by name. */
async function shopsOf(db: Db, staffIds: number[]): Promise<Map<number, (ShopRef & { id: number })[]>> {
  const out = new Map<number, (ShopRef & { id: number })[]>();
  if (staffIds.length === 0) return out;
  const rows = await db
    .selectFrom('staff_shops as ss')
    .innerJoin('shops as s', 's.id', 'ss.shop_id')
    .select(['ss.staff_id', 's.id', 's.uuid', 's.name'])
    .where('ss.staff_id', 'in', staffIds)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.staff_id) ?? [];
    list.push({ id: r.id, uuid: r.uuid, name: r.name });
    out.set(r.staff_id, list);
  }
  return out;
}

/** Whether `actor` manages `staff` (with its shop ids): an owner everyone; a manager their shops' cashiers. */
function manages(actor: OfficeActor, staff: { role: StaffRole }, shopIds: number[]): boolean {
  if (actor.role === 'owner') return true;
  return (
    actor.role === 'manager' && staff.role === 'cashier' && shopIds.some((id) => actor.shopIds.includes(id))
  );
}

/** A staff member as the office shows them to `actor` (a manager sees only their own shops). */
function view(actor: OfficeActor, row: StaffRow, shops: (ShopRef & { id: number })[]): OfficeStaff {
  const visible = actor.role === 'owner' ? shops : shops.filter((s) => actor.shopIds.includes(s.id));
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    role: row.role,
    shops: visible.map(({ uuid, name }) => ({ uuid, name })),
    has_passcode: row.passcode_hash !== null,
    has_password: row.password_hash !== null,
    removed_at: apiTimestamp(row.removed_at),
  };
}

/** What the audit log keeps of a staff member: no password, passcode or hash. */
function auditValues(row: StaffRow, shops: { uuid: string }[]): Record<string, unknown> {
  return {
    name: row.name,
    email: row.email,
    role: row.role,
    shops: shops.map((s) => s.uuid),
    has_passcode: row.passcode_hash !== null,
  };
}

/**
 * The staff `actor` manages (GET /office/api/staff): everyone for an owner, the cashiers of their
 * shops for a manager; removed ones too (with `removed_at`), the current ones first, by name.
 */
export async function listStaff(db: Db, actor: OfficeActor): Promise<OfficeStaff[]> {
  const rows = (await db
    .selectFrom('staff')
    .select(COLUMNS)
    .orderBy('name')
    .orderBy('id')
    .execute()) as StaffRow[];
  const shops = await shopsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) =>
      manages(
        actor,
        r,
        (shops.get(r.id) ?? []).map((s) => s.id),
      ),
    )
    .sort((a, b) => Number(a.removed_at !== null) - Number(b.removed_at !== null))
    .map((r) => view(actor, r, shops.get(r.id) ?? []));
}

/**
 * The shop ids of `uuids` that `actor` may give: any shop for an owner, only their own for a manager.
 * @throws ServiceError 1003 (HTTP 422) naming shop_uuids for an unknown shop (owner); 403
 * office_not_allowed for a shop a manager does not run.
 */
async function shopIdsToGive(db: Db, actor: OfficeActor, uuids: string[]): Promise<number[]> {
  const unique = [...new Set(uuids)];
  const rows =
    unique.length === 0
      ? []
      : await db.selectFrom('shops').select(['id', 'uuid']).where('uuid', 'in', unique).execute();
  const ids: number[] = [];
  for (const uuid of unique) {
    const row = rows.find((r) => r.uuid === uuid);
    if (!row || !(actor.role === 'owner' || actor.shopIds.includes(row.id))) {
      if (actor.role !== 'owner') throw notAllowed();
      throw fieldError('shop_uuids', `unknown shop ${uuid}`);
    }
    ids.push(row.id);
  }
  return ids;
}

/** @throws ServiceError 1003 (HTTP 422) naming shop_uuids when a manager or cashier gets no shop. */
function requireShops(role: StaffRole, shopIds: number[]): void {
  if (role !== 'owner' && shopIds.length === 0) {
    throw fieldError('shop_uuids', 'give a manager or cashier at least one shop');
  }
}

/** The account's row, locked: staff changes that count owners run one at a time. */
async function lockStaff(tx: Tx): Promise<void> {
  const account = await tx.db.selectFrom('account').select('id').executeTakeFirst();
  if (account) await tx.lock('account', account.id);
}

async function setShops(tx: Tx, staffId: number, shopIds: number[]): Promise<void> {
  await tx.db.deleteFrom('staff_shops').where('staff_id', '=', staffId).execute();
  for (const shopId of shopIds)
    await tx.db.insertInto('staff_shops').values({ staff_id: staffId, shop_id: shopId }).execute();
}

/**
 * Makes a staff member (POST /office/api/staff). An owner makes anyone; a manager only cashiers of
 * the shops they run. An owner or manager needs an e-mail address; a manager or cashier a shop.
 * Someone made with an address gets an invitation with a link to set their password (the caller
 * sends `mail` after the transaction). The passcode is stored as a hash.
 * @throws ServiceError 403 office_not_allowed (a manager making an owner or manager, or giving a
 * shop they do not run); 409 staff_email_taken; 422 naming email or shop_uuids.
 */
export async function createStaff(
  run: RunTx,
  actor: OfficeActor,
  input: StaffInput,
  portalUrl: string,
): Promise<{ staff: OfficeStaff; mail: OutgoingMail | null }> {
  if (actor.role !== 'owner' && input.role !== 'cashier') throw notAllowed();
  const email = input.email ? input.email.trim().toLowerCase() : null;
  if (input.role !== 'cashier' && !email) {
    throw fieldError('email', 'an owner or manager signs in to the office with an e-mail address');
  }
  const passcodeHash = input.passcode ? await hashSecret(input.passcode) : null;
  return run(async (tx) => {
    await lockStaff(tx);
    const shopIds = input.role === 'owner' ? [] : await shopIdsToGive(tx.db, actor, input.shop_uuids);
    requireShops(input.role, shopIds);
    const at = isoTimestamp(tx.now);
    const inserted = await tx.db
      .insertInto('staff')
      .values({
        uuid: randomUUID(),
        name: input.name,
        email,
        role: input.role,
        password_hash: null,
        passcode_hash: passcodeHash,
        created_at: at,
        updated_at: at,
        removed_at: null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!inserted) throw staffEmailTaken();
    const row = inserted as StaffRow;
    await setShops(tx, row.id, shopIds);
    const shops = (await shopsOf(tx.db, [row.id])).get(row.id) ?? [];
    await recordAudit(tx, officeAuditBy(actor), {
      action: 'staff.created',
      subjectType: 'staff',
      subjectUuid: row.uuid,
      shopId: shops[0]?.id ?? null,
      before: null,
      after: auditValues(row, shops),
    });
    const mail = email ? await invitationMail(tx, { id: row.id, name: row.name, email }, portalUrl) : null;
    return { staff: view(actor, row, shops), mail };
  });
}

/** The staff member `uuid` as `actor` may manage them, with their shops. @throws staff_not_found. */
async function managedStaff(tx: Tx, actor: OfficeActor, uuid: string) {
  const row = (await tx.db
    .selectFrom('staff')
    .select(COLUMNS)
    .where('uuid', '=', uuid)
    .where('removed_at', 'is', null)
    .executeTakeFirst()) as StaffRow | undefined;
  if (!row) throw staffNotFound();
  const shops = (await shopsOf(tx.db, [row.id])).get(row.id) ?? [];
  if (
    !manages(
      actor,
      row,
      shops.map((s) => s.id),
    )
  )
    throw staffNotFound();
  return { row, shops };
}

/** Owners not removed. */
async function ownerCount(tx: Tx): Promise<number> {
  const { n } = await tx.db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Changes a staff member (PUT /office/api/staff/{uuid}): name, role, shops, passcode (null removes
 * it). A manager changes only cashiers of their shops, keeps them cashiers, and sets only which of
 * their own shops they work in (their other shops stay).
 * @throws ServiceError 404 staff_not_found (unknown, removed, or not the caller's to manage); 403
 * office_not_allowed; 409 last_owner, staff_self (one's own role); 422 naming shop_uuids.
 */
export async function updateStaff(
  run: RunTx,
  actor: OfficeActor,
  uuid: string,
  change: StaffChange,
): Promise<OfficeStaff> {
  if (actor.role !== 'owner' && change.role !== undefined && change.role !== 'cashier') throw notAllowed();
  const passcodeHash = change.passcode ? await hashSecret(change.passcode) : change.passcode;
  return run(async (tx) => {
    await lockStaff(tx);
    const { row, shops } = await managedStaff(tx, actor, uuid);
    const role = change.role ?? row.role;
    if (role !== row.role) {
      if (row.role === 'owner' && (await ownerCount(tx)) <= 1) throw lastOwner();
      if (row.id === actor.staffId) throw staffSelf();
    }
    let shopIds = shops.map((s) => s.id);
    if (change.shop_uuids !== undefined) {
      const given = await shopIdsToGive(tx.db, actor, change.shop_uuids);
      const kept = actor.role === 'owner' ? [] : shopIds.filter((id) => !actor.shopIds.includes(id));
      shopIds = [...new Set([...kept, ...given])];
    }
    if (role === 'owner') shopIds = [];
    requireShops(role, shopIds);
    const at = isoTimestamp(tx.now);
    const next: StaffRow = {
      ...row,
      name: change.name ?? row.name,
      role,
      passcode_hash: passcodeHash === undefined ? row.passcode_hash : passcodeHash,
    };
    await tx.db
      .updateTable('staff')
      .set({
        name: next.name,
        role: next.role,
        passcode_hash: next.passcode_hash,
        ...(passcodeHash === undefined ? {} : { failed_passcodes: 0, passcode_locked_until: null }),
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    await setShops(tx, row.id, shopIds);
    const after = (await shopsOf(tx.db, [row.id])).get(row.id) ?? [];
    await recordAudit(tx, officeAuditBy(actor), {
      action: 'staff.updated',
      subjectType: 'staff',
      subjectUuid: row.uuid,
      shopId: after[0]?.id ?? shops[0]?.id ?? null,
      before: auditValues(row, shops),
      after: auditValues(next, after),
    });
    return view(actor, next, after);
  });
}

/**
 * Removes a staff member (POST /office/api/staff/{uuid}/remove): they can no longer sign in, their
 * office sessions and links end, their password and passcode go, and their e-mail address is freed;
 * their row stays for the audit log and the console's records.
 * @throws ServiceError 404 staff_not_found; 409 last_owner, staff_self.
 */
export async function removeStaff(run: RunTx, actor: OfficeActor, uuid: string): Promise<OfficeStaff> {
  return run(async (tx) => {
    await lockStaff(tx);
    const { row, shops } = await managedStaff(tx, actor, uuid);
    if (row.role === 'owner' && (await ownerCount(tx)) <= 1) throw lastOwner();
    if (row.id === actor.staffId) throw staffSelf();
    const at = isoTimestamp(tx.now);
    await tx.db
      .updateTable('staff')
      .set({ removed_at: at, updated_at: at, email: null, password_hash: null, passcode_hash: null })
      .where('id', '=', row.id)
      .execute();
    await endStaffSessions(tx, row.id);
    await recordAudit(tx, officeAuditBy(actor), {
      action: 'staff.removed',
      subjectType: 'staff',
      subjectUuid: row.uuid,
      shopId: shops[0]?.id ?? null,
      before: auditValues(row, shops),
      after: null,
    });
    return view(
      actor,
      { ...row, email: null, password_hash: null, passcode_hash: null, removed_at: at },
      shops,
    );
  });
}
