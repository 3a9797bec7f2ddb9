import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectableReward as collectableSchema } from '../../src/contract/public/collectable-rewards';
import { createTestApp, DEMO, newContact, type TestApp } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';
import { expectLedgersBalanced, storedCredits } from '../helpers/ledger';

const COFFEE = 'e0000000-0000-4000-8000-000000000001';
const DISCOUNT = 'e0000000-0000-4000-8000-000000000003';
const BEANS = 'e0000000-0000-4000-8000-000000000004';
const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

afterEach(() => expectLedgersBalanced(t.app.db));

async function claim(contact_uuid: string, reward_uuid: string): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/reward-receptions',
    payload: { contact_uuid, reward_uuid, shop_uuid: DEMO.shop },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.uuid;
}

const list = (contact: string, token: string | null = DEMO.apiKey) =>
  t.call({ method: 'GET', url: `/collectable-rewards?contact_uuid=${contact}`, token });
const collect = (uuid: string, token: string | null = DEMO.apiKey) =>
  t.call({ method: 'PUT', url: `/collectable-rewards/collect/${uuid}`, token });
const reverse = (uuid: string, token: string | null = DEMO.personalAccessToken, payload?: object) =>
  t.call({
    method: 'POST',
    url: `/v3/oauth/clients/collectable-rewards/${uuid}/reverse`,
    token,
    ...(payload ? { payload } : {}),
  });

