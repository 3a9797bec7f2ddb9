import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAIRING_CODE_MINUTES } from '../../src/contract/office';
import { WRONG_PAIRING_CODES_PER_ADDRESS } from '../../src/service/domain/contacts/guess-budgets';
import { createTestApp, DEMO, type TestApp, twoProcesses, uniqueId } from '../helpers/app';
import { consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { officeCall, staffMember, type TestStaff } from '../helpers/office';
import { readEvents } from '../helpers/sse';

/*
 * The office's devices (docs/office.md "Devices"), as an attacker tries them: who may list, add,
 * rename, move, re-pair and revoke which device; pairing by a code that works once, for a while,
 * and cannot be guessed; a revoked device refused at its next request with its streams ended.
 */

let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffMember(t, 'owner');
}, 60_000);
afterAll(() => t?.close());

type Kind = 'tablet' | 'console';

/** A new device added by `by` (default the owner) at `shop`: its uuid and pairing code. */
async function addDevice(kind: Kind, shop: string = DEMO.shop, by: TestStaff = owner, app = t) {
  const res = await officeCall(app, by.cookie, {
    method: 'POST',
    path: '/devices',
    payload: { kind, name: uniqueId(kind), shop_uuid: shop },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return {
    uuid: body.device.uuid as string,
    code: body.pairing.code as string,
    name: body.device.name,
    body,
  };
}

/** A client address of its own, so that tests do not share the pairing calls' limits. */
const anyAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
/** POST /cashier/api/pair with `{code}`, from `address` (default one of its own). */
const pairConsole = (code: string, app = t, address = anyAddress()) =>
  app.call({
    method: 'POST',
    url: '/cashier/api/pair',
    token: null,
    remoteAddress: address,
    payload: { code },
  });
/** POST /portal/api/devices/pair, from `address` (default one of its own). */
const pairTablet = (code: string, app = t, address = anyAddress()) =>
  app.call({
    method: 'POST',
    url: '/portal/api/devices/pair',
    token: null,
    remoteAddress: address,
    payload: { code },
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `portal_cashier=${res.cookies.find((c) => c.name === 'portal_cashier')!.value}`;
const listed = async (by: TestStaff, uuid: string) =>
  (await officeCall(t, by.cookie, { method: 'GET', path: '/devices' }))
    .json()
    .find((d: { uuid: string }) => d.uuid === uuid);
const auditOf = (uuid: string, app = t) =>
  app.app.db.selectFrom('audit_log').selectAll().where('subject_uuid', '=', uuid).orderBy('id').execute();

describe('who may manage devices', () => {
  it('refuses a caller without a cookie (401) and a cashier (403) on every device route', async () => {
    const { uuid } = await addDevice('console');
    const cashier = await staffMember(t, 'cashier');
    const calls = [
      { method: 'GET' as const, path: '/devices' },
      {
        method: 'POST' as const,
        path: '/devices',
        payload: { kind: 'tablet', name: 'X', shop_uuid: DEMO.shop },
      },
      { method: 'PUT' as const, path: `/devices/${uuid}`, payload: { name: 'Stolen' } },
      { method: 'POST' as const, path: `/devices/${uuid}/pairing-code`, payload: {} },
      { method: 'POST' as const, path: `/devices/${uuid}/revoke`, payload: {} },
    ];
    for (const call of calls) {
      expectReason(await officeCall(t, null, call), 'office_signed_out');
      expectReason(await officeCall(t, cashier.cookie, call), 'office_not_allowed');
    }
    expect((await listed(owner, uuid)).status).toBe('waiting');
    expect(await auditOf(uuid)).toHaveLength(1);
  });

  it("a manager sees and changes only their shops' devices: another shop's is unknown, its shop not theirs", async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    const amsterdam = await addDevice('console');
    const own = await addDevice('tablet', DEMO.shopUtrecht, manager);
    const list = (await officeCall(t, manager.cookie, { method: 'GET', path: '/devices' })).json();
    expect(list.map((d: { shop: { uuid: string } }) => d.shop.uuid)).toEqual(
      list.map(() => DEMO.shopUtrecht),
    );
    expect(list.map((d: { uuid: string }) => d.uuid)).toContain(own.uuid);
    for (const call of [
      { method: 'PUT' as const, path: `/devices/${amsterdam.uuid}`, payload: { name: 'Mine now' } },
      { method: 'POST' as const, path: `/devices/${amsterdam.uuid}/pairing-code`, payload: {} },
      { method: 'POST' as const, path: `/devices/${amsterdam.uuid}/revoke`, payload: {} },
    ]) {
      expectReason(await officeCall(t, manager.cookie, call), 'device_not_in_office');
    }
    expectReason(
      await officeCall(t, manager.cookie, {
        method: 'POST',
        path: '/devices',
        payload: { kind: 'console', name: 'Sneaky', shop_uuid: DEMO.shop },
      }),
      'office_not_allowed',
    );
    expectReason(
      await officeCall(t, manager.cookie, {
        method: 'PUT',
        path: `/devices/${own.uuid}`,
        payload: { shop_uuid: DEMO.shop },
      }),
      'office_not_allowed',
    );
    // Nothing changed: the Amsterdam device still waits for its code, the Utrecht one is still there.
    expect((await listed(owner, amsterdam.uuid)).status).toBe('waiting');
    expect((await listed(owner, own.uuid)).shop.uuid).toBe(DEMO.shopUtrecht);
    expect((await pairConsole(amsterdam.code)).statusCode).toBe(200);
  });

  it("lists the fixture's devices as paired, a tablet without a name as a counter tablet", async () => {
    const list = (await officeCall(t, owner.cookie, { method: 'GET', path: '/devices' })).json();
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'console', name: 'Till 1', status: 'paired' }),
        expect.objectContaining({
          kind: 'tablet',
          name: 'Counter tablet',
          status: 'paired',
          shop: { uuid: DEMO.shop, name: 'Demo Coffee Amsterdam' },
        }),
      ]),
    );
  });
});

