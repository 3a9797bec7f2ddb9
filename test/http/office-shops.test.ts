import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { officeShop, officeShops } from '../../src/contract/office';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectError, expectReason } from '../helpers/errors';
import { officeCall, staffMember } from '../helpers/office';
import { openSession } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

/*
 * The office's shops (docs/office.md "Shops") as an attacker and as the owner call them: only the
 * owner adds, edits and closes; closing stops the shop's tablets, consoles and register keys at
 * once, while its history stays and the public API takes no new business there.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const streams: { close(): void }[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function auditRows(app: TestApp, subject: string) {
  return app.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_uuid', '=', subject)
    .orderBy('id')
    .execute();
}

async function newShop(app: TestApp, cookie: string, name = uniqueId('Shop')) {
  const res = await officeCall(app, cookie, {
    method: 'POST',
    path: '/shops',
    payload: { name, reference: 'REF-1', address: { city: 'Leiden' } },
  });
  expect(res.statusCode).toBe(201);
  return officeShop.parse(res.json());
}

describe('office shops: who may call', () => {
  it('refuses a signed-out caller (401) and a cashier (403) on every route, changing nothing', async () => {
    const cashier = await staffMember(t, 'cashier');
    const calls = [
      { method: 'GET', path: '/shops' },
      { method: 'POST', path: '/shops', payload: { name: 'Stolen' } },
      { method: 'PUT', path: `/shops/${DEMO.shop}`, payload: { name: 'Stolen' } },
      { method: 'POST', path: `/shops/${DEMO.shop}/close`, payload: {} },
    ] as const;
    for (const call of calls) {
      expectReason(await officeCall(t, null, call), 'office_signed_out');
      expectReason(await officeCall(t, 'not-a-session', call), 'office_signed_out');
      expectReason(await officeCall(t, cashier.cookie, call), 'office_not_allowed');
    }
    const shops = await t.app.db.selectFrom('shops').select(['name', 'closed_at']).execute();
    expect(shops.map((s) => s.name)).not.toContain('Stolen');
    expect(shops.every((s) => s.closed_at === null)).toBe(true);
  });

  it('shows a manager only the shops they run, and lets them add, change or close none (theirs neither)', async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    const list = await officeCall(t, manager.cookie, { method: 'GET', path: '/shops' });
    expect(list.statusCode).toBe(200);
    expect(officeShops.parse(list.json()).map((s) => s.uuid)).toEqual([DEMO.shopUtrecht]);

    for (const shop of [DEMO.shop, DEMO.shopUtrecht, '00000000-0000-4000-8000-00000000dead']) {
      expectReason(
        await officeCall(t, manager.cookie, {
          method: 'PUT',
          path: `/shops/${shop}`,
          payload: { name: 'Mine' },
        }),
        'office_not_allowed',
      );
      expectReason(
        await officeCall(t, manager.cookie, { method: 'POST', path: `/shops/${shop}/close`, payload: {} }),
        'office_not_allowed',
      );
    }
    expectReason(
      await officeCall(t, manager.cookie, { method: 'POST', path: '/shops', payload: { name: 'Mine' } }),
      'office_not_allowed',
    );
    const rows = await t.app.db.selectFrom('shops').select(['name', 'closed_at']).execute();
    expect(rows.map((s) => s.name)).not.toContain('Mine');
    expect(rows.every((s) => s.closed_at === null)).toBe(true);
    expect(
      await t.app.db.selectFrom('audit_log').select('id').where('staff_id', '=', manager.id).execute(),
    ).toEqual([]);
  });
});

describe('office shops: the owner', () => {
  it('adds a shop with the next id and a uuid, on record; the public API knows it at once', async () => {
    const owner = await staffMember(t, 'owner');
    const before = await t.app.db
      .selectFrom('shops')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const shop = await newShop(t, owner.cookie, 'Demo Coffee Leiden');
    expect(shop).toMatchObject({
      name: 'Demo Coffee Leiden',
      reference: 'REF-1',
      address: { city: 'Leiden' },
      closed_at: null,
    });
    const row = await t.app.db
      .selectFrom('shops')
      .selectAll()
      .where('uuid', '=', shop.uuid)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(before.id + 1);

    const [entry] = await auditRows(t, shop.uuid);
    expect(entry).toMatchObject({
      action: 'shop.created',
      subject_type: 'shop',
      staff_id: owner.id,
      staff_name: owner.name,
      shop_id: row.id,
      before: null,
    });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'Demo Coffee Leiden', reference: 'REF-1' });

    // The account cache forgets its shops: a session can start there right away.
    const session = await t.call({
      method: 'POST',
      url: '/portal-sessions',
      payload: { shop_uuid: shop.uuid },
    });
    expect(session.statusCode).toBe(201);
    const listed = await officeCall(t, owner.cookie, { method: 'GET', path: '/shops' });
    expect(officeShops.parse(listed.json()).map((s) => s.uuid)).toEqual(
      expect.arrayContaining([DEMO.shop, DEMO.shopUtrecht, shop.uuid]),
    );
  });

  it('refuses a shop without a name, naming the field (nothing made)', async () => {
    const owner = await staffMember(t, 'owner');
    const count = async () => (await t.app.db.selectFrom('shops').select('id').execute()).length;
    const n = await count();
    const res = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/shops',
      payload: { name: '  ' },
    });
    const body = await expectError(res, 1003);
    expect(Object.keys(body.errors ?? {})).toContain('name');
    expect(await count()).toBe(n);
  });

  it('changes a shop, recording before and after; an unknown shop is 404 (1008)', async () => {
    const owner = await staffMember(t, 'owner');
    const shop = await newShop(t, owner.cookie);
    const res = await officeCall(t, owner.cookie, {
      method: 'PUT',
      path: `/shops/${shop.uuid}`,
      payload: { name: 'Renamed', address: null },
    });
    expect(res.statusCode).toBe(200);
    expect(officeShop.parse(res.json())).toMatchObject({
      name: 'Renamed',
      reference: 'REF-1',
      address: null,
    });
    const changed = (await auditRows(t, shop.uuid)).find((e) => e.action === 'shop.changed')!;
    expect(JSON.parse(changed.before!)).toMatchObject({ name: shop.name, address: { city: 'Leiden' } });
    expect(JSON.parse(changed.after!)).toMatchObject({ name: 'Renamed', address: null });
    const publicView = await t.call({ method: 'GET', url: `/shops/${shop.uuid}` });
    expect(publicView.json().data.name).toBe('Renamed');

    await expectError(
      await officeCall(t, owner.cookie, {
        method: 'PUT',
        path: '/shops/00000000-0000-4000-8000-00000000dead',
        payload: { name: 'X' },
      }),
      1008,
      404,
    );
  });
});

describe('office shops: closing', () => {
  it("stops the shop's tablets, consoles and register keys at once (their streams end), keeps its history, and takes no new business", async () => {
    await withOwnApp(
      async (app) => {
        const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
        const owner = await staffMember(app, 'owner');
        const utrechtSession = await openSession(app, '', { shop_uuid: DEMO.shopUtrecht });
        const amsterdamSession = await openSession(app);
        const utrechtConsole = await pair(app, CASHIER.utrecht);
        const amsterdamConsole = await pair(app, CASHIER.amsterdam);
        const stream = async (path: string, headers: Record<string, string>) => {
          const s = await readEvents(`${base}${path}`, headers);
          streams.push(s);
          return s;
        };
        const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
        const stopped = {
          tablet: await stream('/portal/api/devices/demo-device-utrecht/stream', {}),
          console: await stream('/cashier/api/stream', { cookie: utrechtConsole }),
          registerKey: await stream(
            `/portal-sessions/${utrechtSession}/events/stream`,
            bearer(DEMO.registerKeyUtrecht),
          ),
        };
        const going = await stream('/portal/api/devices/demo-device-amsterdam/stream', {});

        const res = await officeCall(app, owner.cookie, {
          method: 'POST',
          path: `/shops/${DEMO.shopUtrecht}/close`,
          payload: {},
        });
        expect(res.statusCode).toBe(200);
        expect(officeShop.parse(res.json()).closed_at).toEqual(expect.any(String));
        for (const [what, s] of Object.entries(stopped)) {
          await s.ended().catch((err: Error) => {
            throw new Error(`${what}: ${err.message}`);
          });
        }

        // Their next requests are refused.
        expectReason(
          await app.call({ method: 'GET', url: '/portal/api/devices/demo-device-utrecht', token: null }),
          'device_not_found',
        );
        expectReason(await consoleCall(app, utrechtConsole, 'GET', '/device'), 'device_not_paired');
        expect(
          (await app.call({ method: 'GET', url: '/api/v3/register', token: DEMO.registerKeyUtrecht }))
            .statusCode,
        ).toBe(401);
        // Pairing the console again does not bring it back.
        const again = await app.call({
          method: 'POST',
          url: '/cashier/api/pair',
          token: null,
          payload: { token: CASHIER.utrecht },
        });
        expectReason(again, 'device_not_paired');

        // No new business there: 1008 for an account-wide key naming it.
        await expectError(
          await app.call({
            method: 'POST',
            url: '/portal-sessions',
            payload: { shop_uuid: DEMO.shopUtrecht },
          }),
          1008,
          404,
        );
        await expectError(
          await app.call({
            method: 'POST',
            url: '/credit-receptions',
            payload: { contact_uuid: DEMO.anna, unit_value: 5, shop_uuid: DEMO.shopUtrecht },
          }),
          1008,
          404,
        );
        // The public list leaves it out; its history still names it.
        const shops = await app.call({ method: 'GET', url: '/shops' });
        expect(shops.json().data.map((s: { uuid: string }) => s.uuid)).toEqual([DEMO.shop]);
        expect((await app.call({ method: 'GET', url: `/shops/${DEMO.shopUtrecht}` })).statusCode).toBe(200);
        const old = await app.call({ method: 'GET', url: `/portal-sessions/${utrechtSession}` });
        expect(old.statusCode).toBe(200);
        expect(old.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
        // Its open session ended as cancelled, by the office; the other shop's is still open.
        const status = async (uuid: string) =>
          (
            await app.app.db
              .selectFrom('portal_sessions')
              .select('status')
              .where('uuid', '=', uuid)
              .executeTakeFirstOrThrow()
          ).status;
        expect([await status(utrechtSession), await status(amsterdamSession)]).toEqual(['cancelled', 'open']);
        const cancelled = (
          await app.call({ method: 'GET', url: `/portal-sessions/${utrechtSession}/events` })
        )
          .json()
          .data.at(-1);
        expect(cancelled).toMatchObject({
          type: 'session_cancelled',
          data: { status: 'cancelled', by: 'office' },
        });

        // The other shop goes on.
        expect(
          (await app.call({ method: 'GET', url: '/api/v3/register', token: DEMO.registerKey })).statusCode,
        ).toBe(200);
        expect((await consoleCall(app, amsterdamConsole, 'GET', '/device')).statusCode).toBe(200);
        expect(
          (await app.call({ method: 'GET', url: '/portal/api/devices/demo-device-amsterdam', token: null }))
            .statusCode,
        ).toBe(200);
        await expect(going.ended(300)).rejects.toThrow('still open');
        expect(
          (await app.call({ method: 'GET', url: `/portal-sessions/${amsterdamSession}` })).statusCode,
        ).toBe(200);

        const [entry] = (await auditRows(app, DEMO.shopUtrecht)).filter((e) => e.action === 'shop.closed');
        expect(entry).toMatchObject({ staff_id: owner.id, subject_type: 'shop' });
        expect(JSON.parse(entry!.before!)).toMatchObject({ closed_at: null });
        expect(JSON.parse(entry!.after!)).toMatchObject({
          tablets_revoked: 1,
          consoles_revoked: 1,
          register_keys_revoked: 1,
          sessions_cancelled: 1,
        });

        // A closed shop takes no changes and is not closed twice.
        expectReason(
          await officeCall(app, owner.cookie, {
            method: 'PUT',
            path: `/shops/${DEMO.shopUtrecht}`,
            payload: { name: 'Reopened' },
          }),
          'shop_closed',
        );
        expectReason(
          await officeCall(app, owner.cookie, {
            method: 'POST',
            path: `/shops/${DEMO.shopUtrecht}/close`,
            payload: {},
          }),
          'shop_closed',
        );
        const listed = officeShops.parse(
          (await officeCall(app, owner.cookie, { method: 'GET', path: '/shops' })).json(),
        );
        expect(listed.find((s) => s.uuid === DEMO.shopUtrecht)?.closed_at).not.toBeNull();
      },
      { fixture: cashierFixture() },
    );
  });
});
