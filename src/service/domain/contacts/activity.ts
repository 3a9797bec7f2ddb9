/*
 * A contact's activity as the customer reads it (the v1 component and /me/): credits, rewards,
 * prepaid and gift-card payments, newest first.
 */
import type { PortalActivity } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import { sessionGiftcardTransactions } from '../portal-sessions/payments';
import { apiTimestamp, fromCenti } from '../shared/values';

/**
 * A contact's newest `limit` lines of activity, newest first, as sessionActivity words them (the
 * v1 component and /me/).
 */
export async function contactActivity(db: Db, contactId: number, limit: number): Promise<PortalActivity[]> {
  const [credits, rewards, prepaid, sessions] = await Promise.all([
    db
      .selectFrom('credit_receptions as c')
      .leftJoin('shops as s', 's.id', 'c.shop_id')
      .leftJoin('reward_receptions as r', 'r.reversed_by_credit_reception_id', 'c.id')
      .select(['c.uuid', 'c.created_at', 'c.credits_centi', 's.name as shop', 'r.id as reversed_reward'])
      .where('c.contact_id', '=', contactId)
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('reward_receptions as r')
      .leftJoin('rewards as w', 'w.id', 'r.reward_id')
      .leftJoin('shops as s', 's.id', 'r.shop_id')
      .select(['r.uuid', 'r.created_at', 'r.credits_centi', 'w.title', 's.name as shop'])
      .where('r.contact_id', '=', contactId)
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('prepaid_transactions as p')
      .leftJoin('shops as s', 's.id', 'p.shop_id')
      .select(['p.uuid', 'p.created_at', 'p.amount_in_cents', 'p.kind', 's.name as shop'])
      .where('p.contact_id', '=', contactId)
      .where('p.kind', '<>', 'opening')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('portal_sessions').select('id').where('contact_id', '=', contactId).execute(),
  ]);
  const giftcards = await sessionGiftcardTransactions(
    db,
    sessions.map((s) => s.id),
  );
  const lines: PortalActivity[] = [
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
      };
    }),
    ...giftcards.map((g) => ({
      type: 'giftcard_transaction' as const,
      uuid: g.uuid,
      created_at: g.created_at,
      title: g.amount_in_cents < 0 ? 'Gift card payment' : 'Gift card top-up',
      credits: null,
      amount_in_cents: g.amount_in_cents,
      shop: g.shop,
    })),
  ];
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
