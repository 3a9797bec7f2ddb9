import Decimal from 'decimal.js';
import { accountCached } from '../../db/account-cache';
import type { Db } from '../../db/schema';

/*
 * The loyalty rules engine (spec "Credit receptions" rules 2 and 7, account-fixture.md
 * "loyalty_rules"): which rule applies to a unit value, and how many credits it gives.
 */

/** The shop's local time zone: weekdays and time windows of rules are read in it. */
export const SHOP_TIME_ZONE = 'Europe/Amsterdam';

/** A loyalty rule as the engine uses it. `weekdays` 1 = Monday … 7 = Sunday; times "HH:MM", local. */
export interface LoyaltyRule {
  id: number;
  unit_id: number;
  /** Decimal text, e.g. "1.5". */
  credits_per_unit: string;
  rounding: 'floor' | 'round' | 'ceil';
  tier_id: number | null;
  weekdays: number[] | null;
  from_time: string | null;
  until_time: string | null;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const localParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The shop-local weekday (1 = Monday … 7) and time ("HH:MM") of an instant. */
export function shopLocalTime(at: Date): { weekday: number; time: string } {
  const parts = Object.fromEntries(localParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0, time: `${parts.hour}:${parts.minute}` };
}

// A window [from, until) in local time; from > until wraps past midnight; a missing end is open.
function inWindow(time: string, from: string | null, until: string | null): boolean {
  if (from !== null && until !== null && from > until) return time >= from || time < until;
  return (from === null || time >= from) && (until === null || time < until);
}

function specificity(rule: LoyaltyRule): number {
  const hasWindow = rule.from_time !== null || rule.until_time !== null;
  return (rule.tier_id !== null ? 1 : 0) + (rule.weekdays?.length ? 1 : 0) + (hasWindow ? 1 : 0);
}

/**
 * The rule that decides the credits: among the rules that match (tier equal to the contact's,
 * shop-local weekday listed, time inside the window), the one with most filters set; ties go to
 * the lowest id. Undefined when none matches.
 */
export function selectRule(
  rules: readonly LoyaltyRule[],
  context: { tierId: number | null; at: Date },
): LoyaltyRule | undefined {
  const local = shopLocalTime(context.at);
  const matching = rules.filter(
    (r) =>
      (r.tier_id === null || r.tier_id === context.tierId) &&
      (!r.weekdays?.length || r.weekdays.includes(local.weekday)) &&
      inWindow(local.time, r.from_time, r.until_time),
  );
  return matching.sort((a, b) => specificity(b) - specificity(a) || a.id - b.id)[0];
}

const ROUNDING = {
  floor: Decimal.ROUND_DOWN,
  round: Decimal.ROUND_HALF_UP,
  ceil: Decimal.ROUND_UP,
} as const;

/**
 * Whole credits for a unit value under a rule: unit_value × credits_per_unit, rounded by the rule,
 * in exact decimals. Rounding applies to the magnitude, so a negative unit value gives exactly the
 * negation of its positive counterpart.
 */
export function applyRule(rule: LoyaltyRule, unitValue: number): number {
  const credits = new Decimal(unitValue)
    .mul(rule.credits_per_unit)
    .toDecimalPlaces(0, ROUNDING[rule.rounding]);
  // -0.4 rounds to -0: answer a plain 0.
  return credits.isZero() ? 0 : credits.toNumber();
}

/** The loyalty rules of one unit, in id order. */
export async function rulesOfUnit(db: Db, unitId: number): Promise<LoyaltyRule[]> {
  // Only a fixture load writes them: kept per process (db/account-cache.ts).
  return accountCached(db, `loyalty-rules:${unitId}`, async () => {
    const rows = await db
      .selectFrom('loyalty_rules')
      .selectAll()
      .where('unit_id', '=', unitId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, weekdays: r.weekdays ? (JSON.parse(r.weekdays) as number[]) : null }));
  });
}

/**
 * Credits (whole) that the loyalty rules give for `unitValue` of a unit, for a contact of tier
 * `tierId` at instant `at`; 0 when no rule matches (spec "Credit receptions" rule 2).
 */
export async function calculateCredits(
  db: Db,
  input: { unitId: number; unitValue: number; tierId: number | null; at: Date },
): Promise<number> {
  const rule = selectRule(await rulesOfUnit(db, input.unitId), input);
  return rule ? applyRule(rule, input.unitValue) : 0;
}
