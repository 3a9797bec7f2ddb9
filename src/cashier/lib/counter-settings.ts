import type { CashierDevice, StartSessionRequest } from '../../contract/cashier';

/**
 * The counter screen's switches the cashier sets once per device (the settings sheet), sent with
 * every session the console starts: the scanner, e-mail identification, registration, the
 * on-screen keyboard (identifying types) and several gift cards (gift-card payments).
 */
export type CounterSettings = Required<
  Pick<
    StartSessionRequest,
    | 'scanner_type'
    | 'enable_email_identification'
    | 'enable_registration'
    | 'enable_on_screen_keyboard'
    | 'allow_multiple_giftcards'
  >
>;

const SWITCHES = [
  'enable_email_identification',
  'enable_registration',
  'enable_on_screen_keyboard',
  'allow_multiple_giftcards',
] as const;

/** Where this device's settings are kept in the browser: per shop and device name (never its token). */
export function counterSettingsKey(device: CashierDevice): string {
  return `portal-cashier-counter:${device.shop.uuid}:${device.name}`;
}

/** The account's session defaults: what a device starts with until the cashier changes a switch. */
export function defaultCounterSettings(device: CashierDevice): CounterSettings {
  const defaults = device.session_defaults;
  return {
    scanner_type: defaults.scanner_type,
    enable_email_identification: defaults.enable_email_identification,
    enable_registration: defaults.enable_registration,
    enable_on_screen_keyboard: defaults.enable_on_screen_keyboard,
    allow_multiple_giftcards: defaults.allow_multiple_giftcards,
  };
}

/**
 * The device's settings: those stored for it (`stored`: the JSON text kept under counterSettingsKey,
 * or null) over the account's defaults. A field stored with a wrong shape is ignored.
 */
export function readCounterSettings(device: CashierDevice, stored: string | null): CounterSettings {
  const settings = defaultCounterSettings(device);
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    return settings;
  }
  if (saved.scanner_type === 'camera' || saved.scanner_type === 'hand_scanner')
    settings.scanner_type = saved.scanner_type;
  for (const name of SWITCHES) {
    const value = saved[name];
    if (typeof value === 'boolean') settings[name] = value;
  }
  return settings;
}
