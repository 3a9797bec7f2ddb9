import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AccountWording } from '../../contract/portal';
import { defaultLanguage, languageFor } from '../../kiosk/i18n/language';
import { applyWording } from '../../ui/wording';
import { en } from './en';
import { nl } from './nl';

const STORED = 'portal-cashier-language';

/**
 * The console's i18next, Dutch and English bundled. It starts in the language the cashier chose
 * last on this device, else the browser's; the page's `lang` follows it.
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
  // Copies: the account's wording (ui/wording.ts) changes the texts i18next holds, never en and nl.
  resources: { en: { cashier: structuredClone(en) }, nl: { cashier: structuredClone(nl) } },
  ns: ['cashier'],
  defaultNS: 'cashier',
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

/**
 * Puts the account's credit word and decimals in place (ui/wording.ts) for the console; called while
 * the paired console renders.
 */
export function useAccountWording(wording: AccountWording): void {
  applyWording(i18n, 'cashier', { nl, en }, null, wording);
}
