import { z } from 'zod';
import { DEMO } from './examples';
import { idField } from './fields';

/*
 * Customer service in the office (docs/office.md "Customer service"): find a customer, read their
 * balances, tier, cards and history, correct their points with a reason, reverse a reception or
 * gift-card transaction, block a card, and their GDPR export and erasure. Shared by the service
 * and the page (which imports types only). Customer data is personal: a search goes in a POST
 * body, never a URL, and every answer is `Cache-Control: no-store`.
 */

/** How many customers a search answers at most (a small page: no listing of the members). */
export const CUSTOMER_SEARCH_LIMIT = 10;
/** How many lines of history the customer page shows, newest first. */
export const CUSTOMER_HISTORY_LIMIT = 100;

/**
 * POST /customers/search: an e-mail address (exact, or the start of one), a card's value (exact),
 * or a name (the start of the first or last name, or "first last"); at least 2 characters.
 */
export const customerSearchRequest = z
  .object({ query: z.string().trim().min(2, 'must be at least 2 characters').max(200) })
  .meta({ example: { query: DEMO.annaEmail } });

/** A customer as a search lists them. `credits`: their credit balance. */
export const customerSummary = z.object({
  uuid: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  credits: z.number(),
  /** What matched: their e-mail address, a card of theirs, or their name. */
  matched: z.enum(['email', 'card', 'name']),
});
export type CustomerSummary = z.infer<typeof customerSummary>;

/** The answer of a search: at most CUSTOMER_SEARCH_LIMIT; `more`: there were more (type more of it). */
export const customerSearchResult = z.object({ customers: z.array(customerSummary), more: z.boolean() });
export type CustomerSearchResult = z.infer<typeof customerSearchResult>;

/** A card (contact identifier) as the office shows it: its id, last 4 characters, name and state. */
export const customerCard = z.object({
  id: z.number().int(),
  value_hint: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** When the office blocked it; null: not blocked. A blocked card is refused by every API. */
  blocked_at: z.string().nullable(),
});
export type CustomerCard = z.infer<typeof customerCard>;

/** A gift card the customer used in their portal sessions, with its balance now. */
export const customerGiftcard = z.object({
  uuid: z.string(),
  hash_hint: z.string(),
  balance_in_cents: z.number().int(),
  active: z.boolean(),
});

/** GET /customers/{uuid}: who they are, their balances, tier and cards. */
export const officeCustomer = z.object({
  uuid: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  created_at: z.string(),
  tier: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  /** The credit balance (points), equal to the sum of their credit ledger. */
  credits: z.number(),
  prepaid_balance_in_cents: z.number().int(),
  giftcards: z.array(customerGiftcard),
  cards: z.array(customerCard),
});
export type OfficeCustomer = z.infer<typeof officeCustomer>;

/**
 * A line of the customer's history (the activity of /me/ with the office's facts): `reversed` it
 * was reversed; `is_reversal` it is one (or credits returned for a reversed reward); `reason` of a
 * points correction made in the office. `credits` for receptions, `amount_in_cents` for money.
 */
export const customerHistoryLine = z.object({
  type: z.enum(['credit_reception', 'reward_reception', 'prepaid_transaction', 'giftcard_transaction']),
  uuid: z.string(),
  created_at: z.string(),
  title: z.string(),
  credits: z.number().nullable(),
  amount_in_cents: z.number().int().nullable(),
  shop: z.string().nullable(),
  reversed: z.boolean(),
  is_reversal: z.boolean(),
  reason: z.string().nullable(),
});
export type CustomerHistoryLine = z.infer<typeof customerHistoryLine>;

/**
 * GET /customers/{uuid}/history: the newest CUSTOMER_HISTORY_LIMIT lines, newest first; a
 * manager reads the lines of the shops they run only (`other_shops`: the history has lines of
 * other shops, not shown).
 */
export const customerHistory = z.object({ lines: z.array(customerHistoryLine), other_shops: z.boolean() });
export type CustomerHistory = z.infer<typeof customerHistory>;

/**
 * POST /customers/{uuid}/credit-corrections: credits to add (positive) or take (negative; the
 * balance never goes below zero), at most 2 decimals, booked as a credit reception at `shop_uuid`
 * (a shop the caller runs), with the reason (required, kept with it and in the audit log).
 */
export const creditCorrectionRequest = z
  .object({
    shop_uuid: idField(),
    credits: z
      .number()
      .refine((n) => n !== 0, 'must not be 0')
      .refine((n) => Math.abs(n) <= 1_000_000, 'must be at most 1,000,000'),
    reason: z.string().trim().min(1, 'is required').max(500),
  })
  .meta({
    example: { shop_uuid: DEMO.shop, credits: 5, reason: 'Purchase of 2 May not credited at the till' },
  });
export type CreditCorrectionRequest = z.infer<typeof creditCorrectionRequest>;

/** What can be reversed: a credit reception, a reward reception, or a gift-card transaction. */
export const reversalType = z.enum(['credit_reception', 'reward_reception', 'giftcard_transaction']);
export type ReversalType = z.infer<typeof reversalType>;

/** A reception or transaction to reverse, by type and uuid (a line of the history). */
export const reversalRequest = z
  .object({ type: reversalType, uuid: idField() })
  // "Try it out" reverses the correction its link made first; the attacker's test fills the uuid.
  .meta({ example: { type: 'credit_reception', uuid: '{credit_reception}' } });
export type ReversalRequest = z.infer<typeof reversalRequest>;

/** A correction's or reversal's answer: what it made (a history line's type and uuid) and the customer after. */
export const customerChange = z.object({
  made: z.object({ type: reversalType, uuid: z.string() }),
  customer: officeCustomer,
});
export type CustomerChange = z.infer<typeof customerChange>;

/** PUT /customers/{uuid}/cards/{card}: block (true) or unblock (false) the card. */
export const cardBlockRequest = z.object({ blocked: z.boolean() }).meta({ example: { blocked: true } });

/** POST /customers/{uuid}/export: everything stored about the customer (as /me/ exports it). */
export const customerExport = z.object({
  exported_at: z.string(),
  contact: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
