import { storedLanguageI18n } from '../../web/stored-language';
import { en } from './en';
import { nl } from './nl';

const STORED = 'portal-office-language';

/**
 * The office's i18next, Dutch and English bundled (namespace `office`). It starts in the language
 * chosen last on this computer or phone, else the browser's; the page's `lang` follows it.
 */
export const i18n = storedLanguageI18n('office', { en, nl }, STORED);
