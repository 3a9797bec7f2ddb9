import { storedLanguageI18n } from '../../web/stored-language';
import { en } from './en';
import { nl } from './nl';

const STORED = 'portal-me-language';

/**
 * The /me/ page's i18next, Dutch and English bundled (namespace `me`). It starts in the language
 * the customer chose last on this phone, else the browser's; the page's `lang` follows it.
 */
export const i18n = storedLanguageI18n('me', { en, nl }, STORED);
