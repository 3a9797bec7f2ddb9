/*
 * A contact's activity as the customer reads it (the v1 component and /me/): credits, rewards,
 * prepaid and gift-card payments, newest first.
 */
import type { PortalActivity } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import { sessionGiftcardTransactions } from '../portal-sessions/payments';
import { apiTimestamp, fromCenti } from '../shared/values';

/**
 * A line of a contact's activity with what the office needs beside the customer's words
 * (docs/office.md "Customer service"): the shop's id (a manager reads their shops' lines), whether
 * the line was reversed or is itself a reversal (a reversed credit reception, a reward's credits
 * returned, a prepaid or gift-card reversal), and the reason of an office points correction.
 */
export interface ActivityLine extends PortalActivity {
  shopId: number | null;
  reversed: boolean;
  isReversal: boolean;
  /** The reason given for an office points correction (this line's credit reception); else null. */
  correctionReason: string | null;
}

/**
 * A contact's newest `limit` lines of activity, newest first, as sessionActivity words them (the
 * v1 component and /me/).
 */
export async function contactActivity(db: Db, contactId: number, limit: number): Promise<PortalActivity[]> {
  return (await contactActivityLines(db, contactId, limit, {})).map(
    ({ shopId: _s, reversed: _r, isReversal: _i, correctionReason: _c, ...line }) => line,
  );
}

/**
 * contactActivity's lines with the office's facts (ActivityLine), newest first, at most `limit`.
 * `shopIds` given: only the lines of those shops (a manager's). `giftcardReversals`: also the
 * reversals of the gift-card transactions shown (made outside a portal session, e.g. in the office).
 */
