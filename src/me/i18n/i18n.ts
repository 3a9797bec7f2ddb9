import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languageFor } from '../../kiosk/i18n/language';
import { en } from './en';
import { nl } from './nl';

const STORED = 'portal-me-language';

/**
 * The /me/ page's i18next, Dutch and English bundled (namespace `me`). It starts in the language
 * the customer chose last on this phone, else the browser's; the page's `lang` follows it.
 */
export const i18n = i18next.createInstance();

const stored = (() => {
  try {
    return languageFor(localStorage.getItem(STORED));
  } catch {
    return null;
  }
})();

i18n.use(initReactI18next).init({
  resources: { en: { me: en }, nl: { me: nl } },
  ns: ['me'],
  defaultNS: 'me',
  lng: stored ?? defaultLanguage(navigator.languages ?? [navigator.language]),
  fallbackLng: 'en',
  supportedLngs: ['nl', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORED, language);
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
});
document.documentElement.lang = i18n.language;
