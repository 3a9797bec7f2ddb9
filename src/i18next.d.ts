import type { CashierTexts } from './cashier/i18n/en';
import type { KioskTexts } from './kiosk/i18n/en';

// Typed i18n keys: `t('errors.nope')` fails the typecheck. The kiosk's texts are the namespace
// `kiosk` (the default), the cashier console's `cashier` (its components ask for it by name).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'kiosk';
    resources: { kiosk: KioskTexts; cashier: CashierTexts };
  }
}
