import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageFor } from '../../src/web/language';

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
});