describe('collectable rewards', () => {
  it('a claimed physical reward is listed as collectable; a digital one is not', async () => {
    const before = await storedCredits(t.app.db, DEMO.dirk);
    const coffee = await claim(DEMO.dirk, COFFEE);
    const discount = await claim(DEMO.dirk, DISCOUNT);
    const res = await list(DEMO.dirk);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    for (const item of data) collectableSchema.parse(item);
    const uuids = data.map((c: { uuid: string }) => c.uuid);
    expect(uuids).not.toContain(discount);
    expect(data.find((c: { uuid: string }) => c.uuid === coffee)).toEqual({
      contact: { uuid: DEMO.dirk, email: 'dirk@example.com', credit_balance: { balance: before - 50 - 30 } },
      created_at: '2026-11-21T10:00:00+00:00',
      uuid: coffee,
      title: 'Free coffee',
      reward: expect.objectContaining({ uuid: COFFEE, reward_type: 'PHYSICAL' }),
      expires_at: '2026-12-21T10:00:00+00:00',
      has_been_collected: false,
    });
    expect((await list(DEMO.carla)).json().data).toEqual([]);
  });

  it('collect → COLLECTED (listed with has_been_collected true); twice → 409; reverse → collectable again', async () => {
    const reception = await claim(DEMO.anna, COFFEE);
    const res = await collect(reception);
    expect(res.statusCode).toBe(200);
    const redemption = res.json().data;
    // The redemption, with the Collectable Reward's fields as the real platform answers.
    expect(redemption).toMatchObject({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'COLLECTED',
      contact: { uuid: DEMO.anna },
      title: 'Free coffee',
      reward: { uuid: COFFEE },
      has_been_collected: true,
    });
    expect(redemption.uuid).not.toBe(reception);
    expect(res.json().meta).toEqual({});
    const listed = (await list(DEMO.anna)).json().data.find((c: { uuid: string }) => c.uuid === reception);
    expect(listed.has_been_collected).toBe(true);

    const twice = await collect(reception);
    expect(twice.json()).toMatchObject({ code: 1003, status_code: 409, reason: 'reward_already_collected' });

    const reversed = await reverse(redemption.uuid, DEMO.personalAccessToken, { uuid: redemption.uuid });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().data).toEqual({ uuid: redemption.uuid, status: 'REVERSED' });
    const after = (await list(DEMO.anna)).json().data.find((c: { uuid: string }) => c.uuid === reception);
    expect(after.has_been_collected).toBe(false);

    const again = await reverse(redemption.uuid);
    expect(again.json()).toMatchObject({
      code: 1003,
      status_code: 409,
      reason: 'redemption_already_reversed',
    });

    const recollect = await collect(reception);
    expect(recollect.statusCode).toBe(200);
    expect(recollect.json().data.uuid).not.toBe(redemption.uuid);
  });

  it('80300 for an unknown uuid, a digital reward, an expired or a reversed claim', async () => {
    expect((await collect(UNKNOWN)).json()).toMatchObject({ code: 80300, status_code: 404 });
    const digital = await claim(DEMO.ben, DISCOUNT);
    expect((await collect(digital)).json()).toMatchObject({ code: 80300 });

    const reversedClaim = await claim(DEMO.dirk, COFFEE);
    await t.call({ method: 'POST', url: `/reward-receptions/${reversedClaim}/reverse` });
    expect((await collect(reversedClaim)).json()).toMatchObject({ code: 80300 });
    const listed = (await list(DEMO.dirk)).json().data.map((c: { uuid: string }) => c.uuid);
    expect(listed).not.toContain(reversedClaim);

    const expiring = await claim(DEMO.dirk, BEANS);
    t.clock.advance(61 * DAY);
    try {
      expect((await collect(expiring)).json()).toMatchObject({ code: 80300 });
      const later = (await list(DEMO.dirk)).json().data.map((c: { uuid: string }) => c.uuid);
      expect(later).not.toContain(expiring);
    } finally {
      t.clock.advance(-61 * DAY);
    }
  });

  it('6003 when the reward no longer exists', async () => {
    const created = await t.app.db
      .insertInto('rewards')
      .values({
        uuid: 'e0000000-0000-4000-8000-0000000000aa',
        title: 'Gone soon',
        description: null,
        type: 'reward',
        reward_type: 'PHYSICAL',
        required_credits_centi: 100,
        stock: null,
        active: 1,
        claim_limit_per_contact: null,
        pre_redeemable: 0,
        expiration_duration: null,
        cost_price: null,
        media: null,
        attributes: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reception = await claim(DEMO.dirk, 'e0000000-0000-4000-8000-0000000000aa');
    await t.app.db.deleteFrom('rewards').where('id', '=', created.id).execute();
    expect((await collect(reception)).json()).toMatchObject({ code: 6003, status_code: 404 });
    const listed = (await list(DEMO.dirk)).json().data.map((c: { uuid: string }) => c.uuid);
    expect(listed).not.toContain(reception);
  });

  it('list: 1003 without contact_uuid, 55031 unknown contact', async () => {
    expect((await t.call({ method: 'GET', url: '/collectable-rewards' })).json()).toMatchObject({
      code: 1003,
      errors: { contact_uuid: expect.any(Array) },
    });
    expect((await list(UNKNOWN)).json()).toMatchObject({ code: 55031, status_code: 404 });
  });

  it('reverse: 1003 (404) unknown redemption, 1003 when the body uuid differs', async () => {
    expect((await reverse(UNKNOWN)).json()).toMatchObject({
      code: 1003,
      status_code: 404,
      reason: 'redemption_not_found',
    });
    const reception = await claim(DEMO.anna, COFFEE);
    const redemption = (await collect(reception)).json().data.uuid;
    const mismatch = await reverse(redemption, DEMO.personalAccessToken, { uuid: UNKNOWN });
    expect(mismatch.json()).toMatchObject({ code: 1003, errors: { uuid: expect.any(Array) } });
    expect((await reverse(redemption)).statusCode).toBe(200);
  });

  it("another shop's register key neither collects a reward waiting at a shop nor reverses its collection: as unknown ones, nothing changes", async () => {
    const contact = await newContact(t);
    const credited = { contact_uuid: contact, credits: 50, shop_uuid: DEMO.shop };
    expect((await t.call({ method: 'POST', url: '/credit-receptions', payload: credited })).statusCode).toBe(
      201,
    );
    const reception = await claim(contact, COFFEE);
    // The register surface takes a register key for the spec's personal-access-token reverse.
    const reverseAt = (uuid: string, token: string) =>
      t.call({ method: 'POST', url: `/api/v3/register/collectable-rewards/${uuid}/reverse`, token });
    const asUnknown = async (
      res: { statusCode: number; json(): unknown },
      unknown: { statusCode: number; json(): unknown },
    ) =>
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: unknown.statusCode,
        body: unknown.json(),
      });

    const unknownCollect = await collect(UNKNOWN, DEMO.registerKeyUtrecht);
    expect(unknownCollect.json()).toMatchObject({ code: 80300, status_code: 404 });
    let before = await databaseSnapshot(t.app.db);
    await asUnknown(await collect(reception, DEMO.registerKeyUtrecht), unknownCollect);
    await expectNothingChanged(t.app.db, before, "another shop's collect");

    const collected = await collect(reception, DEMO.registerKey);
    expect(collected.statusCode).toBe(200);
    const redemption = collected.json().data.uuid;
    const unknownReverse = await reverseAt(UNKNOWN, DEMO.registerKeyUtrecht);
    expect(unknownReverse.json()).toMatchObject({
      code: 1003,
      status_code: 404,
      reason: 'redemption_not_found',
    });
    before = await databaseSnapshot(t.app.db);
    await asUnknown(await reverseAt(redemption, DEMO.registerKeyUtrecht), unknownReverse);
    await expectNothingChanged(t.app.db, before, "another shop's reversal of a collection");

    expect((await reverseAt(redemption, DEMO.registerKey)).json().data).toEqual({
      uuid: redemption,
      status: 'REVERSED',
    });
  });

  it('auth: list and collect need an API key, reverse a personal access token', async () => {
    expect((await list(DEMO.anna, null)).statusCode).toBe(401);
    expect((await list(DEMO.anna, DEMO.personalAccessToken)).statusCode).toBe(403);
    expect((await collect(UNKNOWN, null)).statusCode).toBe(401);
    expect((await collect(UNKNOWN, DEMO.accessToken)).statusCode).toBe(403);
    expect((await reverse(UNKNOWN, null)).statusCode).toBe(401);
    expect((await reverse(UNKNOWN, DEMO.apiKey)).statusCode).toBe(403);
    const sdk = await t.call({
      method: 'POST',
      url: `/api/v3/oauth/clients/collectable-rewards/${UNKNOWN}/reverse`,
      token: DEMO.personalAccessToken,
    });
    expect(sdk.json()).toMatchObject({ code: 1003, status_code: 404 });
  });
});
