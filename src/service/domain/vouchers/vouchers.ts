import type { Selectable } from 'kysely';
import type {
  CreateVoucherBody,
  ListVouchersQuery,
  RedeemVoucherBody,
  ReleasedVoucher,
  Voucher,
  VoucherListMeta,
  VoucherLock,
  VoucherStatus,
} from '../../../contract/public/vouchers';
import type { Db, VoucherTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { resolveShop } from '../account/shops';
import { contactByUuid } from '../contacts/contacts';
import { type Actor, actsForShop } from '../shared/actor';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { pageMeta, paginatorMeta } from '../shared/pagination';
import { hashToken, newCode, newSecret } from '../shared/tokens';
import { apiTimestamp, isoTimestamp, jsonObject, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import { type PromotionRow, promotionByUuid, promotionView } from './promotions';

/** A voucher row as stored; its `status` may be out of date (see voucherStatusAt). */
export type VoucherRow = Selectable<VoucherTable>;

/** How long a lock holds a voucher before it counts as released (extensions.md "Vouchers"). */
export const VOUCHER_LOCK_MS = 60 * 60_000;

// Statuses under which a voucher can still be used (locked: with its release key).
const USABLE: VoucherStatus[] = ['ACTIVE', 'LOCKED'];

function lockHeld(row: VoucherRow, now: Date): boolean {
  return row.status === 'LOCKED' && row.locked_until !== null && Date.parse(row.locked_until) > now.getTime();
}

/**
 * A voucher's status at `now`: an active or locked voucher past its expiration date is EXPIRED,
 * a lock older than an hour counts as released (ACTIVE); otherwise the stored status.
 */
export function voucherStatusAt(row: VoucherRow, now: Date): VoucherStatus {
  if (
    USABLE.includes(row.status) &&
    row.expiration_date !== null &&
    Date.parse(row.expiration_date) < now.getTime()
  ) {
    return 'EXPIRED';
  }
  if (row.status === 'LOCKED' && !lockHeld(row, now)) return 'ACTIVE';
  return row.status;
}

/** Spec "Voucher" for rows (one query for their promotions, one for their contacts), in their order. */
export async function voucherViews(db: Db, rows: VoucherRow[], now: Date): Promise<Voucher[]> {
  if (rows.length === 0) return [];
  const promotionIds = [...new Set(rows.map((r) => r.promotion_id))];
  const contactIds = [...new Set(rows.map((r) => r.contact_id).filter((id) => id !== null))];
  const [promotions, contacts] = await Promise.all([
    db.selectFrom('promotions').selectAll().where('id', 'in', promotionIds).execute(),
    contactIds.length === 0
      ? []
      : db.selectFrom('contacts').select(['id', 'uuid', 'email']).where('id', 'in', contactIds).execute(),
  ]);
  const promotionById = new Map(promotions.map((p) => [p.id, p]));
  const contactById = new Map(contacts.map((c) => [c.id, { uuid: c.uuid, email: c.email }]));
  return rows.map((row) => {
    const promotion = promotionById.get(row.promotion_id)!;
    const view = promotionView(promotion);
    const status = voucherStatusAt(row, now);
    return {
      uuid: row.uuid,
      code: row.code,
      status,
      name: promotion.name,
      description: promotion.description,
      expiration_date: apiTimestamp(row.expiration_date),
      activation_date: apiTimestamp(row.activation_date),
      redeemed_at: apiTimestamp(row.redeemed_at),
      is_redeemed: status === 'REDEEMED',
      attributes: jsonObject(row.attributes),
      contact: row.contact_id === null ? null : (contactById.get(row.contact_id) ?? null),
      promotion: { ...view.attributes, ...view, shipping: null, shipping_region: null },
    };
  });
}

/** Spec "Voucher" for one row. */
export async function voucherView(db: Db, row: VoucherRow, now: Date): Promise<Voucher> {
  return (await voucherViews(db, [row], now))[0]!;
}

/** A voucher by uuid. @throws ServiceError 80004 when there is none. */
export async function voucherByUuid(db: Db, uuid: string): Promise<VoucherRow> {
  const row = await db.selectFrom('vouchers').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw new ServiceError(80004);
  return row;
}

/** A voucher by its code (extension GET /vouchers/find). @throws ServiceError 80004 when there is none. */
export async function voucherByCode(db: Db, code: string): Promise<VoucherRow> {
  const row = await db.selectFrom('vouchers').selectAll().where('code', '=', code.trim()).executeTakeFirst();
  if (!row) throw new ServiceError(80004);
  return row;
}

// Filtering on the status at `now` needs these stored statuses (an ACTIVE one may now be EXPIRED…).
const STORED_FOR: Record<VoucherStatus, VoucherStatus[]> = {
  ACTIVE: ['ACTIVE', 'LOCKED'],
  LOCKED: ['LOCKED'],
  EXPIRED: ['EXPIRED', 'ACTIVE', 'LOCKED'],
  REDEEMED: ['REDEEMED'],
  DEACTIVATED: ['DEACTIVATED'],
  INACTIVE: ['INACTIVE'],
};

/**
 * One page of vouchers, oldest first (spec "Promotions and vouchers" GET /vouchers), filtered by
 * promotion, contact and the status at `now` (an unknown promotion or contact matches nothing),
 * with the paginated-list meta `{page, limit, viewing_from, viewing_to, last_page, total}` and the
 * real platform's `{current_page, per_page, from, to}`.
 * `limit` 0 gives an empty page with the total.
 */
export async function listVouchers(
  db: Db,
  filters: Pick<ListVouchersQuery, 'promotion_uuid' | 'contact_uuid' | 'status'> & {
    page: number;
    limit: number;
  },
  now: Date,
): Promise<{ items: Voucher[]; meta: VoucherListMeta }> {
  let base = db.selectFrom('vouchers');
  if (filters.promotion_uuid !== undefined) {
    const uuid = filters.promotion_uuid;
    base = base.where('promotion_id', 'in', (eb) =>
      eb.selectFrom('promotions').select('id').where('uuid', '=', uuid),
    );
  }
  if (filters.contact_uuid !== undefined) {
    const uuid = filters.contact_uuid;
    base = base.where('contact_id', 'in', (eb) =>
      eb.selectFrom('contacts').select('id').where('uuid', '=', uuid),
    );
  }
  const offset = (filters.page - 1) * filters.limit;
  let total: number;
  let rows: VoucherRow[];
  if (filters.status === undefined) {
    total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    rows = await base.selectAll().orderBy('id').limit(filters.limit).offset(offset).execute();
  } else {
    // Stored timestamps carry their own offsets, so the status at `now` is decided here, not in SQL.
    const wanted = filters.status;
    const candidates = await base
      .selectAll()
      .where('status', 'in', STORED_FOR[wanted])
      .orderBy('id')
      .execute();
    const matching = candidates.filter((row) => voucherStatusAt(row, now) === wanted);
    total = matching.length;
    rows = matching.slice(offset, offset + filters.limit);
  }
  const items = await voucherViews(db, rows, now);
  return {
    items,
    meta: {
      ...pageMeta(filters.page, filters.limit, total, items.length),
      ...paginatorMeta(filters.page, filters.limit, total, items.length),
    },
  };
}

/** 80006 that remembers its voucher, so that recordingVoucherExpiry can store the EXPIRED status. */
export class VoucherExpiredError extends ServiceError {
  constructor(readonly voucherId: number) {
    super(80006);
  }
}

/** Runs a unit of work in a transaction (the app's `tx`). */
export type TxRunner = <R>(work: (tx: Tx) => Promise<R>) => Promise<R>;

/**
 * Runs a voucher write (lock, redeem) with `run`; when it fails because the voucher has expired,
 * stores the EXPIRED status in a transaction of its own (the failed one rolled back) with `record`
 * (a plain transaction, so an Idempotency-Key of `run` is not spent on it) and rethrows.
 */
export async function recordingVoucherExpiry<T>(
  run: TxRunner,
  work: (tx: Tx) => Promise<T>,
  record: TxRunner = run,
): Promise<T> {
  try {
    return await run(work);
  } catch (err) {
    if (err instanceof VoucherExpiredError) {
      await record((tx) =>
        tx.db
          .updateTable('vouchers')
          .set({ status: 'EXPIRED', release_key_hash: null, locked_until: null })
          .where('id', '=', err.voucherId)
          .where('status', 'in', USABLE)
          .execute(),
      );
    }
    throw err;
  }
}

// The voucher locked for this transaction and read again, so its rules hold against concurrent writes.
async function lockedVoucher(tx: Tx, id: number): Promise<VoucherRow> {
  await tx.lock('vouchers', id);
  return tx.db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Refuses a voucher that cannot be used now: 80005 redeemed, 80006 expired, 80012, 80014. */
function assertUsable(row: VoucherRow, status: VoucherStatus, now: Date): void {
  if (status === 'REDEEMED') throw new ServiceError(80005);
  if (status === 'EXPIRED') throw new VoucherExpiredError(row.id);
  if (status === 'DEACTIVATED') throw new ServiceError(80012);
  if (status === 'INACTIVE') throw new ServiceError(80014);
  if (row.activation_date !== null && Date.parse(row.activation_date) > now.getTime()) {
    throw new ServiceError(80014, { detail: 'Voucher is not active yet' });
  }
}

/**
 * Refuses a voucher that cannot be redeemed now without a release key, with redeem's own codes and
 * in its order: 80017 locked, 80005 redeemed, 80006 expired, 80012 deactivated, 80014 inactive or
 * not active yet. Reads only (the redemption checks again under its lock).
 */
export function assertRedeemableNow(row: VoucherRow, now: Date): void {
  const status = voucherStatusAt(row, now);
  if (status === 'LOCKED') throw new ServiceError(80017);
  assertUsable(row, status, now);
}

/**
 * Locks a voucher for one hour (extensions.md "Vouchers"): while locked it can be redeemed or
 * released only with the returned release key (stored as a hash only). Answers the key and the end
 * of the lock, and the real platform's `{voucher, lock}`.
 * @throws ServiceError 80004, 80017 (locked and the lock still holds), 80005, 80006, 80012, 80014.
 */
export async function lockVoucher(tx: Tx, uuid: string): Promise<VoucherLock> {
  const row = await lockedVoucher(tx, (await voucherByUuid(tx.db, uuid)).id);
  const status = voucherStatusAt(row, tx.now);
  if (status === 'LOCKED') throw new ServiceError(80017);
  assertUsable(row, status, tx.now);
  const releaseKey = newSecret();
  const lockedUntil = isoTimestamp(new Date(tx.now.getTime() + VOUCHER_LOCK_MS));
  const locked = await tx.db
    .updateTable('vouchers')
    .set({ status: 'LOCKED', release_key_hash: hashToken(releaseKey), locked_until: lockedUntil })
    .where('id', '=', row.id)
    .where('status', 'in', USABLE)
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    release_key: releaseKey,
    locked_until: apiTimestamp(lockedUntil),
    voucher: await voucherView(tx.db, locked, tx.now),
    lock: {
      release_key: releaseKey,
      locked_at: apiTimestamp(isoTimestamp(tx.now)),
      unlocked_at: null,
      system_release_at: apiTimestamp(lockedUntil),
    },
  };
}

function assertReleaseKey(row: VoucherRow, releaseKey: string): void {
  if (hashToken(releaseKey) !== row.release_key_hash) {
    invalidField('release_key', 'The release key does not match the lock of this voucher.', {
      reason: 'voucher_release_key_wrong',
    });
  }
}

/**
 * Releases a locked voucher with its release key: back to ACTIVE. Answers the voucher, and the real
 * platform's `{voucher, lock}` with the lock's start and end.
 * @throws ServiceError 80004; 1003 when the voucher is not locked (or the lock has run out), or
 * naming release_key when the key is wrong.
 */
export async function releaseVoucher(tx: Tx, uuid: string, releaseKey: string): Promise<ReleasedVoucher> {
  const row = await lockedVoucher(tx, (await voucherByUuid(tx.db, uuid)).id);
  if (!lockHeld(row, tx.now)) throw refusal('voucher_not_locked', 'Voucher is not locked');
  assertReleaseKey(row, releaseKey);
  const released = await tx.db
    .updateTable('vouchers')
    .set({ status: 'ACTIVE', release_key_hash: null, locked_until: null })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const view = await voucherView(tx.db, released, tx.now);
  const lockedAt = new Date(Date.parse(row.locked_until!) - VOUCHER_LOCK_MS);
  return {
    ...view,
    voucher: view,
    lock: {
      release_key: releaseKey,
      locked_at: apiTimestamp(isoTimestamp(lockedAt)),
      unlocked_at: apiTimestamp(isoTimestamp(tx.now)),
      system_release_at: null,
    },
  };
}

/**
 * Redeems a voucher by code at a shop (extensions.md "Vouchers"): ACTIVE (or LOCKED, with its
 * release key) → REDEEMED with `redeemed_at`. A voucher linked to nobody needs `contact_uuid` and is
 * then linked to that contact, unless the contact already holds the promotion's `limit_per_contact`
 * vouchers. Locks the voucher and updates it conditionally: of concurrent redemptions one wins,
 * the others get 80005.
 * @throws ServiceError 80004, 1008, 80005, 80006, 80012, 80014, 80017 (locked, no key given),
 * 55031, 1003 (wrong release_key; contact_uuid missing, another contact's voucher, or the limit
 * per contact reached). With `shopOptional` (the OAuth surface, whose PHP SDK redeem sends no shop)
 * a credential bound to no shop may leave the shop out: the redemption then records none.
 */
export async function redeemVoucher(
  tx: Tx,
  actor: Actor,
  input: RedeemVoucherBody,
  options: { shopOptional?: boolean } = {},
): Promise<Voucher> {
  const found = await voucherByCode(tx.db, input.code);
  const shop =
    options.shopOptional && input.shop_uuid === undefined && actor.shopId === null
      ? null
      : await resolveShop(tx.db, actor, input.shop_uuid);
  const row = await lockedVoucher(tx, found.id);
  const status = voucherStatusAt(row, tx.now);
  if (status === 'LOCKED') {
    if (input.release_key === undefined) throw new ServiceError(80017);
    assertReleaseKey(row, input.release_key);
  }
  assertUsable(row, status, tx.now);
  const contact =
    input.contact_uuid === undefined ? undefined : await contactByUuid(tx.db, input.contact_uuid);
  let contactId = row.contact_id;
  if (contactId === null) {
    if (!contact) {
      invalidField(
        'contact_uuid',
        'The contact uuid field is required when the voucher is not linked to a contact.',
      );
    }
    await assertBelowLimitPerContact(tx, row.promotion_id, contact.id);
    contactId = contact.id;
  } else if (contact && contact.id !== contactId) {
    invalidField('contact_uuid', 'The voucher belongs to another contact.', {
      reason: 'voucher_someone_else',
    });
  }
  const redeemed = await tx.db
    .updateTable('vouchers')
    .set({
      status: 'REDEEMED',
      redeemed_at: isoTimestamp(tx.now),
      redeemed_shop_id: shop?.id ?? null,
      contact_id: contactId,
      release_key_hash: null,
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where('status', 'in', USABLE)
    .returningAll()
    .executeTakeFirst();
  if (!redeemed) throw new ServiceError(80005);
  const view = await voucherView(tx.db, redeemed, tx.now);
  await recordWebhookEvent(tx, 'voucher_redeemed', view);
  return view;
}

/**
 * Reverses a redemption (extensions.md "Vouchers"): REDEEMED → ACTIVE, `redeemed_at` cleared; the
 * voucher stays linked to its contact. A shop-bound key reverses only redemptions at its shop
 * (actsForShop; a redemption that recorded no shop is none of its).
 * @throws ServiceError 80004 unknown, or redeemed at another shop; 1003 when the voucher is not redeemed.
 */
export async function reverseVoucherRedemption(tx: Tx, actor: Actor, uuid: string): Promise<Voucher> {
  const row = await lockedVoucher(tx, (await voucherByUuid(tx.db, uuid)).id);
  // Another shop's redemption answers as an unknown voucher (docs/trust-model.md).
  if (row.status === 'REDEEMED' && !actsForShop(actor, row.redeemed_shop_id)) throw new ServiceError(80004);
  if (row.status !== 'REDEEMED') {
    throw refusal('voucher_not_redeemed', 'Only a redeemed voucher can be reversed');
  }
  const reversed = await tx.db
    .updateTable('vouchers')
    .set({ status: 'ACTIVE', redeemed_at: null, redeemed_shop_id: null })
    .where('id', '=', row.id)
    .where('status', '=', 'REDEEMED')
    .returningAll()
    .executeTakeFirstOrThrow();
  return voucherView(tx.db, reversed, tx.now);
}

/**
 * Refuses a voucher of a promotion to a contact who holds its `limit_per_contact` vouchers already.
 * Locks the contact first, so that concurrent links and creations count each other.
 * @throws ServiceError 1003 (reason voucher_limit_reached) naming contact_uuid.
 */
async function assertBelowLimitPerContact(tx: Tx, promotionId: number, contactId: number): Promise<void> {
  await tx.lock('contacts', contactId);
  const { limit_per_contact: limit } = await tx.db
    .selectFrom('promotions')
    .select('limit_per_contact')
    .where('id', '=', promotionId)
    .executeTakeFirstOrThrow();
  if (limit === null) return;
  const { n } = await tx.db
    .selectFrom('vouchers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where('contact_id', '=', contactId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= limit) {
    throw refusal('voucher_limit_reached', 'Limit per contact reached', {
      fields: {
        contact_uuid: [
          `The contact already holds ${limit} voucher(s) of this promotion, its limit per contact.`,
        ],
      },
    });
  }
}

/**
 * Creates one ACTIVE voucher of a promotion (extension POST /vouchers, the PHP SDK's
 * `voucher->create()`): with the given code or a new one (`V-` and 10 letters/digits), linked to
 * `contact_uuid` or to nobody, expiring at `expiration_date` or the promotion's expiration_duration
 * days from now. The promotion's voucher_limit and limit_per_contact hold against concurrent calls.
 * @throws ServiceError 80002 unknown promotion, 55031 unknown contact; 1003 naming `code` (HTTP
 * 409, taken), `promotion_uuid` (voucher_limit reached), `expiration_date` (before activation),
 * or `contact_uuid` (reason voucher_limit_reached).
 */
export async function createVoucher(tx: Tx, input: CreateVoucherBody): Promise<Voucher> {
  const found = await promotionByUuid(tx.db, input.promotion_uuid);
  const contact =
    input.contact_uuid === undefined ? undefined : await contactByUuid(tx.db, input.contact_uuid);
  await tx.lock('promotions', found.id);
  const promotion = await promotionByUuid(tx.db, input.promotion_uuid);
  await assertRoomForVouchers(tx, promotion, 1, 'promotion_uuid');
  if (contact) await assertBelowLimitPerContact(tx, promotion.id, contact.id);
  const expiration =
    input.expiration_date !== undefined
      ? input.expiration_date
      : promotion.expiration_duration === null
        ? null
        : isoTimestamp(new Date(tx.now.getTime() + promotion.expiration_duration * 86_400_000));
  const activation = input.activation_date ?? null;
  if (expiration !== null && activation !== null && Date.parse(expiration) < Date.parse(activation)) {
    invalidField('expiration_date', 'The expiration date must not be before the activation date.');
  }
  for (;;) {
    const row = await tx.db
      .insertInto('vouchers')
      .values({
        uuid: newUuid(),
        promotion_id: promotion.id,
        code: input.code ?? newCode('V-', 10),
        contact_id: contact?.id ?? null,
        status: 'ACTIVE',
        expiration_date: expiration,
        activation_date: activation,
        redeemed_at: null,
        redeemed_shop_id: null,
        release_key_hash: null,
        locked_until: null,
        attributes: '{}',
        created_at: isoTimestamp(tx.now),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return voucherView(tx.db, row, tx.now);
    if (input.code !== undefined) {
      invalidField('code', 'A voucher with this code already exists.', { status: 409 });
    }
  }
}

/**
 * Refuses `adding` vouchers more than the promotion's `voucher_limit` allows (none: no limit). Call
 * it with the promotion locked (`tx.lock('promotions', id)`), so that concurrent creations count
 * each other. @throws ServiceError 1003 (422) naming `field`.
 */
export async function assertRoomForVouchers(
  tx: Tx,
  promotion: Pick<PromotionRow, 'id' | 'voucher_limit'>,
  adding: number,
  field: string,
): Promise<void> {
  if (promotion.voucher_limit === null) return;
  const { n } = await tx.db
    .selectFrom('vouchers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotion.id)
    .executeTakeFirstOrThrow();
  if (Number(n) + adding > promotion.voucher_limit) {
    const room = Math.max(0, promotion.voucher_limit - Number(n));
    invalidField(
      field,
      Number(n) >= promotion.voucher_limit
        ? `The promotion has its ${promotion.voucher_limit} vouchers already.`
        : `The promotion may have ${promotion.voucher_limit} vouchers: ${room} more at most.`,
    );
  }
}
