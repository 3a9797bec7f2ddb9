import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage } from '../../src/contract/office';
import { recordAudit } from '../../src/service/domain/office/audit';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { meCall, meCookie } from '../helpers/me';
import { officeCall, staffMember } from '../helpers/office';
import { lastCodeSentTo } from '../helpers/verification';

/*
 * The office's audit log (docs/office.md "Audit log"): every change with who, when and from where,
 * filtered and paged; a manager reads their shops' entries only; entries outlive what they name and
 * lose a customer's personal data when that customer is erased.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function page(cookie: string, query: Record<string, string | number> = {}) {
  const text = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await officeCall(t, cookie, { method: 'GET', path: `/audit${text ? `?${text}` : ''}` });
  expect(res.statusCode).toBe(200);
  return auditPage.parse(res.json());
}

async function newShop(cookie: string): Promise<string> {
  const res = await officeCall(t, cookie, {
    method: 'POST',
    path: '/shops',
    payload: { name: uniqueId('Shop') },
  });
  expect(res.statusCode).toBe(201);
  return res.json().uuid;
}

const rename = (cookie: string, shop: string) =>
  officeCall(t, cookie, { method: 'PUT', path: `/shops/${shop}`, payload: { name: uniqueId('Renamed') } });

describe('office audit log: who may read it', () => {
  it('refuses a signed-out caller (401) and a cashier (403)', async () => {
    const cashier = await staffMember(t, 'cashier');
    expectReason(await officeCall(t, null, { method: 'GET', path: '/audit' }), 'office_signed_out');
    expectReason(
      await officeCall(t, cashier.cookie, { method: 'GET', path: '/audit' }),
      'office_not_allowed',
    );
  });

  it("shows a manager the entries of their shops only: never another shop's or the account's, nor by filtering for them", async () => {
    const owner = await staffMember(t, 'owner');
    const manager = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    expect((await rename(owner.cookie, DEMO.shop)).statusCode).toBe(200);
    expect((await rename(owner.cookie, DEMO.shopUtrecht)).statusCode).toBe(200);
    const wide = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/register-keys',
      payload: { name: 'Wide', shop_uuid: null },
    });
    expect(wide.statusCode).toBe(201);

    const seen = await page(manager.cookie, { staff_uuid: owner.uuid });
    expect(seen.entries.map((e) => [e.action, e.shop?.uuid])).toEqual([['shop.changed', DEMO.shopUtrecht]]);
    const all = await page(owner.cookie, { staff_uuid: owner.uuid });
    expect(all.entries.map((e) => e.action)).toEqual([
      'register_key.created',
      'shop.changed',
      'shop.changed',
    ]);
    expect(all.entries[0]!.shop).toBeNull();

    expectReason(
      await officeCall(t, manager.cookie, { method: 'GET', path: `/audit?shop_uuid=${DEMO.shop}` }),
      'office_not_allowed',
    );
    expectReason(
      await officeCall(t, manager.cookie, {
        method: 'GET',
        path: '/audit?shop_uuid=00000000-0000-4000-8000-00000000dead',
      }),
      'office_not_allowed',
    );
    await expectError(
      await officeCall(t, owner.cookie, {
        method: 'GET',
        path: '/audit?shop_uuid=00000000-0000-4000-8000-00000000dead',
      }),
      1008,
      404,
    );
  });
});

describe('office audit log: reading it', () => {
  it('names who, from where, what, before and after; newest first, 50 a page, paged by before_id', async () => {
    const owner = await staffMember(t, 'owner');
    const shop = await newShop(owner.cookie);
    for (let i = 0; i < 54; i++) expect((await rename(owner.cookie, shop)).statusCode).toBe(200);

    const first = await page(owner.cookie, { staff_uuid: owner.uuid });
    expect(first.entries).toHaveLength(50);
    expect(first.next).toBe(first.entries[49]!.id);
    const ids = first.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.entries[0]).toMatchObject({
      staff: { uuid: owner.uuid, name: owner.name },
      device: null,
      address: '127.0.0.1',
      action: 'shop.changed',
      subject_type: 'shop',
      subject_uuid: shop,
      shop: { uuid: shop },
    });
    expect(first.entries[0]!.before).toMatchObject({ name: first.entries[1]!.after!.name });

    const second = await page(owner.cookie, { staff_uuid: owner.uuid, before_id: first.next! });
    expect(second.entries.map((e) => e.action)).toEqual([
      'shop.changed',
      'shop.changed',
      'shop.changed',
      'shop.changed',
      'shop.created',
    ]);
    expect(second.next).toBeNull();
    expect(Math.max(...second.entries.map((e) => e.id))).toBeLessThan(Math.min(...ids));

    // By shop: the same entries.
    const byShop = await page(owner.cookie, { shop_uuid: shop });
    expect(byShop.entries.map((e) => e.id)).toEqual(ids);
  });

  it('filters by dates, inclusive, in UTC; a from after to is refused naming the field', async () => {
    const shop = await newShop((await staffMember(t, 'owner')).cookie);
    t.clock.advance(2 * DAY_MS);
    // A session of two days ago has ended: someone signed in today.
    const owner = await staffMember(t, 'owner');
    const later = t.clock.now().toISOString().slice(0, 10);
    expect((await rename(owner.cookie, shop)).statusCode).toBe(200);
    const earlier = new Date(t.clock.now().getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
    const between = new Date(t.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);

    const actions = async (query: Record<string, string>) =>
      (await page(owner.cookie, { shop_uuid: shop, ...query })).entries.map((e) => e.action);
    expect(await actions({})).toEqual(['shop.changed', 'shop.created']);
    expect(await actions({ from: later })).toEqual(['shop.changed']);
    expect(await actions({ to: earlier })).toEqual(['shop.created']);
    expect(await actions({ from: earlier, to: earlier })).toEqual(['shop.created']);
    expect(await actions({ from: between, to: between })).toEqual([]);
    expect(await actions({ from: earlier, to: later })).toEqual(['shop.changed', 'shop.created']);

    const wrong = await officeCall(t, owner.cookie, {
      method: 'GET',
      path: `/audit?from=${later}&to=${earlier}`,
    });
    const body = await expectError(wrong, 1003);
    expect(Object.keys(body.errors ?? {})).toEqual(['from']);
  });

  it('keeps entries when what they name is gone: a revoked key, a removed staff member (by the name kept)', async () => {
    const owner = await staffMember(t, 'owner');
    const made = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/register-keys',
      payload: { name: 'Gone soon', shop_uuid: DEMO.shop },
    });
    const key = made.json().key.uuid as string;
    expect(
      (
        await officeCall(t, owner.cookie, {
          method: 'POST',
          path: `/register-keys/${key}/revoke`,
          payload: {},
        })
      ).statusCode,
    ).toBe(204);
    await t.app.db
      .updateTable('staff')
      .set({ removed_at: '2026-01-01T00:00:00+00:00', name: 'Renamed later' })
      .where('id', '=', owner.id)
      .execute();

    const reader = await staffMember(t, 'owner');
    const entries = (await page(reader.cookie, { staff_uuid: owner.uuid })).entries;
    expect(entries.map((e) => [e.action, e.subject_uuid])).toEqual([
      ['register_key.revoked', key],
      ['register_key.created', key],
    ]);
    // The name as it was when they acted.
    expect(entries.every((e) => e.staff?.name === owner.name && e.staff.uuid === owner.uuid)).toBe(true);
  });
});

describe('office audit log: erasure', () => {
  it("erases a customer's personal data from the entries about them (who, what and when stay); others' entries are untouched", async () => {
    const email = `${uniqueId('audit')}@example.com`;
    const created = await t.call({
      method: 'POST',
      url: '/contacts',
      payload: { email, firstname: 'Auditta' },
    });
    expect(created.statusCode).toBe(201);
    const uuid = created.json().data.uuid as string;
    const { id: contactId } = await t.app.db
      .selectFrom('contacts')
      .select('id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    const shop = await t.app.db
      .selectFrom('shops')
      .select('id')
      .where('uuid', '=', DEMO.shop)
      .executeTakeFirstOrThrow();
    const session = uniqueId('session');
    // What the till records when its cashier starts a session for this customer.
    const by = { staffId: null, staffName: 'Sam', deviceName: 'Till 1', address: null };
    await t.app.tx((tx) =>
      recordAudit(tx, by, {
        action: 'portal_session.started',
        subjectType: 'portal_session',
        subjectUuid: session,
        shopId: shop.id,
        contactId,
        before: null,
        after: { contact: { uuid, email, firstname: 'Auditta' } },
      }),
    );
    const other = uniqueId('session');
    await t.app.tx((tx) =>
      recordAudit(tx, by, {
        action: 'portal_session.started',
        subjectType: 'portal_session',
        subjectUuid: other,
        shopId: shop.id,
        contactId: null,
        before: null,
        after: { kept: 'yes' },
      }),
    );

    const cookie = await meCookie(t, uuid);
    expect((await meCall(t, cookie, { method: 'POST', path: '/deletion', payload: {} })).statusCode).toBe(
      202,
    );
    const code = lastCodeSentTo(t, email)!;
    expect(
      (await meCall(t, cookie, { method: 'POST', path: '/deletion/confirm', payload: { code } })).statusCode,
    ).toBe(204);

    const owner = await staffMember(t, 'owner');
    const entries = (await page(owner.cookie, { shop_uuid: DEMO.shop })).entries;
    const erased = entries.find((e) => e.subject_uuid === session)!;
    expect(erased).toMatchObject({
      action: 'portal_session.started',
      staff: { uuid: null, name: 'Sam' },
      device: 'Till 1',
      before: null,
      after: { erased: true },
    });
    expect(JSON.stringify(entries)).not.toContain(email);
    expect(JSON.stringify(entries)).not.toContain('Auditta');
    expect(entries.find((e) => e.subject_uuid === other)!.after).toEqual({ kept: 'yes' });
  });
});
