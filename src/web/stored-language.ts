import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languageFor } from './language';

/**
 * The i18next of a page that keeps its reader's language on the device (the cashier console, /me/):
 * `texts` Dutch and English under `namespace`. It starts in the language chosen last there
 * (localStorage `storageKey`), else the browser's first we speak; the page's `lang` follows it.
 */
export function storedLanguageI18n(
  namespace: string,
  texts: { en: Record<string, unknown>; nl: Record<string, unknown> },
  storageKey: string,
): I18n {
  const i18n = i18next.createInstance();
  const stored = (() => {
    try {
      return languageFor(localStorage.getItem(storageKey));
    } catch {
      return null;
    }
  })();
  i18n.use(initReactI18next).init({
    resources: { en: { [namespace]: texts.en }, nl: { [namespace]: texts.nl } },
    ns: [namespace],
    defaultNS: namespace,
    lng: stored ?? defaultLanguage(navigator.languages ?? [navigator.language]),
    fallbackLng: 'en',
    supportedLngs: ['nl', 'en'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    try {
      localStorage.setItem(storageKey, language);
    } catch {
      // A browser without storage keeps the choice for this page only.
    }
  });
  document.documentElement.lang = i18n.language;
  return i18n;
}
