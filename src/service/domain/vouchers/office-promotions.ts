import type {
  OfficePromotion,
  PromotionRequest,
  VoucherBatch,
  VoucherBatchRequest,
} from '../../../contract/office-programme-rules';
import { VOUCHER_BATCH_MAX } from '../../../contract/office-programme-rules';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { csvText } from '../shared/csv';
import { assertNoFieldErrors, invalidField } from '../shared/errors';
import { newCode } from '../shared/tokens';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { createPromotion, type PromotionRow, promotionByUuid } from './promotions';
import { assertRoomForVouchers, voucherStatusAt } from './vouchers';

/*
 * Promotions and their vouchers as the office runs them (docs/office.md "Earning and promotions"):
 * the owner adds and changes a promotion, makes a batch of voucher codes for it and exports its
 * codes as a CSV file for a printer or a mailing. The codes are bearer values (whoever has one may
 * redeem it), so only the owner makes and exports them, and each export is in the audit log.
 * The vouchers are redeemed through the existing voucher API (vouchers.ts redeemVoucher).
 */

/** Letters and digits of a batch code after its `V-`: 31^12, about 2^59 codes, without look-alikes. */
const BATCH_CODE_LENGTH = 12;
/** Rows inserted per statement (PostgreSQL's parameter limit is far above 13 × this). */
const INSERT_CHUNK = 500;

const audited = (p: PromotionRow) => ({
  name: p.name,
  description: p.description,
  voucher_limit: p.voucher_limit,
  limit_per_contact: p.limit_per_contact,
  expiration_duration: p.expiration_duration,
});

async function audit(
  tx: Tx,
  actor: OfficeActor,
  action: string,
  uuid: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  await recordAudit(tx, officeAuditBy(actor), {
    action,
    subjectType: 'account',
    subjectUuid: uuid,
    shopId: null,
    before,
    after,
  });
}

/** Office GET /promotions: every promotion, oldest first, with its vouchers and redeemed counts. */
export async function officePromotions(db: Db): Promise<OfficePromotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id').execute();
  const counts = await db
    .selectFrom('vouchers')
    .select([
      'promotion_id',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) =>
        eb.fn.sum<number>(eb.case().when('status', '=', 'REDEEMED').then(1).else(0).end()).as('redeemed'),
    ])
    .groupBy('promotion_id')
    .execute();
  const byId = new Map(counts.map((c) => [c.promotion_id, c]));
  return rows.map((row) =>
    promotionAnswer(row, Number(byId.get(row.id)?.n ?? 0), Number(byId.get(row.id)?.redeemed ?? 0)),
  );
}

function promotionAnswer(row: PromotionRow, vouchers: number, redeemed: number): OfficePromotion {
  return { uuid: row.uuid, ...audited(row), vouchers, redeemed };
}

/** A promotion's values checked: name required; limits 1 or more (or none); expiration 1–36,500 days. */
function checked(input: PromotionRequest) {
  const fields: Record<string, string[]> = {};
  const name = input.name.trim();
  if (!name) fields.name = ['A promotion needs a name.'];
  const positive = (field: 'voucher_limit' | 'limit_per_contact', max: number) => {
    const value = input[field] ?? null;
    if (value !== null && (value < 1 || value > max))
      fields[field] = [`Must be 1 to ${max}, or empty for no limit.`];
    return value;
  };
  const voucherLimit = positive('voucher_limit', 10_000_000);
  const perContact = positive('limit_per_contact', 1000);
  const days = input.expiration_duration ?? null;
  if (days !== null && (days < 1 || days > 36_500))
    fields.expiration_duration = ['Must be 1 to 36500 days, or empty for vouchers without an end.'];
  assertNoFieldErrors(fields);
  return {
    name,
    description: input.description?.trim() || null,
    voucher_limit: voucherLimit,
    limit_per_contact: perContact,
    expiration_duration: days,
  };
}

/**
 * Adds a promotion (owner only) through createPromotion (promotions.ts), checked first. Recorded
 * as `promotion.created`. @throws ServiceError office_not_allowed (403); 1003 naming each wrong field.
 */
export async function officeCreatePromotion(
  tx: Tx,
  actor: OfficeActor,
  input: PromotionRequest,
): Promise<OfficePromotion> {
  requireOwner(actor);
  const made = await createPromotion(tx, checked(input));
  const row = await promotionByUuid(tx.db, made.uuid);
  await audit(tx, actor, 'promotion.created', row.uuid, null, audited(row));
  return promotionAnswer(row, 0, 0);
}

/**
 * Changes a promotion (owner only): name, description, limits, expiration duration (for vouchers
 * made from now on; existing vouchers keep their date). A voucher limit below the vouchers it has
 * is refused. Recorded as `promotion.changed`.
 * @throws ServiceError office_not_allowed (403), 80002 (unknown), 1003 naming each wrong field.
 */
export async function officeChangePromotion(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: PromotionRequest,
): Promise<OfficePromotion> {
  requireOwner(actor);
  const found = await promotionByUuid(tx.db, uuid);
  await tx.lock('promotions', found.id);
  const before = await promotionByUuid(tx.db, uuid);
  const values = checked(input);
  const counts = await tx.db
    .selectFrom('vouchers')
    .select([
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) =>
        eb.fn.sum<number>(eb.case().when('status', '=', 'REDEEMED').then(1).else(0).end()).as('redeemed'),
    ])
    .where('promotion_id', '=', before.id)
    .executeTakeFirstOrThrow();
  const vouchers = Number(counts.n);
  if (values.voucher_limit !== null && values.voucher_limit < vouchers)
    invalidField(
      'voucher_limit',
      `The promotion has ${vouchers} vouchers already: the limit cannot be lower.`,
    );
  const row = await tx.db
    .updateTable('promotions')
    .set(values)
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(tx, actor, 'promotion.changed', uuid, audited(before), audited(row));
  return promotionAnswer(row, vouchers, Number(counts.redeemed ?? 0));
}

