import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetAccount } from '../../src/service/db/account-cache';
import { hashToken } from '../../src/service/domain/shared/tokens';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { FixtureConflictError, FixtureError } from '../../src/service/fixture/load';
import { applyFixture, type ReloadLog, reloadFixture } from '../../src/service/fixture/reload';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

// Loading a fixture into a database the office has changed (docs/office.md "The fixture and the
// office"): the office's changes are made here as the office makes them, straight in the database
// with the audit log entry that names each changed row.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const OFFICE_KEY = 'office-made-register-key-0001';
const OFFICE_CONSOLE = 'office-made-console-phone-0001';
const AMSTERDAM_CONSOLE = 'demo-cashier-amsterdam';

async function audit(action: string, subjectType: string, subjectUuid: string | null) {
  await t.app.db
    .insertInto('audit_log')
    .values({
      at: isoTimestamp(t.clock.now()),
      // A person's change in the office (any staff id: the rule asks only that one made it).
      staff_id: 1,
      staff_name: 'Olga Owner',
      device_name: null,
      address: '127.0.0.1',
      action,
      subject_type: subjectType,
      subject_uuid: subjectUuid,
      shop_id: null,
      contact_id: null,
      before: null,
      after: null,
    })
    .execute();
}

/** What the office does in a working week, each change with its audit entry. */
async function officeWork(): Promise<{ officeShopId: number }> {
  const db = t.app.db;
  const at = isoTimestamp(t.clock.now());
  await db.updateTable('shops').set({ name: 'Amsterdam Centraal' }).where('id', '=', 1).execute();
  await audit('shop.updated', 'shop', DEMO.shop);

  const rotterdam = randomUUID();
  const { id: officeShopId } = await db
    .insertInto('shops')
    .values({
      id: 3,
      uuid: rotterdam,
      name: 'Demo Coffee Rotterdam',
      reference: null,
      address: null,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit('shop.created', 'shop', rotterdam);

  const keyUuid = randomUUID();
  await db
    .insertInto('credentials')
    .values({
      token_hash: hashToken(OFFICE_KEY),
      kind: 'api_key',
      shop_id: 1,
      expires_at: null,
      oauth_client_id: null,
      uuid: keyUuid,
      name: 'Till integration',
      created_at: at,
      last_used_at: null,
    })
    .execute();
  await audit('register_key.created', 'register_key', keyUuid);

  // The office revokes a fixture's key: its row goes, the audit log keeps its uuid.
  const utrechtKey = await db
    .selectFrom('credentials')
    .select('uuid')
    .where('token_hash', '=', hashToken(DEMO.registerKeyUtrecht))
    .executeTakeFirstOrThrow();
  await db.deleteFrom('credentials').where('token_hash', '=', hashToken(DEMO.registerKeyUtrecht)).execute();
  await audit('register_key.revoked', 'register_key', utrechtKey.uuid);

  const tablet = await db
    .updateTable('devices')
    .set({ shop_id: 2 })
    .where('token_hash', '=', hashToken('demo-device-amsterdam'))
    .returning('uuid')
    .executeTakeFirstOrThrow();
  await audit('device.updated', 'device', tablet.uuid);

  const till = await db
    .updateTable('cashier_devices')
    .set({ name: 'Till phone Anna' })
    .where('token_hash', '=', hashToken(AMSTERDAM_CONSOLE))
    .returning('uuid')
    .executeTakeFirstOrThrow();
  await audit('device.updated', 'device', till.uuid);

  const phone = randomUUID();
  await db
    .insertInto('cashier_devices')
    .values({
      token_hash: hashToken(OFFICE_CONSOLE),
      shop_id: 2,
      name: 'Till 2',
      revoked_at: null,
      created_at: at,
      uuid: phone,
    })
    .execute();
  await audit('device.created', 'device', phone);
  forgetAccount(db);
  return { officeShopId };
}

/** The demo fixture with one shop and one contact more. */
function grownFixture(): AccountFixture {
  const fixture = demoAccountFixture();
  return {
    ...fixture,
    shops: [
      ...fixture.shops,
      { id: 10, uuid: 'a0000000-0000-4000-8000-000000000010', name: 'Demo Coffee Haarlem' },
    ],
    contacts: [
      ...fixture.contacts,
      {
        ...fixture.contacts[0]!,
        uuid: 'd0000000-0000-4000-8000-0000000000aa',
        email: 'nieuw@example.com',
        identifiers: [],
        session_tokens: [],
      },
    ],
  };
}

/** The rows the office manages, to prove a refused load wrote nothing. */
async function officeRows() {
  const db = t.app.db;
  return {
    shops: await db.selectFrom('shops').selectAll().orderBy('id').execute(),
    // A key's last use is the calls' (works() makes some), not the account's.
    credentials: (await db.selectFrom('credentials').selectAll().orderBy('token_hash').execute()).map(
      ({ last_used_at: _, ...key }) => key,
    ),
    devices: await db.selectFrom('devices').selectAll().orderBy('token_hash').execute(),
    consoles: await db.selectFrom('cashier_devices').selectAll().orderBy('token_hash').execute(),
    contacts: await db.selectFrom('contacts').select('email').orderBy('email').execute(),
  };
}

/** Whether `token` may open a portal session (201) or is refused (401). */
async function works(token: string): Promise<boolean> {
  const res = await t.call({ method: 'POST', url: '/portal-sessions', token, payload: {} });
  expect([201, 401]).toContain(res.statusCode);
  return res.statusCode === 201;
}

const EXPECTED_DIFFERENCES = [
  'shops[0] "Demo Coffee Amsterdam": the office renamed it "Amsterdam Centraal"',
  'credentials[1] (register key for shop "Demo Coffee Utrecht"): the office revoked it; the fixture would make it work again',
  'register key "Till integration" for shop "Amsterdam Centraal" made in the office: the fixture does not list it and would delete it',
  'devices[0] (tablet at "Demo Coffee Amsterdam"): the office moved it to "Demo Coffee Utrecht"',
  'cashier_devices[0] "Till 1": the office renamed it "Till phone Anna"',
  'console phone "Till 2" at "Demo Coffee Utrecht" made in the office: the fixture does not list it and would revoke it',
];

describe('a fixture loaded into a database the office has changed', () => {
  it('check (the default) refuses, listing each difference in words, and writes nothing', async () => {
    await officeWork();
    const before = await officeRows();
    const error = await applyFixture(t.app.db, t.app.bus, grownFixture(), t.clock.now(), 'grown.json').catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(FixtureConflictError);
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as FixtureConflictError).problems).toEqual(EXPECTED_DIFFERENCES);
    expect((error as Error).message).toContain('--fixture-mode=add-only');
    expect(await officeRows()).toEqual(before);
    // What the office made works, what it revoked stays revoked.
    expect(await works(OFFICE_KEY)).toBe(true);
    expect(await works(DEMO.registerKeyUtrecht)).toBe(false);
  });

  it('add-only adds the new shop and contact, keeps the rename, the office key and the revocation', async () => {
    const { officeShopId } = await officeWork();
    const loaded = await applyFixture(
      t.app.db,
      t.app.bus,
      grownFixture(),
      t.clock.now(),
      'grown.json',
      'add-only',
    );
    expect(loaded.differences).toEqual(EXPECTED_DIFFERENCES);
    const rows = await officeRows();
    expect(rows.shops.map((s) => [s.id, s.name])).toEqual([
      [1, 'Amsterdam Centraal'],
      [2, 'Demo Coffee Utrecht'],
      [officeShopId, 'Demo Coffee Rotterdam'],
      [10, 'Demo Coffee Haarlem'],
    ]);
    expect(rows.contacts.map((c) => c.email)).toContain('nieuw@example.com');
    expect(rows.devices.find((d) => d.token_hash === hashToken('demo-device-amsterdam'))?.shop_id).toBe(2);
    expect(rows.consoles.map((c) => [c.name, c.revoked_at])).toEqual(
      expect.arrayContaining([
        ['Till phone Anna', null],
        ['Till 2', null],
      ]),
    );
    expect(await works(OFFICE_KEY)).toBe(true);
    expect(await works(DEMO.registerKeyUtrecht)).toBe(false);
    expect(await works(DEMO.registerKey)).toBe(true);

    // Twice is the same as once.
    await applyFixture(t.app.db, t.app.bus, grownFixture(), t.clock.now(), 'grown.json', 'add-only');
    expect(await officeRows()).toEqual(rows);
  });

  it('replace makes the account match the fixture: the office key goes, the revoked key is back', async () => {
    const { officeShopId } = await officeWork();
    const revokedUuid = (
      await t.app.db
        .selectFrom('fixture_keys')
        .select('uuid')
        .where('token_hash', '=', hashToken(DEMO.registerKeyUtrecht))
        .executeTakeFirstOrThrow()
    ).uuid;
    const loaded = await applyFixture(
      t.app.db,
      t.app.bus,
      grownFixture(),
      t.clock.now(),
      'grown.json',
      'replace',
    );
    expect(loaded.differences).toEqual(EXPECTED_DIFFERENCES);
    const rows = await officeRows();
    // A shop the fixture does not list stays: a load never deletes shops.
    expect(rows.shops.map((s) => [s.id, s.name])).toEqual([
      [1, 'Demo Coffee Amsterdam'],
      [2, 'Demo Coffee Utrecht'],
      [officeShopId, 'Demo Coffee Rotterdam'],
      [10, 'Demo Coffee Haarlem'],
    ]);
    expect(rows.devices.find((d) => d.token_hash === hashToken('demo-device-amsterdam'))?.shop_id).toBe(1);
    const consoles = new Map(rows.consoles.map((c) => [c.token_hash, c]));
    expect(consoles.get(hashToken(AMSTERDAM_CONSOLE))?.name).toBe('Till 1');
    expect(consoles.get(hashToken(OFFICE_CONSOLE))?.revoked_at).not.toBeNull();
    expect(await works(OFFICE_KEY)).toBe(false);
    expect(await works(DEMO.registerKeyUtrecht)).toBe(true);
    // Made again under the uuid the audit log names it by.
    const back = rows.credentials.find((c) => c.token_hash === hashToken(DEMO.registerKeyUtrecht));
    expect(back?.uuid).toBe(revokedUuid);

    // Now nothing differs: check loads, twice, and changes nothing.
    await applyFixture(t.app.db, t.app.bus, grownFixture(), t.clock.now(), 'grown.json');
    await applyFixture(t.app.db, t.app.bus, grownFixture(), t.clock.now(), 'grown.json');
    expect(await officeRows()).toEqual(rows);
  });

  it('check reports a closed shop, a changed address and reference, a moved key and a revoked tablet', async () => {
    const db = t.app.db;
    await db
      .updateTable('shops')
      .set({
        closed_at: isoTimestamp(t.clock.now()),
        reference: 'UT-02',
        address: JSON.stringify({ city: 'Zeist' }),
      })
      .where('id', '=', 2)
      .execute();
    await audit('shop.closed', 'shop', DEMO.shopUtrecht);
    const key = await db
      .updateTable('credentials')
      .set({ shop_id: null })
      .where('token_hash', '=', hashToken(DEMO.registerKey))
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await audit('register_key.updated', 'register_key', key.uuid);
    const tablet = await db
      .updateTable('devices')
      .set({ revoked_at: isoTimestamp(t.clock.now()) })
      .where('token_hash', '=', hashToken('demo-device-utrecht'))
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await audit('device.revoked', 'device', tablet.uuid);

    const error = await applyFixture(db, t.app.bus, demoAccountFixture(), t.clock.now()).catch(
      (err: unknown) => err,
    );
    expect((error as FixtureConflictError).problems).toEqual([
      'shops[1] "Demo Coffee Utrecht": the office changed its reference to "UT-02" (the fixture: (none))',
      'shops[1] "Demo Coffee Utrecht": the office changed its address to "Zeist" (the fixture: "Oudegracht 100, 3511 AX Utrecht, NL")',
      'shops[1] "Demo Coffee Utrecht": the office closed it; the fixture would open it again',
      'credentials[0] (register key for shop "Demo Coffee Amsterdam"): the office made it account-wide',
      'devices[1] (tablet at "Demo Coffee Utrecht"): the office revoked it; the fixture would make it work again',
    ]);
    // replace opens the shop and the tablet again.
    await applyFixture(db, t.app.bus, demoAccountFixture(), t.clock.now(), undefined, 'replace');
    const utrecht = await db.selectFrom('shops').selectAll().where('id', '=', 2).executeTakeFirstOrThrow();
    expect([utrecht.closed_at, utrecht.reference]).toEqual([null, null]);
    const device = await db
      .selectFrom('devices')
      .select('revoked_at')
      .where('token_hash', '=', hashToken('demo-device-utrecht'))
      .executeTakeFirstOrThrow();
    expect(device.revoked_at).toBeNull();
  });

  it('a change no audit entry names is the fixture’s to make: check loads it as it always did', async () => {
    // Rule: the office's rows are those the audit log names; a fixture that stops listing one of
    // its own keys still revokes it in check mode (docs/operations.md "Revocation").
    await t.app.db.updateTable('shops').set({ name: 'Renamed by hand' }).where('id', '=', 1).execute();
    const fixture = demoAccountFixture();
    const loaded = await applyFixture(
      t.app.db,
      t.app.bus,
      { ...fixture, credentials: fixture.credentials.filter((c) => c.token !== DEMO.registerKey) },
      t.clock.now(),
    );
    expect(loaded.differences).toEqual([]);
    const shop = await t.app.db
      .selectFrom('shops')
      .select('name')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(shop.name).toBe('Demo Coffee Amsterdam');
    expect(await works(DEMO.registerKey)).toBe(false);
  });

  it('SIGHUP: a refused reload logs the differences, writes nothing and the service goes on', async () => {
    await officeWork();
    const file = join(t.dir, 'grown.json');
    writeFileSync(file, JSON.stringify(grownFixture()));
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const entry = (level: string) => (fields: object, message: string) =>
      void lines.push({ level, fields: fields as Record<string, unknown>, message });
    const log: ReloadLog = { info: entry('info'), warn: entry('warn'), error: entry('error') };
    const target = { db: t.app.db, bus: t.app.bus, log };
    const before = await officeRows();

    expect(await reloadFixture(target, file, 'check', t.clock.now())).toBe('refused');
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { fixture: file, differences: EXPECTED_DIFFERENCES },
        message:
          "fixture not loaded: it would undo the office's changes (see differences); nothing was written",
      },
    ]);
    expect(await officeRows()).toEqual(before);
    expect(await works(OFFICE_KEY)).toBe(true);

    expect(await reloadFixture(target, file, 'add-only', t.clock.now())).toBe('loaded');
    expect(lines[1]).toMatchObject({
      level: 'warn',
      fields: { mode: 'add-only', kept: EXPECTED_DIFFERENCES },
    });
    expect(await works(OFFICE_KEY)).toBe(true);
  });
});
