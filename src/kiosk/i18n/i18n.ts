import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AccountWording } from '../../contract/portal';
import { applyWording } from '../../ui/wording';
import { defaultLanguage, type Language, languageFor } from '../../web/language';
import { en } from './en';
import { nl } from './nl';
import { nlFormal } from './nl-formal';

/**
 * i18next with both languages bundled (no network: the kiosk must work offline). The page's
 * `lang` attribute follows the language, for screen readers and hyphenation.
 */
export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  // Copies: the account's wording (ui/wording.ts) changes the texts i18next holds, never en and nl.
  resources: { en: { kiosk: structuredClone(en) }, nl: { kiosk: structuredClone(nl) } },
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

/**
 * Switches to a contact's language (`locale` like `nl-NL`) when we speak it and it is not already
 * on screen. Called where the contact arrives: with the flow's next step on an identify or register
 * answer (one render shows the customer's first screen in their language, not in the browser's
 * and then again in theirs), and by useContactLanguage.
 */
export function switchToLanguageOf(contact: { locale: string | null }): void {
  const language = languageFor(contact.locale);
  if (language && language !== i18n.language) void i18n.changeLanguage(language);
}

/** The language on screen now. */
export function currentLanguage(): Language {
  return languageFor(i18n.language) ?? 'nl';
}

/**
 * Puts the account's wording in place (ui/wording.ts): je or u, its credit word and decimals, its
 * translations. Called while a session or standby screen renders, before the screens that read it.
 */
export function useAccountWording(wording: AccountWording | undefined): void {
  applyWording(i18n, 'kiosk', { nl, en }, nlFormal, wording);
}