/**
 * Makes `count` (1 to VOUCHER_BATCH_MAX) new ACTIVE vouchers of a promotion, linked to nobody (a
 * customer's first redemption links them), owner only. Each code is `V-` and 12 random letters and
 * digits without look-alikes (crypto random, about 59 bits: unguessable), unique in the account
 * (the database's unique code; a clash is drawn again). They expire at `expiration_date`, else
 * after the promotion's expiration_duration days, else never. The promotion's voucher_limit holds
 * (the promotion locked). Recorded as `promotion.vouchers_made` with the count (never the codes).
 * @throws ServiceError office_not_allowed (403), 80002 (unknown), 1003 naming count or expiration_date.
 */
export async function makeVoucherBatch(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: VoucherBatchRequest,
): Promise<VoucherBatch> {
  requireOwner(actor);
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > VOUCHER_BATCH_MAX)
    invalidField('count', `Must be 1 to ${VOUCHER_BATCH_MAX} codes in one batch.`);
  let expiration: string | null = null;
  if (input.expiration_date) {
    const at = Date.parse(input.expiration_date);
    if (Number.isNaN(at)) invalidField('expiration_date', 'Must be a date and time, ISO 8601.');
    if (at <= tx.now.getTime()) invalidField('expiration_date', 'Must be in the future.');
    expiration = isoTimestamp(new Date(at));
  }
  const found = await promotionByUuid(tx.db, uuid);
  await tx.lock('promotions', found.id);
  const promotion = await promotionByUuid(tx.db, uuid);
  await assertRoomForVouchers(tx, promotion, input.count, 'count');
  if (expiration === null && promotion.expiration_duration !== null)
    expiration = isoTimestamp(new Date(tx.now.getTime() + promotion.expiration_duration * 86_400_000));
  const created = isoTimestamp(tx.now);
  const codes: string[] = [];
  while (codes.length < input.count) {
    const wanted = Math.min(INSERT_CHUNK, input.count - codes.length);
    const drawn = new Set<string>();
    while (drawn.size < wanted) drawn.add(newCode('V-', BATCH_CODE_LENGTH));
    const rows = await tx.db
      .insertInto('vouchers')
      .values(
        [...drawn].map((code) => ({
          uuid: newUuid(),
          promotion_id: promotion.id,
          code,
          contact_id: null,
          status: 'ACTIVE' as const,
          expiration_date: expiration,
          activation_date: null,
          redeemed_at: null,
          redeemed_shop_id: null,
          release_key_hash: null,
          locked_until: null,
          attributes: '{}',
          created_at: created,
        })),
      )
      // A code some voucher has already is skipped here and drawn again in the next round.
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .execute();
    codes.push(...rows.map((r) => r.code));
  }
  await audit(tx, actor, 'promotion.vouchers_made', uuid, null, {
    count: codes.length,
    expiration_date: apiTimestamp(expiration),
  });
  return { promotion_uuid: uuid, count: codes.length, codes, expiration_date: apiTimestamp(expiration) };
}

/** The columns of a voucher export, in order. */
export const VOUCHER_CSV_COLUMNS = [
  'code',
  'promotion',
  'status',
  'expiration_date',
  'redeemed_at',
  'created_at',
];

/**
 * Every voucher of a promotion as a CSV file (owner only), oldest first: RFC 4180 (comma, CRLF,
 * fields with a comma, quote or line break quoted, quotes doubled; papaparse `unparse`), UTF-8 with
 * a byte order mark so that a spreadsheet reads its letters right, one header row
 * (VOUCHER_CSV_COLUMNS). A cell that a spreadsheet would run as a formula (starting with = + - @)
 * is prefixed with `'`. Status as at now (an expired voucher says EXPIRED). No customer data.
 * Recorded as `promotion.vouchers_exported` with the count.
 * @throws ServiceError office_not_allowed (403), 80002 (unknown).
 */
export async function exportVouchers(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
): Promise<{ filename: string; csv: string; count: number }> {
  requireOwner(actor);
  const promotion = await promotionByUuid(tx.db, uuid);
  const rows = await tx.db
    .selectFrom('vouchers')
    .selectAll()
    .where('promotion_id', '=', promotion.id)
    .orderBy('id')
    .execute();
  const csv = csvText(
    VOUCHER_CSV_COLUMNS,
    rows.map((row) => [
      row.code,
      promotion.name,
      voucherStatusAt(row, tx.now),
      apiTimestamp(row.expiration_date) ?? '',
      apiTimestamp(row.redeemed_at) ?? '',
      apiTimestamp(row.created_at),
    ]),
  );
  await audit(tx, actor, 'promotion.vouchers_exported', uuid, null, { count: rows.length });
  const day = isoTimestamp(tx.now).slice(0, 10);
  // The file's name: the promotion's uuid (a name may hold anything), never a code.
  return { filename: `vouchers-${promotion.uuid}-${day}.csv`, csv, count: rows.length };
}
