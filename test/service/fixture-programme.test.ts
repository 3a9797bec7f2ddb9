import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandKitOf } from '../../src/service/domain/account/brand-kit';
import { FixtureConflictError } from '../../src/service/fixture/load';
import { applyFixture } from '../../src/service/fixture/reload';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { officeCall, staffMember } from '../helpers/office';

// A fixture loaded after the office edited the programme (docs/office.md "Rewards and the brand"):
// a load replaces the account's brand and terms whole, so check mode lists what the office set;
// rewards the database has are never changed by a load.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const load = (mode: 'check' | 'add-only' | 'replace' = 'check') =>
  applyFixture(t.app.db, t.app.bus, demoAccountFixture(), t.clock.now(), 'demo.json', mode);

describe('the fixture and the office’s programme', () => {
  it('with the brand as the fixture has it (pictures too), a load finds no difference', async () => {
    const owner = await staffMember(t, 'owner');
    // The office saves the brand as it is: the pictures the fixture shipped stay as they are.
    const res = await officeCall(t, owner.cookie, {
      method: 'PUT',
      path: '/brand',
      payload: { primary_color: '#6b3e26', terms_url: 'https://example.com/demo-coffee/terms' },
    });
    expect(res.statusCode).toBe(200);
    await expect(load()).resolves.toMatchObject({ differences: [] });
  });

  it('the office’s colours and terms link: check refuses and lists them; add-only keeps, replace overwrites', async () => {
    const owner = await staffMember(t, 'owner');
    await officeCall(t, owner.cookie, {
      method: 'PUT',
      path: '/brand',
      payload: { primary_color: '#123456', terms_url: 'https://shop.example/terms' },
    });
    await officeCall(t, owner.cookie, {
      method: 'PUT',
      path: `/rewards/${DEMO.rewardCoffee}`,
      payload: { title: 'Free flat white', required_credits: 55 },
    });
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixtureConflictError);
    expect((error as FixtureConflictError).message).toContain(
      'account.brand_kit.primary_color: the office set it to "#123456" (the fixture: "#6b3e26")',
    );
    expect((error as FixtureConflictError).message).toContain(
      'account.settings.terms_url: the office set it to "https://shop.example/terms"',
    );
    expect((error as FixtureConflictError).message).not.toContain('logo');
    expect((await brandKitOf(t.app.db)).primary_color).toBe('#123456');

    await load('add-only');
    expect((await brandKitOf(t.app.db)).primary_color).toBe('#123456');
    const loaded = await load('replace');
    expect(loaded.differences.length).toBe(2);
    expect((await brandKitOf(t.app.db)).primary_color).toBe('#6b3e26');
    // The reward the office changed stays as the office left it, in every mode.
    const reward = await t.app.db
      .selectFrom('rewards')
      .select(['title'])
      .where('uuid', '=', DEMO.rewardCoffee)
      .executeTakeFirstOrThrow();
    expect(reward.title).toBe('Free flat white');
  });
});
