import { describe, expect, it } from 'vitest';
import { acceptedLocales, defaultLanguage, languageFor } from '../../src/kiosk/i18n/language';

describe('language: from the contact, else the browser', () => {
  it.each([
    ['nl', 'nl'],
    ['nl-BE', 'nl'],
    ['en_GB', 'en'],
    ['EN', 'en'],
    ['de', null],
    [null, null],
    ['', null],
  ])('%s → %s', (locale, language) => {
    expect(languageFor(locale)).toBe(language);
  });

  it("the browser's first language we speak, else Dutch", () => {
    expect(defaultLanguage(['de-DE', 'en-US', 'nl'])).toBe('en');
    expect(defaultLanguage(['fr'])).toBe('nl');
    expect(defaultLanguage([])).toBe('nl');
  });

  it("an Accept-Language header's locales, most wanted first (the service's first render)", () => {
    expect(acceptedLocales('nl-NL,nl;q=0.9,en;q=0.8')).toEqual(['nl-NL', 'nl', 'en']);
    expect(acceptedLocales('en;q=0.5, de-DE, fr;q=0.7')).toEqual(['de-DE', 'fr', 'en']);
    expect(acceptedLocales('de;q=0, *;q=0.1, en;q=x')).toEqual([]);
    expect(acceptedLocales(undefined)).toEqual([]);
    expect(defaultLanguage(acceptedLocales('de-DE,en-GB;q=0.9,nl;q=0.5'))).toBe('en');
  });
});
