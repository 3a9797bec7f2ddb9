/** The languages the kiosk speaks. */
export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The kiosk language for a locale like `nl`, `nl-BE`, `en_GB`; null when we do not speak it. */
export function languageFor(locale: string | null | undefined): Language | null {
  const base = locale?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === base) ?? null;
}

/** The language before anyone is identified: the browser's first language we speak, else Dutch. */
export function defaultLanguage(preferred: readonly string[]): Language {
  for (const locale of preferred) {
    const language = languageFor(locale);
    if (language) return language;
  }
  return 'nl';
}
