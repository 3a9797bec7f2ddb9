import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { defaultLanguage, type Language, languageFor } from './language';
import { nl } from './nl';

/**
 * i18next with both languages bundled (no network: the kiosk must work offline). The page's
 * `lang` attribute follows the language, for screen readers and hyphenation.
 */
export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  resources: { en: { kiosk: en }, nl: { kiosk: nl } },
  ns: ['kiosk'],
  defaultNS: 'kiosk',
  lng: defaultLanguage(navigator.languages ?? [navigator.language]),
  fallbackLng: 'en',
  supportedLngs: ['nl', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

const syncLang = (language: string) => {
  document.documentElement.lang = language;
};
syncLang(i18n.language);
i18n.on('languageChanged', syncLang);

/** Back to the language of the browser (after an idle reset or when a session ends). */
export function resetLanguage(): void {
  void i18n.changeLanguage(defaultLanguage(navigator.languages ?? [navigator.language]));
}

/** The language on screen now. */
export function currentLanguage(): Language {
  return languageFor(i18n.language) ?? 'nl';
}
