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

/**
 * The locales of an Accept-Language header (`nl-NL,nl;q=0.9,en;q=0.8`), most wanted first: what
 * `navigator.languages` says in the page, for the service's first render (app/prerender.tsx).
 */
export function acceptedLocales(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [locale = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { locale: locale.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.locale !== '' && entry.locale !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.locale);
}
