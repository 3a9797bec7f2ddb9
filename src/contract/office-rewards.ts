import { z } from 'zod';
import { DEMO } from './examples';
import { brandKit } from './public/brand-kit';

/*
 * The office's programme editor, part A (docs/office.md "Rewards and the brand"): the rewards
 * customers claim with their points, and the brand kit the counter screen wears with the terms and
 * privacy links. The owner changes them; a manager reads them. Shared by the service and the page
 * (which imports types and constants only).
 */

/** The largest picture the office takes (bytes, after base64 decoding). */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** The picture types the office takes, recognised by the file's bytes (never its name or a header). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** WCAG AA: the least contrast of text against its background on the counter screen. */
export const MIN_TEXT_CONTRAST = 4.5;
/**
 * The fonts the office offers: Inter is bundled with the counter screen; the others are used where
 * the tablet has them, else Inter.
 */
export const BRAND_FONTS = ['Inter', 'Arial', 'Helvetica', 'Georgia', 'Verdana', 'Trebuchet MS'] as const;

/** A 1×1 PNG, the examples' picture. */
const EXAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * A picture as the page sends it: the file's bytes in base64 (at most PICTURE_MAX_BYTES once
 * decoded; PNG, JPEG or WebP by its bytes). `null` in a change removes the picture; left out keeps it.
 */
export const pictureUpload = z.object({
  data: z
    .string()
    .max(Math.ceil(PICTURE_MAX_BYTES / 3) * 4 + 1024)
    .describe('The file in base64; PNG, JPEG or WebP by its bytes, at most 2 MB.'),
});
export type PictureUpload = z.infer<typeof pictureUpload>;

// Rewards.

/**
 * A reward as the office shows it. `required_credits` in points (credits, up to 2 decimals);
 * `stock` null: unlimited; `claim_limit_per_contact` null: no limit; `active_from`/`active_until`
 * (ISO 8601, null: open) bound when it can be claimed; `picture_url` a `/media/…` path or URL.
 */
export const officeReward = z.object({
  uuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  reward_type: z.enum(['PHYSICAL', 'DIGITAL']),
  required_credits: z.number(),
  stock: z.number().int().nullable(),
  claim_limit_per_contact: z.number().int().nullable(),
  active: z.boolean(),
  active_from: z.string().nullable(),
  active_until: z.string().nullable(),
  picture_url: z.string().nullable(),
  /** How many times it was claimed (reversed claims not counted). */
  claimed: z.number().int(),
});
export type OfficeReward = z.infer<typeof officeReward>;
/** GET /rewards: every reward of the account, inactive ones too, in creation order. */
export const officeRewards = z.array(officeReward);

const moment = z.iso.datetime({ offset: true }).nullable().optional();

/**
 * POST /rewards and PUT /rewards/{uuid}. A change sends every field it means (left out: kept);
 * `picture` null removes the picture.
 */
export const rewardRequest = z
  .object({
    title: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000).nullable().optional(),
    reward_type: z.enum(['PHYSICAL', 'DIGITAL']).optional(),
    required_credits: z.number().min(0).max(1_000_000).multipleOf(0.01),
    stock: z.number().int().min(0).max(1_000_000).nullable().optional(),
    claim_limit_per_contact: z.number().int().min(1).max(1000).nullable().optional(),
    active: z.boolean().optional(),
    active_from: moment,
    active_until: moment,
    picture: pictureUpload.nullable().optional(),
  })
  .meta({
    example: {
      title: 'Free espresso',
      description: 'A single espresso',
      required_credits: 40,
      stock: 25,
      claim_limit_per_contact: 2,
      active: true,
      active_from: null,
      active_until: null,
      picture: { data: EXAMPLE_PNG },
    },
  });
export type RewardRequest = z.infer<typeof rewardRequest>;

export const rewardUuidParams = z.object({
  uuid: z.string().min(1).max(191).meta({ example: DEMO.rewardCoffee }),
});

// The brand kit and the terms.

/**
 * The brand as the office edits it: the brand kit (contract/public/brand-kit.ts; pictures as
 * `/media/…` paths), the terms and privacy links customers accept, and the fonts offered.
 */
export const officeBrand = z.object({
  brand: brandKit,
  terms_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
  fonts: z.array(z.string()),
  min_contrast: z.number(),
});
export type OfficeBrand = z.infer<typeof officeBrand>;

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb')
  .nullable()
  .optional();
const link = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .nullable()
  .optional();

/**
 * PUT /brand: what is sent changes, what is left out stays; null clears a field (the counter screen
 * then uses its own). `logo` sets both logos (small and large); `cover` the cover picture.
 * Colours are checked for contrast on the counter screen (docs/office.md "Rewards and the brand").
 */
export const brandRequest = z
  .object({
    primary_color: colour,
    secondary_color: colour,
    tertiary_color: colour,
    quaternary_color: colour,
    font_color: colour,
    font_family: z.enum(BRAND_FONTS).nullable().optional(),
    corner_theme: z.enum(['square', 'rounded']).nullable().optional(),
    description: z.string().trim().max(300).nullable().optional(),
    logo: pictureUpload.nullable().optional(),
    cover: pictureUpload.nullable().optional(),
    terms_url: link,
    privacy_url: link,
  })
  .meta({
    example: {
      primary_color: '#6b3e26',
      secondary_color: '#f4e9dc',
      tertiary_color: '#2f6b4f',
      font_family: 'Inter',
      terms_url: 'https://example.com/demo-coffee/terms',
      privacy_url: 'https://example.com/demo-coffee/privacy',
    },
  });
export type BrandRequest = z.infer<typeof brandRequest>;
