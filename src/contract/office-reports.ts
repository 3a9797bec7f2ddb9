import { z } from 'zod';
import { idField } from './fields';
import { shopRef } from './office';

/*
 * The office's reports (docs/office.md "Reports"): what the business owes its customers (liability),
 * what happened each day (activity, portal sessions), and who did what at the till (staff). Each
 * under GET /office/api/reports/<name> as JSON and GET /office/api/reports/<name>.csv as a CSV file
 * of the same rows. Days are shop-local (Europe/Amsterdam) dates `YYYY-MM-DD`; money is integer
 * cents (`…_in_cents`), credits (points) a number with at most two decimals as the public API
 * writes them. Shared by the service and the page (which imports types only).
 */

/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

/** A period's days, both included (default: the 7 days ending today); `shop_uuid`: one shop (default: all you run). */
export const reportQuery = z.object({
  shop_uuid: idField().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** The day the liability is taken at the end of (default today); `shop_uuid`: one shop. */
export const liabilityQuery = z.object({
  shop_uuid: idField().optional(),
  at: z.iso.date().optional(),
});
export type LiabilityQuery = z.infer<typeof liabilityQuery>;

/** Which rows a report covers: `account` (an owner, every shop and what no shop has) or `shops` (some shops). */
export const reportScope = z.enum(['account', 'shops']);

/**
 * One row of the liability: a shop's (`shop`), what no shop is attributed (`no_shop`, the account's
 * only), or the total of the rows above (`total`).
 */
export const liabilityRow = z.object({
  kind: z.enum(['shop', 'no_shop', 'total']),
  shop: shopRef.nullable(),
  /** Outstanding credits (points), the sum of the credit ledger. */
  credits: z.number(),
  /** Outstanding prepaid balances, the sum of the prepaid transactions. */
  prepaid_in_cents: z.number().int(),
  /** Outstanding gift-card balances, the sum of the gift-card transactions. */
  giftcards_in_cents: z.number().int(),
});
export type LiabilityRow = z.infer<typeof liabilityRow>;

/** The liability at the end of day `at` (`ends_at`: the instant, exclusive). */
export const liabilityReport = z.object({
  at: z.string(),
  ends_at: z.string(),
  scope: reportScope,
  rows: z.array(liabilityRow),
});
export type LiabilityReport = z.infer<typeof liabilityReport>;

/** The figures of one day's activity (or of the period's total). */
export const activityFigures = z.object({
  members_gained: z.number().int(),
  credits_given: z.number(),
  credits_taken_back: z.number(),
  credits_redeemed: z.number(),
  rewards_claimed: z.number().int(),
  vouchers_redeemed: z.number().int(),
  giftcards_sold_in_cents: z.number().int(),
  giftcards_spent_in_cents: z.number().int(),
  prepaid_topped_up_in_cents: z.number().int(),
  prepaid_spent_in_cents: z.number().int(),
  sessions_started: z.number().int(),
  sessions_completed: z.number().int(),
  sessions_cancelled: z.number().int(),
  sessions_expired: z.number().int(),
});
export type ActivityFigures = z.infer<typeof activityFigures>;

export const activityDay = activityFigures.extend({ date: z.string() });
export type ActivityDay = z.infer<typeof activityDay>;

/** Each day of the period (all of them, oldest first) and the period's totals. */
export const activityReport = z.object({
  from: z.string(),
  to: z.string(),
  scope: reportScope,
  days: z.array(activityDay),
  totals: activityFigures,
});
export type ActivityReport = z.infer<typeof activityReport>;

/** The portal session types a report names (schema.ts PortalSessionTable.type). */
export const SESSION_TYPES = [
  'identify',
  'credit_reception',
  'redeem_giftcards',
  'top_up_giftcards',
  'pay_prepaid',
  'top_up_prepaid',
  'vouchers',
  'giftcard',
  'prepaid',
  'scan_anything',
] as const;

/** The portal sessions started on one day of one type, by how they ended (`open`: not yet). */
export const sessionsRow = z.object({
  date: z.string(),
  type: z.enum(SESSION_TYPES),
  started: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  expired: z.number().int(),
  open: z.number().int(),
});
export type SessionsRow = z.infer<typeof sessionsRow>;

/** The days and types with sessions (oldest first, then by type). */
export const sessionsReport = z.object({
  from: z.string(),
  to: z.string(),
  scope: reportScope,
  rows: z.array(sessionsRow),
});
export type SessionsReport = z.infer<typeof sessionsReport>;

/** What one staff member did at the tills in the period; `staff` null: nobody was signed in. */
export const staffRow = z.object({
  staff: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  contacts_found: z.number().int(),
  sessions_started: z.number().int(),
  /** Of the sessions they started, those that were completed. */
  sessions_completed: z.number().int(),
  sessions_cancelled: z.number().int(),
  purchases_sent: z.number().int(),
  payments_received: z.number().int(),
});
export type StaffRow = z.infer<typeof staffRow>;

/** Staff members by name (nobody signed in last). */
export const staffReport = z.object({
  from: z.string(),
  to: z.string(),
  scope: reportScope,
  rows: z.array(staffRow),
});
export type StaffReport = z.infer<typeof staffReport>;

/** The reports, as their routes name them. */
export const REPORT_NAMES = ['liability', 'activity', 'sessions', 'staff'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
