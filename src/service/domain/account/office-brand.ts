import {
  BRAND_FONTS,
  type BrandRequest,
  MIN_TEXT_CONTRAST,
  type OfficeBrand,
} from '../../../contract/office-rewards';
import type { BrandKit } from '../../../contract/public/brand-kit';
import { contrast, DEFAULT_BRAND, normalizeHex } from '../../../ui/brand';
import { ACCOUNT_CHANGED_TOPIC } from '../../db/account-cache';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { storeUploadedPicture } from '../media/picture-upload';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { ServiceError } from '../shared/errors';
import { jsonObject } from '../shared/values';
import { brandKitFrom } from './brand-kit';

/*
 * The brand kit and the terms as the office edits them (docs/office.md "Rewards and the brand"):
 * the owner changes the colours, font, logo, cover and the terms and privacy links; a manager reads
 * them. Both live on the account row (`brand`, `settings.terms_url`/`privacy_url`), which every
 * process keeps in its account cache: a change publishes ACCOUNT_CHANGED_TOPIC, so the public API
 * and a counter screen's next session show it at once, in every process.
 */

/** The counter screen's cards (src/ui/tokens.css --color-surface). */
const CARD = '#ffffff';

/** A colour pair the counter screen draws as text on a background, and the field to blame. */
interface TextPair {
  field: keyof BrandKit;
  text: string;
  background: string;
  where: string;
}

/**
 * The pairs the counter screen draws text in the merchant's own colours (src/ui/brand.ts, the
 * kiosk's styles): the primary and accent (tertiary) colours as headings, links and amounts on its
 * white cards; the text colour (`font_color`, for clients that use it) on the background
 * (`secondary_color`, else the kiosk's own) and on the cards. Text on a brand colour is black or
 * white, whichever reads (readableOn), and needs no check.
 */
function textPairs(kit: BrandKit): TextPair[] {
  const pairs: TextPair[] = [];
  const primary = normalizeHex(kit.primary_color);
  const accent = normalizeHex(kit.tertiary_color);
  const font = normalizeHex(kit.font_color);
  const background = normalizeHex(kit.secondary_color) ?? DEFAULT_BRAND.secondary;
  if (primary)
    pairs.push({ field: 'primary_color', text: primary, background: CARD, where: 'the white cards' });
  if (accent)
    pairs.push({ field: 'tertiary_color', text: accent, background: CARD, where: 'the white cards' });
  if (font) {
    pairs.push({ field: 'font_color', text: font, background, where: 'the background (secondary colour)' });
    pairs.push({ field: 'font_color', text: font, background: CARD, where: 'the white cards' });
  }
  return pairs;
}

/**
 * The contrast problems of a brand kit on the counter screen, by field: each pair below
 * MIN_TEXT_CONTRAST (4.5:1, WCAG AA) in words, with its ratio. Empty when it reads.
 */
export function brandContrastProblems(kit: BrandKit): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const pair of textPairs(kit)) {
    const ratio = contrast(pair.text, pair.background);
    if (ratio >= MIN_TEXT_CONTRAST) continue;
    problems[pair.field] = [
      ...(problems[pair.field] ?? []),
      `${pair.text} on ${pair.where} (${pair.background}) has a contrast of ${ratio.toFixed(1)}:1; ` +
        `text on the counter screen needs at least ${MIN_TEXT_CONTRAST}:1 (WCAG AA).`,
    ];
  }
  return problems;
}

/** Office GET /brand (owner and manager): the brand kit (pictures as `/media/…` paths) and the terms. */
export async function officeBrand(db: Db): Promise<OfficeBrand> {
  const row = await db.selectFrom('account').select(['brand', 'settings']).executeTakeFirst();
  return brandOf(row?.brand ?? null, row?.settings ?? null);
}

