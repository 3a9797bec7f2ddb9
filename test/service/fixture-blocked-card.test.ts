import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFixture } from '../../src/service/fixture/reload';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { officeCall, staffMember } from '../helpers/office';

// A card blocked in the office (docs/office.md "Customer service") stays blocked whatever a fixture
// load does: a load leaves a contact it has, and the contact's cards, as they are, in every mode.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('a card the office blocked, and the fixture loaded again', () => {
  it('stays blocked after a check and a replace load, and the counter still refuses it', async () => {
    const owner = await staffMember(t, 'owner');
    const card = await t.app.db
      .selectFrom('contact_identifiers')
      .select('id')
      .where('value', '=', 'CARD-0001')
      .executeTakeFirstOrThrow();
    const blocked = await officeCall(t, owner.cookie, {
      method: 'PUT',
      path: `/customers/${DEMO.anna}/cards/${card.id}`,
      headers: { 'content-type': 'application/json' },
      payload: { blocked: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    for (const mode of ['check', 'replace'] as const)
      await applyFixture(t.app.db, t.app.bus, demoAccountFixture(), t.clock.now(), 'demo.json', mode);

    const row = await t.app.db
      .selectFrom('contact_identifiers')
      .select(['active', 'blocked_at'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row.blocked_at).not.toBeNull();
    expect(Boolean(row.active)).toBe(false);
    const lookup = await t.call({
      method: 'GET',
      url: '/contact-identifiers/find?contact_identifier_value=CARD-0001',
    });
    expect(lookup.statusCode).toBe(422);
    expect(lookup.json()).toMatchObject({ code: 60004, reason: 'card_blocked' });
  });
});
