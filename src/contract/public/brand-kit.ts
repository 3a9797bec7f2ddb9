import { z } from 'zod';

/**
 * Extension GET /brand-kit: the account's brand kit, the real platform's shape as its PHP SDK's
 * `brandkit->get()` maps it. Colours are `#rrggbb`; logo and cover URLs are absolute (a picture
 * shipped with the fixture is served by this service under /media/); every field may be null.
 */
export const brandKit = z.object({
  small_logo_url: z.string().nullable(),
  large_logo_url: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  tertiary_color: z.string().nullable(),
  quaternary_color: z.string().nullable(),
  font_color: z.string().nullable(),
  /** A line about the merchant; the kiosk's standby screen welcomes customers with it. */
  description: z.string().nullable(),
  corner_theme: z.enum(['square', 'rounded']).nullable(),
  font_family: z.string().nullable(),
});
export type BrandKit = z.infer<typeof brandKit>;

/** The brand kit's fields, in the SDK mapper's order. */
export const BRAND_KIT_FIELDS = Object.keys(brandKit.shape) as (keyof BrandKit)[];