function brandOf(brandJson: string | null, settingsJson: string | null): OfficeBrand {
  const settings = jsonObject(settingsJson);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    brand: brandKitFrom(brandJson),
    terms_url: text(settings.terms_url),
    privacy_url: text(settings.privacy_url),
    fonts: [...BRAND_FONTS],
    min_contrast: MIN_TEXT_CONTRAST,
  };
}

const KIT_FIELDS = [
  'primary_color',
  'secondary_color',
  'tertiary_color',
  'quaternary_color',
  'font_color',
  'font_family',
  'corner_theme',
  'description',
] as const;

/**
 * Office PUT /brand (owner only): the fields sent change (null clears), those left out stay. `logo`
 * sets the small and large logo, `cover` the cover picture (checked and stored by
 * media/picture-upload.ts; null removes). Colours sent are checked for contrast on the counter
 * screen (brandContrastProblems). `brand.changed` in the audit log, with the values before and after.
 * @throws ServiceError office_not_allowed (403) for a manager; 1003 brand_contrast_too_low (422)
 * naming each colour field that reads below 4.5:1; picture_type (415), picture_too_large (413)
 * naming logo or cover. A refused call changes nothing.
 */
export async function changeBrand(tx: Tx, actor: OfficeActor, input: BrandRequest): Promise<OfficeBrand> {
  requireOwner(actor);
  const account = await tx.db.selectFrom('account').select(['id', 'brand', 'settings']).executeTakeFirst();
  if (account) await tx.lock('account', account.id);
  const row = await tx.db.selectFrom('account').select(['brand', 'settings']).executeTakeFirst();
  const before = brandOf(row?.brand ?? null, row?.settings ?? null);
  const kit: Record<string, unknown> = { ...jsonObject(row?.brand ?? null) };
  for (const field of KIT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null || value === '') delete kit[field];
    else kit[field] = field.endsWith('_color') ? value.toLowerCase() : value;
  }
  const next = brandKitFrom(JSON.stringify(kit));
  // Only the colours this call sends (or whose background it sends) are blamed: an older kit
  // stays editable in its other fields.
  const sent = new Set(Object.keys(input).filter((k) => input[k as keyof BrandRequest] !== undefined));
  const problems = Object.fromEntries(
    Object.entries(brandContrastProblems(next)).filter(
      ([field]) => sent.has(field) || (field === 'font_color' && sent.has('secondary_color')),
    ),
  );
  if (Object.keys(problems).length > 0) {
    throw new ServiceError(1003, {
      fields: problems,
      reason: 'brand_contrast_too_low',
      detail: {
        en: `Too little contrast on the counter screen: ${Object.keys(problems).join(', ')}`,
        nl: `Te weinig contrast op het klantscherm: ${Object.keys(problems).join(', ')}`,
      },
    });
  }
  if (input.logo === null) {
    delete kit.small_logo_url;
    delete kit.large_logo_url;
  } else if (input.logo !== undefined) {
    const path = await storeUploadedPicture(tx, 'logo', input.logo);
    kit.small_logo_url = path;
    kit.large_logo_url = path;
  }
  if (input.cover === null) delete kit.cover_image_url;
  else if (input.cover !== undefined)
    kit.cover_image_url = await storeUploadedPicture(tx, 'cover', input.cover);
  const settings = jsonObject(row?.settings ?? null);
  for (const field of ['terms_url', 'privacy_url'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null || value === '') delete settings[field];
    else settings[field] = value;
  }
  const brandText = JSON.stringify(kit);
  const settingsText = JSON.stringify(settings);
  if (account) {
    await tx.db
      .updateTable('account')
      .set({ brand: brandText, settings: settingsText })
      .where('id', '=', account.id)
      .execute();
  }
  const after = brandOf(brandText, settingsText);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'brand.changed',
    subjectType: 'account',
    subjectUuid: null,
    shopId: null,
    before: { ...before.brand, terms_url: before.terms_url, privacy_url: before.privacy_url },
    after: { ...after.brand, terms_url: after.terms_url, privacy_url: after.privacy_url },
  });
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'account' });
  return after;
}
