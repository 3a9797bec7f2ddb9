import type { z } from 'zod';
import type { brand } from '../../contract/portal';

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

/** The kiosk's own colours, used when the account has none. */
export const DEFAULT_BRAND = { primary: '#1f4e79', secondary: '#eef3f8' } as const;

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

/** Black or white, whichever reads better on the background (WCAG contrast ratio). */
export function readableOn(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * The account brand as CSS variables: --brand-primary / --brand-secondary, and the text colours
 * that stay readable on them (--brand-on-primary / --brand-on-secondary).
 */
export function brandVariables(value: Brand | null | undefined): Record<string, string> {
  const primary = normalizeHex(value?.primary_color) ?? DEFAULT_BRAND.primary;
  const secondary = normalizeHex(value?.secondary_color) ?? DEFAULT_BRAND.secondary;
  return {
    '--brand-primary': primary,
    '--brand-secondary': secondary,
    '--brand-on-primary': readableOn(primary),
    '--brand-on-secondary': readableOn(secondary),
  };
}
