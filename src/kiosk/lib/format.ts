/** Money in euro cents as the language writes it: 1500 → "€ 15,00" (nl) / "€15.00" (en). */
export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
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
