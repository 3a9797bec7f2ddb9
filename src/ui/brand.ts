import type { z } from 'zod';
import type { brand } from '../contract/portal';

type Brand = z.infer<typeof brand>;

/** A brand kit with nothing set: the kiosk's own look. */
export const EMPTY_BRAND: Brand = {
  small_logo_url: null,
  large_logo_url: null,
  cover_image_url: null,
  primary_color: null,
  secondary_color: null,
  tertiary_color: null,
  quaternary_color: null,
  font_color: null,
  description: null,
  corner_theme: null,
  font_family: null,
};

/** The kiosk's own colours, used for those the account leaves unset. */
export const DEFAULT_BRAND = { primary: '#1f4e79', secondary: '#eef3f8', highlight: '#f2b705' } as const;

/** The surface cards are drawn on (styles/tokens.css --color-surface). */
const SURFACE = '#ffffff';

/** WCAG AA for body text. */
const AA = 4.5;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` or `#aabbcc` normalized to `#aabbcc` lower case; anything else (no CSS injection) → null. */
export function normalizeHex(color: string | null | undefined): string | null {
  if (!color || !HEX.test(color.trim())) return null;
  const hex = color.trim().slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** WCAG relative luminance of a `#aabbcc` colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#aabbcc` colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on the background (never below 4.58:1, so always AA). */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** `color` mixed `share` (0–1) of the way towards `target`. */
function mix(color: string, target: string, share: number): string {
  const part = (hex: string, i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) => Math.round(part(color, i) + (part(target, i) - part(color, i)) * share))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The brand colour as text on every one of `backgrounds`: itself when it reads at AA on all of them,
 * else darkened (or, on dark backgrounds, lightened) step by step until it does. The merchant's
 * colours are never trusted to contrast with each other.
 */
export function brandTextOn(color: string, backgrounds: string[]): string {
  const darkest = Math.min(...backgrounds.map(luminance));
  const target = darkest > 0.18 ? '#000000' : '#ffffff';
  for (let share = 0; share < 1; share += 0.05) {
    const candidate = mix(color, target, share);
    if (backgrounds.every((b) => contrast(candidate, b) >= AA)) return candidate;
  }
  return readableOn(backgrounds[0] ?? SURFACE);
}

/** A font family name as CSS (letters, digits, spaces and hyphens only, quoted); the bundled Inter for "Inter". */
function fontStack(family: string | null | undefined): string | null {
  const name = family?.trim();
  // ASCII names first: the Unicode pattern takes V8 ~0.3 ms to compile (x4 on a slow tablet), on the first screen.
  if (!name || !(/^[A-Za-z0-9 -]{1,60}$/.test(name) || /^[\p{L}\p{N} -]{1,60}$/u.test(name))) return null;
  return name.toLowerCase() === 'inter' ? '"Inter Variable"' : `"${name}", "Inter Variable"`;
}

/**
 * The account's brand kit as the CSS variables the design tokens (styles/tokens.css) read: each
 * colour with the black or white text that reads on it (`--brand-on-*`), the primary and accent
 * colours as text on the cards (`--brand-primary-text`, `--brand-accent-text`), the font (`--brand-font`) and, for a square
 * corner theme, smaller radii. `font_color` is not used: text colours are derived, so contrast stays
 * AA whatever the merchant picked.
 */
export function brandVariables(value: Brand | null | undefined): Record<string, string> {
  const primary = normalizeHex(value?.primary_color) ?? DEFAULT_BRAND.primary;
  const secondary = normalizeHex(value?.secondary_color) ?? DEFAULT_BRAND.secondary;
  const accent = normalizeHex(value?.tertiary_color) ?? primary;
  const highlight = normalizeHex(value?.quaternary_color) ?? DEFAULT_BRAND.highlight;
  const font = fontStack(value?.font_family);
  return {
    '--brand-primary': primary,
    '--brand-on-primary': readableOn(primary),
    '--brand-secondary': secondary,
    '--brand-on-secondary': readableOn(secondary),
    '--brand-accent': accent,
    '--brand-on-accent': readableOn(accent),
    '--brand-highlight': highlight,
    '--brand-on-highlight': readableOn(highlight),
    '--brand-primary-text': brandTextOn(primary, [SURFACE]),
    '--brand-accent-text': brandTextOn(accent, [SURFACE]),
    ...(font ? { '--brand-font': font } : {}),
    ...(value?.corner_theme === 'square' ? { '--radius-scale': '0.4' } : {}),
  };
}
