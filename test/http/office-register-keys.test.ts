import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newRegisterKey, registerKeys } from '../../src/contract/office';
import { hashToken } from '../../src/service/domain/shared/tokens';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { officeCall, staffMember } from '../helpers/office';
import { openSession } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

/*
 * Register keys from the office (docs/office.md "Register keys") as an attacker and as their
 * owner call them: shown once, stored hashed, listed by name and last use, revoked at once.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

const streams: { close(): void }[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function keyUuid(token: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('credentials')
    .select('uuid')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.uuid!;
}

async function makeKey(cookie: string, shop_uuid: string | null, name = uniqueId('Till')) {
  const res = await officeCall(t, cookie, {
    method: 'POST',
    path: '/register-keys',
    payload: { name, shop_uuid },
  });
  expect(res.statusCode).toBe(201);
  return newRegisterKey.parse(res.json());
}

const register = (token: string) => t.call({ method: 'GET', url: '/api/v3/register', token });

describe('office register keys: who may call', () => {
  it('refuses a signed-out caller (401) and a cashier (403) on every route; the key keeps working', async () => {
    const cashier = await staffMember(t, 'cashier');
    const uuid = await keyUuid(DEMO.registerKey);
    const calls = [
      { method: 'GET', path: '/register-keys' },
      { method: 'POST', path: '/register-keys', payload: { name: 'Mine', shop_uuid: DEMO.shop } },
      { method: 'POST', path: `/register-keys/${uuid}/revoke`, payload: {} },
    ] as const;
    for (const call of calls) {
      expectReason(await officeCall(t, null, call), 'office_signed_out');
      expectReason(await officeCall(t, cashier.cookie, call), 'office_not_allowed');
    }
    expect((await register(DEMO.registerKey)).statusCode).toBe(200);
    const made = await t.app.db.selectFrom('credentials').select('uuid').where('name', '=', 'Mine').execute();
    expect(made).toEqual([]);
  });

  it("lets a manager see, make and revoke only their shops' keys: another shop's or an account-wide key is 403 to make, 404 to revoke", async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shop]);
    const list = await officeCall(t, manager.cookie, { method: 'GET', path: '/register-keys' });
    expect(list.statusCode).toBe(200);
    const keys = registerKeys.parse(list.json());
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.shop?.uuid === DEMO.shop)).toBe(true);
    // The fixture's key has no name of its own: it is named by its shop.
    const fixtureKey = keys.find(
      (k) => k.name === 'Key of Demo Coffee Amsterdam' || k.name.startsWith('Register '),
    );
    expect(fixtureKey).toBeDefined();

    for (const shop_uuid of [DEMO.shopUtrecht, null, '00000000-0000-4000-8000-00000000dead']) {
      expectReason(
        await officeCall(t, manager.cookie, {
          method: 'POST',
          path: '/register-keys',
          payload: { name: 'X', shop_uuid },
        }),
        'office_not_allowed',
      );
    }
    for (const token of [DEMO.registerKeyUtrecht, DEMO.apiKey]) {
      expectReason(
        await officeCall(t, manager.cookie, {
          method: 'POST',
          path: `/register-keys/${await keyUuid(token)}/revoke`,
          payload: {},
        }),
        'register_key_not_found',
      );
      expect((await t.call({ method: 'GET', url: '/shops', token })).statusCode).toBe(200);
    }
    expectReason(
      await officeCall(t, manager.cookie, {
        method: 'POST',
        path: '/register-keys/00000000-0000-4000-8000-00000000dead/revoke',
        payload: {},
      }),
      'register_key_not_found',
    );

    // Their own shop's: made, and it works.
    const mine = await makeKey(manager.cookie, DEMO.shop);
    expect((await register(mine.token)).json().data.shop.uuid).toBe(DEMO.shop);
  });
});

describe('office register keys: the owner', () => {
  it('makes a key whose token is shown once and kept hashed; it works against the public API and is on record without its token', async () => {
    const owner = await staffMember(t, 'owner');
    const made = await makeKey(owner.cookie, DEMO.shopUtrecht, 'Utrecht POS');
    expect(made.token.length).toBeGreaterThanOrEqual(40);
    expect(made.key).toMatchObject({
      name: 'Utrecht POS',
      shop: { uuid: DEMO.shopUtrecht, name: 'Demo Coffee Utrecht' },
      last_used_at: null,
    });

    const res = await register(made.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
    // It acts for its own shop only.
    await expectError(
      await t.call({
        method: 'POST',
        url: '/portal-sessions',
        token: made.token,
        payload: { shop_uuid: DEMO.shop },
      }),
      1008,
      404,
    );

    const listed = await officeCall(t, owner.cookie, { method: 'GET', path: '/register-keys' });
    expect(listed.body).not.toContain(made.token);
    expect(registerKeys.parse(listed.json()).find((k) => k.uuid === made.key.uuid)?.name).toBe('Utrecht POS');
    const row = await t.app.db
      .selectFrom('credentials')
      .selectAll()
      .where('uuid', '=', made.key.uuid)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);

    const entries = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_uuid', '=', made.key.uuid)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'register_key.created',
      staff_id: owner.id,
      subject_type: 'register_key',
    });
    expect(JSON.stringify(entries)).not.toContain(made.token);
    expect(JSON.stringify(entries)).not.toContain(row.token_hash);

    // Account-wide keys are the owner's to make.
    const wide = await makeKey(owner.cookie, null);
    expect(wide.key.shop).toBeNull();
    expect((await t.call({ method: 'GET', url: '/shops', token: wide.token })).statusCode).toBe(200);
  });

  it('keeps when a key was last used, written at most once a minute', async () => {
    const owner = await staffMember(t, 'owner');
    const made = await makeKey(owner.cookie, DEMO.shop);
    const lastUsed = async () => {
      const res = await officeCall(t, owner.cookie, { method: 'GET', path: '/register-keys' });
      return registerKeys.parse(res.json()).find((k) => k.uuid === made.key.uuid)!.last_used_at;
    };
    const stored = async () =>
      (
        await t.app.db
          .selectFrom('credentials')
          .select('last_used_at')
          .where('uuid', '=', made.key.uuid)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();

    expect((await register(made.token)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    const firstStored = await stored();

    t.clock.advance(30_000);
    expect((await register(made.token)).statusCode).toBe(200);
    expect(await stored()).toBe(firstStored);

    t.clock.advance(31_000);
    expect((await register(made.token)).statusCode).toBe(200);
    const later = await lastUsed();
    expect(Date.parse(later!) - Date.parse(first!)).toBe(61_000);
  });

  it("revokes a key at once: its open stream ends, its next request is 401, it is listed no more; unknown or twice is 404; a closed shop's key cannot be made", async () => {
    const owner = await staffMember(t, 'owner');
    const made = await makeKey(owner.cookie, DEMO.shop);
    const session = await openSession(t);
    const stream = await readEvents(`${base}/portal-sessions/${session}/events/stream`, {
      authorization: `Bearer ${made.token}`,
    });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    expect((await register(made.token)).statusCode).toBe(200);

    const res = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: `/register-keys/${made.key.uuid}/revoke`,
      payload: {},
    });
    expect(res.statusCode).toBe(204);
    await stream.ended();
    expect((await register(made.token)).statusCode).toBe(401);
    const listed = registerKeys.parse(
      (await officeCall(t, owner.cookie, { method: 'GET', path: '/register-keys' })).json(),
    );
    expect(listed.map((k) => k.uuid)).not.toContain(made.key.uuid);
    const entries = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_uuid', '=', made.key.uuid)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['register_key.created', 'register_key.revoked']);
    expect(JSON.parse(entries[1]!.before!)).toMatchObject({ name: made.key.name });
    expect(entries[1]!.after).toBeNull();

    expectReason(
      await officeCall(t, owner.cookie, {
        method: 'POST',
        path: `/register-keys/${made.key.uuid}/revoke`,
        payload: {},
      }),
      'register_key_not_found',
    );
    // The other keys go on.
    expect((await register(DEMO.registerKey)).statusCode).toBe(200);

    // No key for a shop that does not exist, or is closed.
    await expectError(
      await officeCall(t, owner.cookie, {
        method: 'POST',
        path: '/register-keys',
        payload: { name: 'X', shop_uuid: '00000000-0000-4000-8000-00000000dead' },
      }),
      1008,
      404,
    );
    const shop = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/shops',
      payload: { name: uniqueId('Shop') },
    });
    const uuid = shop.json().uuid as string;
    expect(
      (await officeCall(t, owner.cookie, { method: 'POST', path: `/shops/${uuid}/close`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expectReason(
      await officeCall(t, owner.cookie, {
        method: 'POST',
        path: '/register-keys',
        payload: { name: 'X', shop_uuid: uuid },
      }),
      'shop_closed',
    );
  });
});
