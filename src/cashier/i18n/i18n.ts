import type { AccountWording } from '../../contract/portal';
import { applyWording } from '../../ui/wording';
import { storedLanguageI18n } from '../../web/stored-language';
import { en } from './en';
import { nl } from './nl';

const STORED = 'portal-cashier-language';

/**
 * The console's i18next, Dutch and English bundled. It starts in the language the cashier chose
 * last on this device, else the browser's; the page's `lang` follows it. It holds copies of en and
 * nl: the account's wording (ui/wording.ts) changes those, never the originals.
 */
export const i18n = storedLanguageI18n(
  'cashier',
  { en: structuredClone(en), nl: structuredClone(nl) },
  STORED,
);

/**
 * Puts the account's credit word and decimals in place (ui/wording.ts) for the console; called while
 * the paired console renders.
 */
export function useAccountWording(wording: AccountWording): void {
  applyWording(i18n, 'cashier', { nl, en }, null, wording);
}