describe('pairing by code', () => {
  it('a console pairs with its code once (any case, dash optional); the pairing is on record', async () => {
    const { uuid, code, name } = await addDevice('console', DEMO.shopUtrecht);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const paired = await pairConsole(code.replace('-', '').toLowerCase());
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json().data).toMatchObject({ name, shop: { uuid: DEMO.shopUtrecht } });
    expect((await consoleCall(t, cookieOf(paired), 'GET', '/device')).statusCode).toBe(200);
    expectReason(await pairConsole(code), 'pairing_code_invalid');
    expect((await listed(owner, uuid)).status).toBe('paired');
    const audit = await auditOf(uuid);
    expect(audit.map((e) => [e.action, e.staff_id, e.device_name])).toEqual([
      ['device.created', owner.id, null],
      ['device.paired', null, name],
    ]);
    // No code, hash or token in the log.
    expect(JSON.stringify(audit)).not.toContain(code.slice(0, 4));
  });

  it('a tablet pairs with its code and gets the token of its standby screen', async () => {
    const { uuid, code } = await addDevice('tablet');
    const res = await pairTablet(code);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.token;
    const state = await t.call({ method: 'GET', url: `/portal/api/devices/${token}`, token: null });
    expect(state.json().data.shop.uuid).toBe(DEMO.shop);
    expectReason(await pairTablet(code), 'pairing_code_invalid');
    expect((await listed(owner, uuid)).status).toBe('paired');
    expect((await auditOf(uuid)).at(-1)).toMatchObject({ action: 'device.paired', staff_id: null });
  });

  it('an expired code, or one of the other kind of device, gets the same one answer', async () => {
    const tablet = await addDevice('tablet');
    const console = await addDevice('console');
    expectReason(await pairConsole(tablet.code), 'pairing_code_invalid');
    expectReason(await pairTablet(console.code), 'pairing_code_invalid');
    expectReason(await pairConsole('ABCD-EFGH'), 'pairing_code_invalid');
    expectReason(await pairConsole('not a code at all'), 'pairing_code_invalid');
    t.clock.advance(PAIRING_CODE_MINUTES * 60_000 + 1000);
    expectReason(await pairTablet(tablet.code), 'pairing_code_invalid');
    expectReason(await pairConsole(console.code), 'pairing_code_invalid');
    // A new code works.
    const fresh = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: `/devices/${console.uuid}/pairing-code`,
      payload: {},
    });
    expect((await pairConsole(fresh.json().code)).statusCode).toBe(200);
  });

  it("the fixture's devices still pair by their token", async () => {
    const cookie = await pair(t, DEMO.cashierDevice);
    expect((await consoleCall(t, cookie, 'GET', '/device')).json().data.name).toBe('Till 1');
    const standby = await t.call({ method: 'GET', url: `/portal/api/devices/${DEMO.device}`, token: null });
    expect(standby.statusCode).toBe(200);
  });

  it('a new code (re-pair) stops the code before and what the device held', async () => {
    const console = await addDevice('console');
    const cookie = cookieOf(await pairConsole(console.code));
    const tablet = await addDevice('tablet');
    const token = (await pairTablet(tablet.code)).json().data.token;
    const unused = await addDevice('console');
    const repair = (uuid: string) =>
      officeCall(t, owner.cookie, { method: 'POST', path: `/devices/${uuid}/pairing-code`, payload: {} });
    const consoleCode = (await repair(console.uuid)).json().code;
    const tabletCode = (await repair(tablet.uuid)).json().code;
    await repair(unused.uuid);
    expectReason(await consoleCall(t, cookie, 'GET', '/device'), 'device_not_paired');
    expectReason(
      await t.call({ method: 'GET', url: `/portal/api/devices/${token}`, token: null }),
      'device_not_found',
    );
    expectReason(await pairConsole(unused.code), 'pairing_code_invalid');
    expect((await listed(owner, console.uuid)).status).toBe('waiting');
    expect((await pairConsole(consoleCode)).statusCode).toBe(200);
    expect((await pairTablet(tabletCode)).statusCode).toBe(200);
    expect((await auditOf(console.uuid)).map((e) => e.action)).toContain('device.pairing_code');
  });
});

