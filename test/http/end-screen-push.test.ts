import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { openSession, sessionState } from '../helpers/portal';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const NOPE = '00000000-0000-4000-8000-000000000000';

async function reception(contact: string, unitValue: number, token: string = DEMO.registerKey) {
  const res = await t.call({
    method: 'POST',
    url: '/credit-receptions',
    token,
    payload: { contact_uuid: contact, unit_value: unitValue },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function posTransaction(amount: number, token: string = DEMO.registerKey) {
  const res = await t.call({
    method: 'POST',
    url: '/pos-transactions',
    token,
    payload: { amount_in_cents: amount },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const endScreenSession = (payload: Record<string, unknown> = {}) =>
  openSession(t, '/credit-reception', payload);
const state = (uuid: string) => sessionState(t, uuid);

async function shownBy(device: string) {
  return (await t.call({ method: 'GET', url: `/portal/api/devices/${device}`, token: null })).json().data
    .session;
}

describe('POST /credit-receptions/{uuid}/push', () => {
  it("delivers to the shop's newest open credit-reception session", async () => {
    await endScreenSession();
    const newest = await endScreenSession();
    const pushed = await reception(DEMO.ben, 10);
    const res = await t.call({
      method: 'POST',
      url: `/credit-receptions/${pushed.uuid}/push`,
      token: DEMO.registerKey,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: {} });
    const s = await state(newest);
    expect(s.contact?.uuid).toBe(DEMO.ben);
    expect(s.credit_reception).toMatchObject({ uuid: pushed.uuid, credits: 10, contact: { uuid: DEMO.ben } });
    expect(s.events).toHaveLength(1);
    // The counter reads it with the address masked.
    expect(s.events[0]).toMatchObject({
      type: 'credit_reception_pushed',
      data: { ...pushed, contact: { ...pushed.contact, email: 'b***@example.com' } },
    });
  });

  it('opens a new session for the shop when none is waiting, which its standby screens show', async () => {
    const taken = await endScreenSession();
    await t.call({
      method: 'POST',
      url: `/credit-receptions/${(await reception(DEMO.anna, 5)).uuid}/push`,
      token: DEMO.registerKey,
    });
    expect((await state(taken)).credit_reception).not.toBeNull();
    await endScreenSession({ contact_uuid: DEMO.anna });
    t.clock.advance(61 * 60_000);
    await t.call({ method: 'POST', url: '/portal-sessions/vouchers', payload: { shop_uuid: DEMO.shop } });

    const pushed = await reception(DEMO.ben, 20);
    const res = await t.call({
      method: 'POST',
      url: `/credit-receptions/${pushed.uuid}/push`,
      token: DEMO.registerKey,
    });
    expect(res.statusCode).toBe(200);
    const shown = await shownBy('demo-device-amsterdam');
    expect(shown.type).toBe('credit_reception');
    expect(shown.uuid).not.toBe(taken);
    const s = await state(shown.uuid);
    expect(s).toMatchObject({
      status: 'open',
      contact: { uuid: DEMO.ben },
      credit_reception: { uuid: pushed.uuid },
    });
    expect(s.settings.scanner_type).toBe('camera');
    expect(s.events.map((e: { type: string }) => e.type)).toEqual(['credit_reception_pushed']);
    expect(await shownBy('demo-device-utrecht')).toBeNull();
  });

  it("with an unbound key goes to the reception's shop, or to shop_uuid (extension)", async () => {
    const pushed = await reception(DEMO.carla, 3);
    expect(
      (await t.call({ method: 'POST', url: `/credit-receptions/${pushed.uuid}/push`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await shownBy('demo-device-amsterdam')).type).toBe('credit_reception');
    const other = await t.call({
      method: 'POST',
      url: `/credit-receptions/${pushed.uuid}/push`,
      payload: { shop_uuid: DEMO.shopUtrecht },
    });
    expect(other.json()).toMatchObject({ code: 55024, status_code: 422 });
    const same = await t.call({
      method: 'POST',
      url: `/api/v3/register/credit-receptions/${pushed.uuid}/push`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `shop_uuid=${DEMO.shop}`,
    });
    expect(same.statusCode).toBe(200);
    const unknownShop = await t.call({
      method: 'POST',
      url: `/credit-receptions/${pushed.uuid}/push`,
      payload: { shop_uuid: NOPE },
    });
    expect(unknownShop.json()).toMatchObject({ code: 1008 });
  });

  it('answers 1028 for an unknown reception and 55024 for another shop’s', async () => {
    const unknown = await t.call({
      method: 'POST',
      url: `/credit-receptions/${NOPE}/push`,
      token: DEMO.registerKey,
    });
    expect(unknown.json()).toMatchObject({ code: 1028, status_code: 404 });
    const pushed = await reception(DEMO.ben, 10);
    const foreign = await t.call({
      method: 'POST',
      url: `/credit-receptions/${pushed.uuid}/push`,
      token: DEMO.registerKeyUtrecht,
    });
    expect(foreign.json()).toMatchObject({ code: 55024 });
    expect(await shownBy('demo-device-utrecht')).toBeNull();
  });

  it('needs an API key', async () => {
    const pushed = await reception(DEMO.ben, 1);
    const url = `/credit-receptions/${pushed.uuid}/push`;
    expect((await t.call({ method: 'POST', url, token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url, token: DEMO.accessToken })).statusCode).toBe(403);
  });
});

describe('POST /pos-transactions/{uuid}/push', () => {
  it('puts the transaction in the waiting session, which then credits it once', async () => {
    const session = await endScreenSession();
    const pos = await posTransaction(2450);
    const res = await t.call({
      method: 'POST',
      url: `/pos-transactions/${pos.uuid}/push`,
      token: DEMO.registerKey,
    });
    expect(res.json()).toEqual({ data: [], meta: {} });
    const s = await state(session);
    expect(s.pos_transaction).toEqual({ uuid: pos.uuid, amount_in_cents: 2450 });
    expect(s.events).toEqual([expect.objectContaining({ type: 'pos_transaction_pushed', data: pos })]);

    const base = `/portal/api/sessions/${session}`;
    await t.call({ method: 'POST', url: `${base}/identify`, token: null, payload: { value: 'CARD-0002' } });
    const credited = await t.call({
      method: 'POST',
      url: `${base}/credit-reception`,
      token: null,
      payload: {},
    });
    expect(credited.statusCode).toBe(200);
    expect(credited.json().data).toMatchObject({
      credits: 24,
      contact: { uuid: DEMO.ben, credit_balance: 59.5 },
    });

    const again = await t.call({
      method: 'POST',
      url: `/pos-transactions/${pos.uuid}/push`,
      token: DEMO.registerKey,
    });
    expect(again.json()).toMatchObject({ code: 6001, status_code: 409 });
  });

  it('opens a session when none is waiting; 1027 unknown or another shop’s', async () => {
    const pos = await posTransaction(1000);
    const res = await t.call({ method: 'POST', url: `/pos-transactions/${pos.uuid}/push` });
    expect(res.statusCode).toBe(200);
    const shown = await shownBy('demo-device-amsterdam');
    expect((await state(shown.uuid)).pos_transaction?.uuid).toBe(pos.uuid);

    const unknown = await t.call({
      method: 'POST',
      url: `/pos-transactions/${NOPE}/push`,
      token: DEMO.registerKey,
    });
    expect(unknown.json()).toMatchObject({ code: 1027, status_code: 404 });
    const foreign = await t.call({
      method: 'POST',
      url: `/pos-transactions/${pos.uuid}/push`,
      token: DEMO.registerKeyUtrecht,
    });
    expect(foreign.json()).toMatchObject({ code: 1027 });
    expect(
      (await t.call({ method: 'POST', url: `/pos-transactions/${pos.uuid}/push`, token: null })).statusCode,
    ).toBe(401);
  });
});
