/*
 * Numbers, money and dates as the screen's language writes them. Each Intl formatter is made once
 * per language and options: making one costs milliseconds (a slow tablet's first one, loading the
 * language's data, tens of them), and a count-up formats a number every frame.
 */
import { currentWording, roundCredits } from '../ui/wording';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter `make` builds for `key` (kind, language and options), made on first use. */
function once<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  once(`number ${language} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));

const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  once(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, options));

const MONEY: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };
/** Credits with the account's decimals (whole points unless it says otherwise). */
const creditsOptions = (): Intl.NumberFormatOptions => ({
  maximumFractionDigits: currentWording().credit_decimals,
});

/** Money in euro cents as the language writes it: 1500 → "€ 15,00" (nl) / "€15.00" (en). */
export function formatMoney(cents: number, language: string): string {
  return numberFormat(language, MONEY).format(cents / 100);
}

/** The decimal separator the language writes: "," (nl), "." (en). */
export function decimalSeparator(language: string): string {
  return (
    numberFormat(language)
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/**
 * Credits as the language writes them, with the account's decimals (ui/wording.ts): 1234.5 →
 * "1.234" (nl, whole points), "1.234,5" with one decimal. `direction`: `down` for a balance, `up`
 * for what is still needed.
 */
export function formatCredits(
  credits: number,
  language: string,
  direction: 'down' | 'up' | 'nearest' = 'down',
): string {
  return numberFormat(language, creditsOptions()).format(roundCredits(credits, direction));
}

/** The name to greet a contact by: their first name, else null (then greet without one). */
export function greetingName(contact: { firstname: string | null }): string | null {
  return contact.firstname?.trim() || null;
}

/** Money with its sign always written: -500 → "-€ 5,00", 1000 → "+€ 10,00" (nl). */
export function formatSignedMoney(cents: number, language: string): string {
  return numberFormat(language, { ...MONEY, signDisplay: 'exceptZero' }).format(cents / 100);
}

/** Credits with their sign always written: 12 → "+12", -50 → "-50". */
export function formatSignedCredits(credits: number, language: string): string {
  return numberFormat(language, { ...creditsOptions(), signDisplay: 'exceptZero' }).format(
    roundCredits(credits, 'nearest'),
  );
}

/** A date as the language writes it in full: "31 december 2027" (nl) / "December 31, 2027" (en). */
export function formatDate(iso: string, language: string): string {
  return dateFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** A date as the language writes it briefly: "25 nov 2026" (nl) / "Nov 25, 2026" (en). */
export function formatShortDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A moment as a short date and time: "21 nov 2026 14:05" (nl). */
export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Makes the formatters a customer's screens use first (money and credits, in `language`), so the
 * first screen that shows a balance does not pay for them: call it while the page is idle.
 */
export function prepareFormats(language: string): void {
  formatMoney(0, language);
  formatCredits(0, language);
}
