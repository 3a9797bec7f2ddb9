/** Money in euro cents as the language writes it: 1500 → "€ 15,00" (nl) / "€15.00" (en). */
export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** The decimal separator the language writes: "," (nl), "." (en). */
export function decimalSeparator(language: string): string {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** Credits (may have two decimals) as the language writes them: 1234.5 → "1.234,5" (nl). */
export function formatCredits(credits: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(credits);
}

/** The name to greet a contact by: first name, else full name, else null (then greet without one). */
export function greetingName(contact: { firstname: string | null; lastname: string | null }): string | null {
  const first = contact.firstname?.trim();
  if (first) return first;
  return contact.lastname?.trim() || null;
}

/** Money with its sign always written: -500 → "-€ 5,00", 1000 → "+€ 10,00" (nl). */
export function formatSignedMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'exceptZero',
  }).format(cents / 100);
}

/** Credits with their sign always written: 12 → "+12", -50 → "-50". */
export function formatSignedCredits(credits: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(
    credits,
  );
}

/** A date as the language writes it in full: "31 december 2027" (nl) / "December 31, 2027" (en). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** A date as the language writes it briefly: "25 nov 2026" (nl) / "Nov 25, 2026" (en). */
export function formatShortDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A moment as a short date and time: "21 nov 2026 14:05" (nl). */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
