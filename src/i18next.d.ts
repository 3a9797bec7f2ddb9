import type { CashierTexts } from './cashier/i18n/en';
import type { KioskTexts } from './kiosk/i18n/en';
import type { MeTexts } from './me/i18n/en';
import type { OfficeTexts } from './office/i18n/en';

// Typed i18n keys: `t('errors.nope')` fails the typecheck. The kiosk's texts are the namespace
// `kiosk` (the default), the cashier console's `cashier`, the /me/ page's `me` and the
// office's `office` (their components ask for theirs by name).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'kiosk';
    resources: { kiosk: KioskTexts; cashier: CashierTexts; me: MeTexts; office: OfficeTexts };
  }
}
