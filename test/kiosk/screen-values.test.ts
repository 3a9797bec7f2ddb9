import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from '../../src/kiosk/lib/email';
import { EMAIL_BUTTONS, layoutAfterKey } from '../../src/kiosk/lib/email-keyboard';
import { parseKioskRoute } from '../../src/kiosk/lib/kiosk-route';
import { takeNewEvents } from '../../src/kiosk/lib/new-events';
import { toggleSubscription } from '../../src/kiosk/lib/subscriptions';
import { brandVariables, contrast, EMPTY_BRAND, normalizeHex, readableOn } from '../../src/ui/brand';
import { applyWording, contentText, DEFAULT_WORDING } from '../../src/ui/wording';
import { formatCredits, formatMoney, greetingName } from '../../src/web/format';

describe('kiosk route from the URL', () => {
  it('a session, a standby device, or nothing', () => {
    expect(parseKioskRoute('?uuid=abc')).toEqual({ kind: 'session', uuid: 'abc' });
    expect(parseKioskRoute('?device=tok')).toEqual({ kind: 'standby', token: 'tok' });
    expect(parseKioskRoute('?uuid=abc&device=tok')).toEqual({ kind: 'session', uuid: 'abc' });
    expect(parseKioskRoute('?uuid=')).toEqual({ kind: 'missing' });
    expect(parseKioskRoute('')).toEqual({ kind: 'missing' });
  });
});

describe('brand colours', () => {
  it('takes hex colours only (no CSS injection) and keeps text readable on them', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('red; background: url(x)')).toBeNull();
    expect(readableOn('#6b3e26')).toBe('#ffffff');
    expect(readableOn('#f4e9dc')).toBe('#000000');
    expect(brandVariables({ ...EMPTY_BRAND, primary_color: '#6b3e26' })).toMatchObject({
      '--brand-primary': '#6b3e26',
      '--brand-on-primary': '#ffffff',
      '--brand-secondary': '#eef3f8',
    });
  });
});

