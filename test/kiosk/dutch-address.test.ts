import { describe, expect, it } from 'vitest';
import { nl } from '../../src/kiosk/i18n/nl';
import { nlFormal } from '../../src/kiosk/i18n/nl-formal';
import type { TextOverrides } from '../../src/ui/wording';

/** Every text of `texts` by its key path ("register.title"). */
function paths(texts: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of paths(value as TextOverrides, path)) found.set(inner, text);
  }
  return found;
}

describe('Dutch "je" and "u"', () => {
  const informal = paths(nl);
  const formal = paths(nlFormal);

  it('the formal texts replace texts that exist, keep their placeholders, and say "u", never "je"', () => {
    for (const [path, text] of formal) {
      expect(informal.has(path), path).toBe(true);
      const placeholders = (s: string) =>
        [...s.matchAll(/\{\{\w+\}\}|\$t\([\w.]+\)/g)].map((m) => m[0]).sort();
      expect(placeholders(text), path).toEqual(placeholders(informal.get(path) ?? ''));
      expect(text, path).not.toMatch(/\b(je|jij|jou|jouw)\b/i);
    }
  });

  it('every informal text that addresses the customer has its formal one', () => {
    const addressing = [...informal].filter(([, text]) => /\b(je|jij|jou|jouw)\b/i.test(text));
    expect(addressing.length).toBeGreaterThan(100);
    expect(addressing.filter(([path]) => !formal.has(path)).map(([path]) => path)).toEqual([]);
  });
});
