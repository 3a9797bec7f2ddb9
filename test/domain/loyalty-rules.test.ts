import { describe, expect, it } from 'vitest';
import {
  applyRule,
  type LoyaltyRule,
  selectRule,
  shopLocalTime,
} from '../../src/service/domain/loyalty/rules';

function rule(id: number, over: Partial<LoyaltyRule> = {}): LoyaltyRule {
  return {
    id,
    unit_id: 1,
    credits_per_unit: '1',
    rounding: 'floor',
    tier_id: null,
    weekdays: null,
    from_time: null,
    until_time: null,
    ...over,
  };
}

// 2026-11-21 is a Saturday; Amsterdam is UTC+1 in November and UTC+2 in July.
const SATURDAY_11H = new Date('2026-11-21T10:00:00Z');

describe('shopLocalTime', () => {
  it('reads weekday and time in Europe/Amsterdam, summer time included', () => {
    expect(shopLocalTime(SATURDAY_11H)).toEqual({ weekday: 6, time: '11:00' });
    // Sunday 23:30 UTC is already Monday 00:30 in Amsterdam.
    expect(shopLocalTime(new Date('2026-11-22T23:30:00Z'))).toEqual({ weekday: 1, time: '00:30' });
    expect(shopLocalTime(new Date('2026-07-05T22:15:00Z'))).toEqual({ weekday: 1, time: '00:15' });
    expect(shopLocalTime(new Date('2026-11-22T12:00:00Z')).weekday).toBe(7);
  });
});

describe('applyRule', () => {
  it('multiplies in exact decimals and rounds by the rule', () => {
    expect(applyRule(rule(1, { credits_per_unit: '1.5' }), 10.99)).toBe(16);
    expect(applyRule(rule(1), 10.99)).toBe(10);
    expect(applyRule(rule(1, { rounding: 'round', credits_per_unit: '1.5' }), 10.99)).toBe(16);
    expect(applyRule(rule(1, { rounding: 'round' }), 2.5)).toBe(3);
    expect(applyRule(rule(1, { rounding: 'ceil' }), 10.01)).toBe(11);
    expect(applyRule(rule(1, { rounding: 'ceil' }), 10)).toBe(10);
  });

  it('has no float drift: 0.29 × 100 is 29, not 28.999…', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(applyRule(rule(1, { credits_per_unit: '100' }), 0.29)).toBe(29);
    expect(applyRule(rule(1, { credits_per_unit: '0.1' }), 30)).toBe(3);
  });

  it('rounds the magnitude, so a negative value mirrors the positive one', () => {
    expect(applyRule(rule(1, { credits_per_unit: '1.5' }), -10.99)).toBe(-16);
    expect(applyRule(rule(1, { rounding: 'ceil' }), -10.01)).toBe(-11);
    expect(Object.is(applyRule(rule(1), -0.4), 0)).toBe(true);
  });
});

describe('selectRule', () => {
  const base = rule(1);
  const gold = rule(2, { tier_id: 7, credits_per_unit: '1.5' });
  const saturday = rule(3, { weekdays: [6, 7], credits_per_unit: '2' });
  const goldSaturday = rule(4, { tier_id: 7, weekdays: [6], credits_per_unit: '3' });
  const morning = rule(5, { from_time: '08:00', until_time: '10:00', credits_per_unit: '4' });

  it('no matching rule → undefined', () => {
    expect(selectRule([], { tierId: null, at: SATURDAY_11H })).toBeUndefined();
    expect(selectRule([gold], { tierId: null, at: SATURDAY_11H })).toBeUndefined();
  });

  it('a tier rule applies only to that tier', () => {
    expect(selectRule([base, gold], { tierId: 7, at: SATURDAY_11H })).toBe(gold);
    expect(selectRule([base, gold], { tierId: 3, at: SATURDAY_11H })).toBe(base);
  });

  it('a weekday rule applies only on its local weekdays', () => {
    expect(selectRule([base, saturday], { tierId: null, at: SATURDAY_11H })).toBe(saturday);
    const wednesday = new Date('2026-11-25T10:00:00Z');
    expect(selectRule([base, saturday], { tierId: null, at: wednesday })).toBe(base);
  });

  it('a time window applies only inside [from, until) in local time', () => {
    const at = (iso: string) => ({ tierId: null, at: new Date(iso) });
    expect(selectRule([base, morning], at('2026-11-21T07:00:00Z'))).toBe(morning); // 08:00 local
    expect(selectRule([base, morning], at('2026-11-21T08:59:00Z'))).toBe(morning); // 09:59 local
    expect(selectRule([base, morning], at('2026-11-21T09:00:00Z'))).toBe(base); // 10:00 local
    expect(selectRule([base, morning], at('2026-11-21T06:59:00Z'))).toBe(base); // 07:59 local
  });

  it('a window past midnight wraps, and an open end is open', () => {
    const night = rule(6, { from_time: '22:00', until_time: '02:00' });
    const afternoon = rule(7, { from_time: '12:00' });
    const at = (iso: string) => ({ tierId: null, at: new Date(iso) });
    expect(selectRule([base, night], at('2026-11-21T22:30:00Z'))).toBe(night); // 23:30 local
    expect(selectRule([base, night], at('2026-11-21T00:30:00Z'))).toBe(night); // 01:30 local
    expect(selectRule([base, night], at('2026-11-21T02:00:00Z'))).toBe(base); // 03:00 local
    expect(selectRule([base, afternoon], at('2026-11-21T12:00:00Z'))).toBe(afternoon);
    expect(selectRule([base, afternoon], at('2026-11-21T10:00:00Z'))).toBe(base);
  });

  it('the most specific matching rule wins; ties go to the lowest id', () => {
    const all = [base, gold, saturday, goldSaturday, morning];
    expect(selectRule(all, { tierId: 7, at: SATURDAY_11H })).toBe(goldSaturday);
    expect(selectRule(all, { tierId: null, at: SATURDAY_11H })).toBe(saturday);
    const tie = [saturday, gold].reverse();
    expect(selectRule(tie, { tierId: 7, at: SATURDAY_11H })).toBe(gold);
    const sameFilters = [rule(9, { tier_id: 7 }), rule(8, { tier_id: 7 })];
    expect(selectRule(sameFilters, { tierId: 7, at: SATURDAY_11H })?.id).toBe(8);
  });
});