describe('text colours derived from the brand kit', () => {
  const brands = [
    ['#ffd84d', '#fff3b0'],
    ['#777777', '#7a7a7a'],
    ['#000000', '#111111'],
    ['#ffffff', '#ffffff'],
    ['#44c6c4', '#d9d9d9'],
  ] as const;
  it.each(brands)('reads at AA on every brand colour (primary %s, secondary %s)', (primary, secondary) => {
    const v = brandVariables({
      ...EMPTY_BRAND,
      primary_color: primary,
      secondary_color: secondary,
      font_color: primary,
    });
    expect(contrast(v['--brand-on-primary']!, primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-on-secondary']!, secondary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-primary-text']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a brand colour that already reads, takes only safe font names, squares corners', () => {
    const v = brandVariables({
      ...EMPTY_BRAND,
      primary_color: '#6b3e26',
      font_family: 'Inter',
      corner_theme: 'square',
    });
    expect(v['--brand-primary-text']).toBe('#6b3e26');
    expect(v['--brand-font']).toBe('"Inter Variable"');
    expect(v['--radius-scale']).toBe('0.4');
    expect(
      brandVariables({ ...EMPTY_BRAND, font_family: 'x"; background: url(y)' })['--brand-font'],
    ).toBeUndefined();
    expect(brandVariables({ ...EMPTY_BRAND, font_family: 'Open Sans' })['--brand-font']).toBe(
      '"Open Sans", "Inter Variable"',
    );
    expect(brandVariables({ ...EMPTY_BRAND, font_family: 'Noto Sans 日本語' })['--brand-font']).toBe(
      '"Noto Sans 日本語", "Inter Variable"',
    );
    expect(brandVariables({ ...EMPTY_BRAND, font_family: 'Café\nSans' })['--brand-font']).toBeUndefined();
  });
});

describe('money and credits in the screen language', () => {
  it('formats euro cents and credits per language', () => {
    expect(formatMoney(1500, 'nl').replace(/\s/g, ' ')).toBe('€ 15,00');
    expect(formatMoney(1500, 'en')).toBe('€15.00');
    // Whole points unless the account says otherwise: what one has rounds down, what one needs up.
    expect(formatCredits(1234.5, 'nl')).toBe('1.234');
    expect(formatCredits(14.5, 'en', 'up')).toBe('15');
    expect(formatCredits(1234.5, 'en')).toBe('1,234');
  });

  it('shows credits with the decimals the account sets, and its content in the screen language', () => {
    const i18n = i18next.createInstance();
    void i18n.init({ resources: {}, lng: 'nl', initAsync: false });
    const texts = { nl: { unit: { point: 'punt', points: 'punten', Points: 'Punten' } }, en: {} };
    applyWording(i18n, 'test', texts, null, {
      ...DEFAULT_WORDING,
      credit_decimals: 1,
      credit_name: { nl: 'Bonen', en: 'beans' },
      translations: { nl: { 'Free coffee': 'Gratis koffie' } },
    });
    expect(formatCredits(1234.56, 'nl')).toBe('1.234,5');
    expect(formatCredits(0.11, 'en', 'up')).toBe('0.2');
    expect(i18n.getResource('nl', 'test', 'unit.points')).toBe('bonen');
    expect(i18n.getResource('nl', 'test', 'unit.Points')).toBe('Bonen');
    expect(i18n.getResource('en', 'test', 'unit.points')).toBe('beans');
    expect(contentText('Free coffee', 'nl')).toBe('Gratis koffie');
    expect(contentText('Free coffee', 'en')).toBe('Free coffee');
    applyWording(i18n, 'test', texts, null, DEFAULT_WORDING);
    expect(i18n.getResource('nl', 'test', 'unit.points')).toBe('punten');
    expect(formatCredits(1234.56, 'nl')).toBe('1.234');
  });

  it('greets by first name, else without a name', () => {
    expect(greetingName({ firstname: 'Anna' })).toBe('Anna');
    // The counter knows no last name: without a first name it greets without one.
    expect(greetingName({ firstname: ' ' })).toBeNull();
    expect(greetingName({ firstname: null })).toBeNull();
  });
});

describe('e-mail entry', () => {
  it('checks that an address is complete before sending it', () => {
    expect(looksLikeEmail('anna@example.com')).toBe(true);
    expect(looksLikeEmail(' anna@example.nl ')).toBe(true);
    expect(looksLikeEmail('anna@example')).toBe(false);
    expect(looksLikeEmail('anna example.com')).toBe(false);
  });

  it('shift toggles capitals; the keyboard has the e-mail keys', () => {
    expect(layoutAfterKey('default', '{shift}')).toBe('shift');
    expect(layoutAfterKey('shift', '{shift}')).toBe('default');
    expect(layoutAfterKey('shift', 'a')).toBe('shift');
    const keys = EMAIL_BUTTONS.split(' ');
    for (const key of ['@', '.', '-', '_', '.com', '.nl', '{bksp}', '{shift}', '0', 'q', 'Q']) {
      expect(keys).toContain(key);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('registration subscription choices', () => {
  const types = [
    { id: 1, name: 'Newsletter', description: null, strategy: 'DOUBLE_OPT_IN' as const },
    { id: 2, name: 'Offers', description: null, strategy: 'OPT_OUT' as const },
    { id: 3, name: 'Partners', description: null, strategy: 'OPT_IN' as const },
  ];

  it('ticking keeps the listed order; unticking removes', () => {
    expect(toggleSubscription(types, [2], 1, true)).toEqual([1, 2]);
    expect(toggleSubscription(types, [1, 2], 2, false)).toEqual([1]);
  });
});

describe('events forwarded to an embedding POS page', () => {
  it('skips what was there on arrival, then forwards each new event once', () => {
    const seen = new Set<string>();
    expect(takeNewEvents(seen, [{ uuid: 'a' }], false)).toEqual([]);
    expect(takeNewEvents(seen, [{ uuid: 'a' }, { uuid: 'b' }], true)).toEqual([{ uuid: 'b' }]);
    expect(takeNewEvents(seen, [{ uuid: 'a' }, { uuid: 'b' }], true)).toEqual([]);
  });
});