export async function contactActivityLines(
  db: Db,
  contactId: number,
  limit: number,
  options: { shopIds?: readonly number[]; giftcardReversals?: boolean },
): Promise<ActivityLine[]> {
  const { shopIds } = options;
  const [credits, rewards, prepaid, sessions] = await Promise.all([
    db
      .selectFrom('credit_receptions as c')
      .leftJoin('shops as s', 's.id', 'c.shop_id')
      .leftJoin('reward_receptions as r', 'r.reversed_by_credit_reception_id', 'c.id')
      .leftJoin('credit_receptions as v', 'v.reverses_id', 'c.id')
      .leftJoin('credit_corrections as k', 'k.credit_reception_id', 'c.id')
      .select([
        'c.uuid',
        'c.created_at',
        'c.credits_centi',
        'c.shop_id',
        'c.reverses_id',
        's.name as shop',
        'r.id as reversed_reward',
        'v.id as reversed_by',
        'k.reason',
      ])
      .where('c.contact_id', '=', contactId)
      .$if(shopIds !== undefined, (q) => q.where('c.shop_id', 'in', [...(shopIds ?? []), -1]))
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('reward_receptions as r')
      .leftJoin('rewards as w', 'w.id', 'r.reward_id')
      .leftJoin('shops as s', 's.id', 'r.shop_id')
      .select([
        'r.uuid',
        'r.created_at',
        'r.credits_centi',
        'r.shop_id',
        'r.reversed_by_credit_reception_id',
        'w.title',
        's.name as shop',
      ])
      .where('r.contact_id', '=', contactId)
      .$if(shopIds !== undefined, (q) => q.where('r.shop_id', 'in', [...(shopIds ?? []), -1]))
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('prepaid_transactions as p')
      .leftJoin('shops as s', 's.id', 'p.shop_id')
      .leftJoin('prepaid_transactions as v', 'v.reverses_id', 'p.id')
      .select([
        'p.uuid',
        'p.created_at',
        'p.amount_in_cents',
        'p.kind',
        'p.shop_id',
        's.name as shop',
        'v.id as reversed_by',
      ])
      .where('p.contact_id', '=', contactId)
      .where('p.kind', '<>', 'opening')
      .$if(shopIds !== undefined, (q) => q.where('p.shop_id', 'in', [...(shopIds ?? []), -1]))
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('portal_sessions').select('id').where('contact_id', '=', contactId).execute(),
  ]);
  const giftcards = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  const giftcardFacts = new Map(
    giftcards.length === 0
      ? []
      : (
          await db
            .selectFrom('giftcard_transactions as t')
            .leftJoin('giftcard_transactions as v', 'v.reverses_id', 't.id')
            .leftJoin('shops as s', 's.id', 'v.shop_id')
            .select([
              't.uuid',
              't.shop_id',
              't.reverses_id',
              'v.id as reversed_by',
              'v.uuid as reversal_uuid',
              'v.amount_in_cents as reversal_amount',
              'v.created_at as reversal_at',
              'v.shop_id as reversal_shop_id',
              's.name as reversal_shop',
            ])
            .where(
              't.uuid',
              'in',
              giftcards.map((g) => g.uuid),
            )
            .execute()
        ).map((row) => [row.uuid, row]),
  );
  const lines: ActivityLine[] = [
    ...credits.map((c) => {
      const centi = Number(c.credits_centi);
      return {
        type: 'credit_reception' as const,
        uuid: c.uuid,
        created_at: c.created_at,
        title:
          c.reversed_reward !== null ? 'Credits returned' : centi < 0 ? 'Credits reversed' : 'Credits earned',
        credits: fromCenti(centi),
        amount_in_cents: null,
        shop: c.shop,
        shopId: c.shop_id,
        reversed: c.reversed_by !== null,
        isReversal: c.reverses_id !== null || c.reversed_reward !== null,
        correctionReason: c.reason ?? null,
      };
    }),
    ...rewards.map((r) => ({
      type: 'reward_reception' as const,
      uuid: r.uuid,
      created_at: r.created_at,
      title: r.title ?? 'Reward',
      credits: fromCenti(Number(r.credits_centi)),
      amount_in_cents: null,
      shop: r.shop,
      shopId: r.shop_id,
      reversed: r.reversed_by_credit_reception_id !== null,
      isReversal: false,
      correctionReason: null,
    })),
    ...prepaid.map((p) => {
      const cents = Number(p.amount_in_cents);
      return {
        type: 'prepaid_transaction' as const,
        uuid: p.uuid,
        created_at: p.created_at,
        title: p.kind === 'reversal' ? 'Prepaid reversed' : cents < 0 ? 'Prepaid payment' : 'Prepaid top-up',
        credits: null,
        amount_in_cents: cents,
        shop: p.shop,
        shopId: p.shop_id,
        reversed: p.reversed_by !== null,
        isReversal: p.kind === 'reversal',
        correctionReason: null,
      };
    }),
    ...giftcards
      .map((g) => ({ g, facts: giftcardFacts.get(g.uuid) }))
      .filter(
        ({ facts }) => shopIds === undefined || (facts?.shop_id != null && shopIds.includes(facts.shop_id)),
      )
      .map(({ g, facts }) => ({
        type: 'giftcard_transaction' as const,
        uuid: g.uuid,
        created_at: g.created_at,
        title: g.amount_in_cents < 0 ? 'Gift card payment' : 'Gift card top-up',
        credits: null,
        amount_in_cents: g.amount_in_cents,
        shop: g.shop,
        shopId: facts?.shop_id ?? null,
        reversed: facts?.reversed_by != null,
        isReversal: facts?.reverses_id != null,
        correctionReason: null,
      })),
  ];
  if (options.giftcardReversals) {
    const shown = new Set(lines.map((line) => line.uuid));
    for (const facts of giftcardFacts.values()) {
      if (facts.reversal_uuid === null || shown.has(facts.reversal_uuid)) continue;
      if (shopIds !== undefined && !shopIds.includes(facts.reversal_shop_id ?? -1)) continue;
      lines.push({
        type: 'giftcard_transaction',
        uuid: facts.reversal_uuid,
        created_at: facts.reversal_at!,
        title: 'Gift card reversed',
        credits: null,
        amount_in_cents: Number(facts.reversal_amount),
        shop: facts.reversal_shop,
        shopId: facts.reversal_shop_id,
        reversed: false,
        isReversal: true,
        correctionReason: null,
      });
    }
  }
  return lines
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, limit)
    .map((line) => ({ ...line, created_at: apiTimestamp(line.created_at) }));
}

/**
 * How many lines of activity a contact has in all (contactActivity's sources), for its pages.
 */
export async function contactActivityCount(db: Db, contactId: number): Promise<number> {
  const [credits, rewards, prepaid, sessions] = await Promise.all([
    db
      .selectFrom('credit_receptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_id', '=', contactId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reward_receptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_id', '=', contactId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('prepaid_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contact_id', '=', contactId)
      .where('kind', '<>', 'opening')
      .executeTakeFirstOrThrow(),
    db.selectFrom('portal_sessions').select('id').where('contact_id', '=', contactId).execute(),
  ]);
  const giftcards = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  return Number(credits.n) + Number(rewards.n) + Number(prepaid.n) + giftcards.length;
}
