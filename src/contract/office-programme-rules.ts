import { z } from 'zod';
import { sessionDefaults } from './cashier';
import { DEMO } from './examples';
import { subscriptionType } from './public/contacts';
import { unit } from './public/units';

/*
 * The office's programme rules (docs/office.md "Earning and promotions"): tiers, earning rules
 * (`loyalty_rules`), units, subscription types, the console's session defaults, and promotions with
 * their voucher batches. Everyone in the office may read them (GET); only the owner changes them.
 * Shapes only: the domain checks every value (domain/loyalty/office-earning.ts and the others) and
 * names the field it refuses.
 */

/** The most voucher codes one batch makes (the page says so before it asks: screens/promotions-screen.tsx). */
export const VOUCHER_BATCH_MAX = 10_000;

/** An account's tier as the office lists it: the public tier plus how many contacts hold it. */
export const officeTier = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  contacts: z.number().int().describe('How many contacts hold this tier.'),
});
export type OfficeTier = z.infer<typeof officeTier>;

export const tierRequest = z
  .object({
    name: z.string().max(100),
    description: z.string().max(500).nullish(),
    position: z.number().int().optional().describe('Lowest first; default: after the last tier.'),
  })
  .meta({ example: { name: 'Platinum', description: 'Two credits per euro', position: 3 } });
export type TierRequest = z.infer<typeof tierRequest>;

/**
 * An earning rule (`loyalty_rules`): `credits_per_unit` credits for each unit of `unit_name`
 * (decimal text, e.g. "1.5"), rounded by `rounding`, for contacts of `tier_uuid` (null: any tier),
 * on `weekdays` (1 = Monday … 7 = Sunday; null: every day) between `from_time` and `until_time`
 * (HH:MM, shop-local, Europe/Amsterdam; until excluded; from after until wraps past midnight).
 * Of the matching rules the one with most filters wins.
 */
export const earningRule = z.object({
  id: z.number().int(),
  unit_name: z.string(),
  credits_per_unit: z.string(),
  rounding: z.enum(['floor', 'round', 'ceil']),
  tier_uuid: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  from_time: z.string().nullable(),
  until_time: z.string().nullable(),
});
export type EarningRule = z.infer<typeof earningRule>;

export const earningRuleRequest = z
  .object({
    unit_name: z.string().max(191),
    credits_per_unit: z
      .union([z.string().max(40), z.number()])
      .describe('A non-negative decimal, at most 4 decimals: "1.5".'),
    rounding: z.string().max(20).optional().describe('floor (default), round or ceil.'),
    tier_uuid: z.string().max(191).nullish(),
    weekdays: z.array(z.number()).max(7).nullish(),
    from_time: z.string().max(10).nullish(),
    until_time: z.string().max(10).nullish(),
  })
  .meta({
    example: {
      unit_name: 'purchase_amount',
      credits_per_unit: '2',
      rounding: 'floor',
      tier_uuid: DEMO.tierGold,
      weekdays: [2],
      from_time: '14:00',
      until_time: '17:00',
    },
  });
export type EarningRuleRequest = z.infer<typeof earningRuleRequest>;

export const officeUnit = unit;
export type OfficeUnit = z.infer<typeof officeUnit>;

export const unitCreateRequest = z
  .object({
    name: z.string().max(191).describe('Lower-case letters, digits and _; cannot change later.'),
    label: z.string().max(191),
    prefix: z.string().max(16).nullish(),
    is_default: z.boolean().optional(),
  })
  .meta({ example: { name: 'stamps', label: 'Stamps', prefix: 'S' } });
export type UnitCreateRequest = z.infer<typeof unitCreateRequest>;

export const unitChangeRequest = z
  .object({
    label: z.string().max(191),
    prefix: z.string().max(16),
    is_default: z.boolean().optional().describe('true makes it the one default unit; false is refused.'),
  })
  .meta({ example: { label: 'Visits', prefix: 'V' } });
export type UnitChangeRequest = z.infer<typeof unitChangeRequest>;

export const officeSubscriptionType = subscriptionType;
export type OfficeSubscriptionType = z.infer<typeof officeSubscriptionType>;

export const subscriptionTypeRequest = z
  .object({
    name: z.string().max(191),
    description: z.string().max(500).nullish(),
    active: z.boolean(),
    strategy: z.enum(['OPT_OUT', 'OPT_IN', 'DOUBLE_OPT_IN']),
  })
  .meta({
    example: { name: 'Events', description: 'Tastings and events', active: true, strategy: 'OPT_IN' },
  });
export type SubscriptionTypeRequest = z.infer<typeof subscriptionTypeRequest>;

/** The settings the cashier console starts a session with (fixture `account.settings.session_defaults`). */
export const officeSessionDefaults = sessionDefaults;
export type OfficeSessionDefaults = z.infer<typeof officeSessionDefaults>;

/** GET /earning: everything the earning screen shows, at once. */
export const earningOverview = z.object({
  units: z.array(officeUnit),
  tiers: z.array(officeTier),
  rules: z.array(earningRule),
  subscription_types: z.array(officeSubscriptionType),
  /** The settings as stored (what the console starts with where a setting is left out: the spec's). */
  session_defaults: officeSessionDefaults,
});
export type EarningOverview = z.infer<typeof earningOverview>;

/** A promotion as the office lists it, with how many vouchers it has and how many were redeemed. */
export const officePromotion = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  voucher_limit: z.number().int().nullable(),
  limit_per_contact: z.number().int().nullable(),
  expiration_duration: z.number().int().nullable(),
  vouchers: z.number().int(),
  redeemed: z.number().int(),
});
export type OfficePromotion = z.infer<typeof officePromotion>;

export const officePromotions = z.object({ promotions: z.array(officePromotion) });

export const promotionRequest = z
  .object({
    name: z.string().max(191),
    description: z.string().max(1000).nullish(),
    voucher_limit: z.number().int().nullish(),
    limit_per_contact: z.number().int().nullish(),
    expiration_duration: z.number().int().nullish().describe('Days a new voucher is valid; none: no end.'),
  })
  .meta({
    example: {
      name: 'Autumn coffee',
      description: 'A free coffee',
      voucher_limit: 500,
      expiration_duration: 30,
    },
  });
export type PromotionRequest = z.infer<typeof promotionRequest>;

export const voucherBatchRequest = z
  .object({
    count: z.number().int().describe(`How many codes, 1 to ${VOUCHER_BATCH_MAX}.`),
    expiration_date: z.string().max(40).nullish().describe("ISO 8601; default: the promotion's duration."),
  })
  .meta({ example: { count: 5 } });
export type VoucherBatchRequest = z.infer<typeof voucherBatchRequest>;

/** A batch made: how many, and its codes (also in the CSV export). */
export const voucherBatch = z.object({
  promotion_uuid: z.string(),
  count: z.number().int(),
  codes: z.array(z.string()),
  expiration_date: z.string().nullable(),
});
export type VoucherBatch = z.infer<typeof voucherBatch>;
