import { sql } from 'kysely';
import type { LiabilityReport, LiabilityRow } from '../../../contract/office-reports';
import type { Db } from '../../db/schema';
import type { OfficeActor } from '../office/access';
import { apiTimestamp, fromCenti } from '../shared/values';
import { addDays, dayStartText, shopDate } from './period';
import { reportScopeOf } from './scope';

/*
 * The liability (docs/office.md "Reports"): what the business owes its customers at the end of a
 * day, summed from the three ledgers themselves (schema.ts: every balance has a ledger whose rows
 * sum to it), never from the cached balances:
 * - credits: credit_entries; an entry belongs to the shop of its credit reception or reward
 *   reception (its `source_id`), an opening entry (fixture, import) to no shop;
 * - prepaid: prepaid_transactions, by their shop (null: opening, or a shop-less key);
 * - gift cards: giftcard_transactions, by their shop (null: a card's opening, or a shop-less key).
 * A shop's figure is so the net of what moved there: a customer who tops up in one shop and pays
 * in another leaves a plus in the first and a minus in the second; the shops and "no shop" add up
 * to the account's total exactly.
 */

/** Sums of one ledger by shop (null: no shop), as the database answers them. */
type ShopSums = Map<number | null, number>;

async function sums(rows: Promise<{ shop_id: number | string | null; total: number | string | null }[]>) {
  const map: ShopSums = new Map();
  for (const row of await rows) {
    const shop = row.shop_id === null ? null : Number(row.shop_id);
    map.set(shop, (map.get(shop) ?? 0) + Number(row.total ?? 0));
  }
  return map;
}

/**
 * The three ledgers summed by shop up to (not including) the stored timestamp `before`: credits
 * in centi-credits, prepaid and gift cards in cents.
 */
export async function ledgerSumsByShop(db: Db, before: string) {
  const creditShop = sql<number | null>`coalesce(cr.shop_id, rr.shop_id)`;
  const [credits, prepaid, giftcards] = await Promise.all([
    sums(
      db
        .selectFrom('credit_entries as e')
        .leftJoin('credit_receptions as cr', (j) =>
          j.onRef('cr.id', '=', 'e.source_id').on('e.source', '=', 'credit_reception'),
        )
        .leftJoin('reward_receptions as rr', (j) =>
          j.onRef('rr.id', '=', 'e.source_id').on('e.source', '=', 'reward_reception'),
        )
        .select([creditShop.as('shop_id'), sql<string>`sum(e.credits_centi)`.as('total')])
        .where('e.created_at', '<', before)
        .groupBy(creditShop)
        .execute(),
    ),
    sums(
      db
        .selectFrom('prepaid_transactions')
        .select(['shop_id', sql<string>`sum(amount_in_cents)`.as('total')])
        .where('created_at', '<', before)
        .groupBy('shop_id')
        .execute(),
    ),
    sums(
      db
        .selectFrom('giftcard_transactions')
        .select(['shop_id', sql<string>`sum(amount_in_cents)`.as('total')])
        .where('created_at', '<', before)
        .groupBy('shop_id')
        .execute(),
    ),
  ]);
  return { credits, prepaid, giftcards };
}

/**
 * Office GET /reports/liability: the outstanding credits, prepaid and gift-card balances at the
 * end of shop-local day `at` (default today), a row per shop of the scope (reportScopeOf), for the
 * account also the row of what no shop is attributed, and the total of the rows.
 * @throws ServiceError office_not_allowed (403), 1008 (404) as reportScopeOf.
 */
export async function liabilityReport(
  db: Db,
  actor: OfficeActor,
  query: { shopUuid?: string | undefined; at?: string | undefined },
  now: Date,
): Promise<LiabilityReport> {
  const scope = await reportScopeOf(db, actor, query.shopUuid);
  const at = query.at ?? shopDate(now);
  const before = dayStartText(addDays(at, 1));
  const ledgers = await ledgerSumsByShop(db, before);
  const row = (kind: LiabilityRow['kind'], shop: LiabilityRow['shop'], id: number | null): LiabilityRow => ({
    kind,
    shop,
    credits: fromCenti(ledgers.credits.get(id) ?? 0),
    prepaid_in_cents: ledgers.prepaid.get(id) ?? 0,
    giftcards_in_cents: ledgers.giftcards.get(id) ?? 0,
  });
  const rows = scope.shops.map((s) => row('shop', { uuid: s.uuid, name: s.name }, s.id));
  if (scope.kind === 'account') {
    // What no shop is attributed, and what an unknown shop id would leave (none: shops are never deleted).
    const known = new Set(scope.shops.map((s) => s.id));
    const rest = (m: Map<number | null, number>) =>
      [...m].filter(([id]) => id === null || !known.has(id)).reduce((sum, [, v]) => sum + v, 0);
    rows.push({
      kind: 'no_shop',
      shop: null,
      credits: fromCenti(rest(ledgers.credits)),
      prepaid_in_cents: rest(ledgers.prepaid),
      giftcards_in_cents: rest(ledgers.giftcards),
    });
  }
  const centi = (r: LiabilityRow) => Math.round(r.credits * 100);
  const total: LiabilityRow = {
    kind: 'total',
    shop: null,
    credits: fromCenti(rows.reduce((sum, r) => sum + centi(r), 0)),
    prepaid_in_cents: rows.reduce((sum, r) => sum + r.prepaid_in_cents, 0),
    giftcards_in_cents: rows.reduce((sum, r) => sum + r.giftcards_in_cents, 0),
  };
  return { at, ends_at: apiTimestamp(before), scope: scope.kind, rows: [...rows, total] };
}
