import { describe, expect, it } from 'vitest';
import { FixtureError, parseFixture } from '../../src/service/fixture/load';
import { demoAccountFixture } from '../../src/service/fixture/seed';

/** The fixture's cashier console parts: `cashier_devices` and `account.settings.session_defaults`. */
describe('cashier devices in the fixture', () => {
  const demo = () => JSON.parse(JSON.stringify(demoAccountFixture()));

  it('the demo account has one cashier device, at Amsterdam, and session defaults', () => {
    const fixture = demoAccountFixture();
    expect(fixture.cashier_devices).toEqual([
      { token: 'demo-cashier-amsterdam', shop: 'a0000000-0000-4000-8000-000000000001', name: 'Till 1' },
    ]);
    expect(fixture.account.settings?.session_defaults).toMatchObject({ enable_registration: true });
  });

  it('refuses a short token, a device without a name and unknown session defaults, naming each path', () => {
    const fixture = demo();
    fixture.cashier_devices = [{ token: 'short', shop: fixture.shops[0].uuid }];
    fixture.account.settings = { session_defaults: { scanner_type: 'laser', enable_sms: true } };
    let error: FixtureError | undefined;
    try {
      parseFixture(fixture, 'test');
    } catch (err) {
      error = err as FixtureError;
    }
    expect(error).toBeInstanceOf(FixtureError);
    const problems = error!.problems.join('\n');
    expect(problems).toContain('cashier_devices[0].token');
    expect(problems).toContain('cashier_devices[0].name');
    expect(problems).toContain('account.settings.session_defaults.scanner_type');
    expect(problems).toContain('account.settings.session_defaults');
  });

  it('keeps other account settings as they are', () => {
    const fixture = demo();
    fixture.account.settings = { idle_seconds: 30, session_defaults: {} };
    expect(parseFixture(fixture, 'test').account.settings).toEqual({
      idle_seconds: 30,
      session_defaults: {},
    });
  });
});
