import { BRAND_KIT_FIELDS, type BrandKit } from '../../../contract/public/brand-kit';
import type { Db } from '../../db/schema';
import { jsonObject } from '../shared/values';

const URL_FIELDS = new Set<keyof BrandKit>(['small_logo_url', 'large_logo_url', 'cover_image_url']);

/**
 * The account's brand kit (contract/public/brand-kit.ts), every field present (null when unset).
 * Pictures shipped with the fixture read `/media/<name>`; with `origin` (`https://host:port`) they
 * are made absolute, as the public API answers them; the kiosk loads them relative to its page.
 */
export async function brandKitOf(db: Db, origin?: string): Promise<BrandKit> {
  const row = await db.selectFrom('account').select('brand').executeTakeFirst();
  return brandKitFrom(row?.brand ?? null, origin);
}

/** brandKitOf for the account's stored `brand` JSON text. */
export function brandKitFrom(brandJson: string | null, origin?: string): BrandKit {
  const stored = jsonObject(brandJson);
  const kit = {} as Record<keyof BrandKit, string | null>;
  for (const field of BRAND_KIT_FIELDS) {
    const value = stored[field];
    const text = typeof value === 'string' && value !== '' ? value : null;
    kit[field] = text && origin && URL_FIELDS.has(field) && text.startsWith('/') ? `${origin}${text}` : text;
  }
  return kit as BrandKit;
}