describe('guessing pairing codes', () => {
  it(`takes ${WRONG_PAIRING_CODES_PER_ADDRESS} wrong codes an hour from an address, on both devices' calls`, async () => {
    // Without the per-minute rate limit: the budget alone.
    const app = await createTestApp({ argv: ['--rate-limit', '0'] });
    try {
      const boss = await staffMember(app, 'owner');
      const { code } = await addDevice('console', DEMO.shop, boss, app);
      const from = '10.0.0.1';
      for (let i = 0; i < WRONG_PAIRING_CODES_PER_ADDRESS; i++) {
        const res = await (i % 2 ? pairConsole('WRNG-C0DE', app, from) : pairTablet('WRNG-C0DE', app, from));
        expectReason(res, 'pairing_code_invalid');
      }
      // Spent: even the right code waits for the hour to pass.
      const spent = expectReason(await pairConsole(code, app, from), 'too_many_wrong_codes');
      expect(spent.message).toContain('pairing codes');
      expectReason(await pairTablet('WRNG-C0DE', app, from), 'too_many_wrong_codes');
      // Another address has its own budget; an hour later this one may try again (the code expired).
      const other = await app.call({
        method: 'POST',
        url: '/portal/api/devices/pair',
        token: null,
        remoteAddress: '10.9.8.7',
        payload: { code: 'WRNG-C0DE' },
      });
      expectReason(other, 'pairing_code_invalid');
      app.clock.advance(61 * 60_000);
      const late = await officeCall(app, boss.cookie, { method: 'GET', path: '/devices' });
      expect(late.statusCode).toBe(200);
      expectReason(await pairConsole(code, app, from), 'pairing_code_invalid');
    } finally {
      await app.close();
    }
  });

  it('limits the pairing calls to 10 a minute per address', async () => {
    const address = '10.1.2.3';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/portal/api/devices/pair',
        token: null,
        remoteAddress: address,
        payload: { code: 'WRNG-C0DE' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('rename, move and revoke', () => {
  it('renames and moves a console: its next call acts for the new shop; both on record', async () => {
    const { uuid, code } = await addDevice('console');
    const cookie = cookieOf(await pairConsole(code));
    const res = await officeCall(t, owner.cookie, {
      method: 'PUT',
      path: `/devices/${uuid}`,
      payload: { name: 'Back till', shop_uuid: DEMO.shopUtrecht },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Back till',
      shop: { uuid: DEMO.shopUtrecht },
      status: 'paired',
    });
    const device = (await consoleCall(t, cookie, 'GET', '/device')).json().data;
    expect(device).toMatchObject({ name: 'Back till', shop: { uuid: DEMO.shopUtrecht } });
    const audit = await auditOf(uuid);
    expect(audit.slice(-2).map((e) => [e.action, JSON.parse(e.before!), JSON.parse(e.after!)])).toEqual([
      ['device.renamed', { name: expect.any(String) }, { name: 'Back till' }],
      ['device.moved', { shop_uuid: DEMO.shop }, { shop_uuid: DEMO.shopUtrecht }],
    ]);
  });

  /** The app's address, listening from the first test that asks (tests run in any order). */
  const listening = async () =>
    t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });

  it('revokes a paired console at once: its next call 401, its open streams end, its code is gone', async () => {
    const base = await listening();
    const { uuid, code } = await addDevice('console');
    const cookie = cookieOf(await pairConsole(code));
    const stream = await readEvents(`${base}/cashier/api/stream`, { cookie });
    const res = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: `/devices/${uuid}/revoke`,
      payload: {},
    });
    expect(res.json().status).toBe('revoked');
    await stream.ended();
    expectReason(await consoleCall(t, cookie, 'GET', '/device'), 'device_not_paired');
    expect((await auditOf(uuid)).at(-1)).toMatchObject({ action: 'device.revoked', staff_id: owner.id });
    // Revoked while waiting: its code stops too.
    const waiting = await addDevice('tablet');
    await officeCall(t, owner.cookie, {
      method: 'POST',
      path: `/devices/${waiting.uuid}/revoke`,
      payload: {},
    });
    expectReason(await pairTablet(waiting.code), 'pairing_code_invalid');
  });

  it('revokes a tablet at once: its state refused, its open stream ends', async () => {
    const base = await listening();
    const { uuid, code } = await addDevice('tablet');
    const token = (await pairTablet(code)).json().data.token;
    const stream = await readEvents(`${base}/portal/api/devices/${token}/stream`);
    expect((await stream.next()).event).toBe('device_state');
    await officeCall(t, owner.cookie, { method: 'POST', path: `/devices/${uuid}/revoke`, payload: {} });
    await stream.ended();
    expectReason(
      await t.call({ method: 'GET', url: `/portal/api/devices/${token}`, token: null }),
      'device_not_found',
    );
  });

  it("refuses a closed shop's tablet and console", async () => {
    const tablet = await addDevice('tablet', DEMO.shopUtrecht);
    const token = (await pairTablet(tablet.code)).json().data.token;
    const console = await addDevice('console', DEMO.shopUtrecht);
    const cookie = cookieOf(await pairConsole(console.code));
    const at = new Date(t.clock.now()).toISOString();
    await t.app.db.updateTable('shops').set({ closed_at: at }).where('uuid', '=', DEMO.shopUtrecht).execute();
    try {
      expectReason(
        await t.call({ method: 'GET', url: `/portal/api/devices/${token}`, token: null }),
        'device_not_found',
      );
      expectReason(await consoleCall(t, cookie, 'GET', '/device'), 'device_not_paired');
    } finally {
      await t.app.db
        .updateTable('shops')
        .set({ closed_at: null })
        .where('uuid', '=', DEMO.shopUtrecht)
        .execute();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('revoking with two service processes', () => {
  const two = twoProcesses();
  it("ends the device's streams opened on the other process within seconds", async () => {
    const boss = await staffMember(two.a, 'owner');
    const baseB = await two.b.app.listen({ port: 0, host: '127.0.0.1' });
    const console = await addDevice('console', DEMO.shop, boss, two.a);
    const cookie = cookieOf(await pairConsole(console.code, two.b));
    const tablet = await addDevice('tablet', DEMO.shop, boss, two.a);
    const token = (await pairTablet(tablet.code, two.b)).json().data.token;
    const consoleStream = await readEvents(`${baseB}/cashier/api/stream`, { cookie });
    const tabletStream = await readEvents(`${baseB}/portal/api/devices/${token}/stream`);
    for (const uuid of [console.uuid, tablet.uuid]) {
      const res = await officeCall(two.a, boss.cookie, {
        method: 'POST',
        path: `/devices/${uuid}/revoke`,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
    }
    await consoleStream.ended(5000);
    await tabletStream.ended(5000);
    expectReason(await consoleCall(two.b, cookie, 'GET', '/device'), 'device_not_paired');
    expectReason(
      await two.b.call({ method: 'GET', url: `/portal/api/devices/${token}`, token: null }),
      'device_not_found',
    );
  });
});
