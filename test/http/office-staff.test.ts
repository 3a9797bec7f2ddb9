import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_HOURS, PASSWORD_RESET_MINUTES } from '../../src/contract/office';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { auditOf, officeCall, resetTokenSentTo, staffMember, type TestStaff } from '../helpers/office';

// The office's staff (docs/office.md "Staff", "Roles"), called as an attacker would.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const call = (who: TestStaff | null, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  officeCall(t, who?.cookie ?? null, { method, path, ...(payload ? { payload } : {}) });

const newEmail = () => `${uniqueId('staff').toLowerCase()}@shop.example`;

async function made(by: TestStaff, body: object) {
  const res = await call(by, 'POST', '/staff', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uuid: string; email: string | null; role: string; shops: { uuid: string }[] };
}

describe('who may call the staff routes', () => {
  it('nobody without a cookie; no cashier', async () => {
    const cashier = await staffMember(t, 'cashier');
    const owner = await staffMember(t, 'owner');
    const target = await made(owner, { name: 'Target', role: 'cashier', shop_uuids: [DEMO.shop] });
    const routes = [
      ['GET', '/staff', undefined],
      ['POST', '/staff', { name: 'X', role: 'cashier', shop_uuids: [DEMO.shop] }],
      ['PUT', `/staff/${target.uuid}`, { name: 'Renamed' }],
      ['POST', `/staff/${target.uuid}/remove`, {}],
    ] as const;
    for (const [method, path, body] of routes) {
      expectReason(await call(null, method, path, body), 'office_signed_out');
      expectReason(await call(cashier, method, path, body), 'office_not_allowed');
    }
    const rows = await t.app.db.selectFrom('staff').select('name').where('uuid', '=', target.uuid).execute();
    expect(rows).toEqual([{ name: 'Target' }]);
  });
});

describe('an owner', () => {
  it('adds a manager with an e-mail address, who is invited to set a password; the audit log records it', async () => {
    const owner = await staffMember(t, 'owner');
    const email = newEmail();
    const manager = await made(owner, {
      name: 'Mia',
      email: email.toUpperCase(),
      role: 'manager',
      shop_uuids: [DEMO.shop],
    });
    expect(manager).toMatchObject({
      email,
      role: 'manager',
      shops: [{ uuid: DEMO.shop }],
      has_password: false,
      has_passcode: false,
      removed_at: null,
    });
    await expect.poll(() => resetTokenSentTo(t, email)).toBeTruthy();
    const set = await officeCall(t, null, {
      method: 'POST',
      path: '/password-reset',
      payload: { token: resetTokenSentTo(t, email), password: 'mia-password-1' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ staff: { uuid: manager.uuid, role: 'manager' } });
    const [entry] = await auditOf(t, manager.uuid);
    expect(entry).toMatchObject({
      action: 'staff.created',
      staff_id: owner.id,
      staff_name: owner.name,
      subject_type: 'staff',
      before: null,
      after: { name: 'Mia', email, role: 'manager', shops: [DEMO.shop], has_passcode: false },
    });
  });

  it('adds a cashier with a 4-digit passcode, stored as an Argon2id hash and never answered', async () => {
    const owner = await staffMember(t, 'owner');
    const res = await call(owner, 'POST', '/staff', {
      name: 'Kees',
      role: 'cashier',
      shop_uuids: [DEMO.shop],
      passcode: '4821',
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('4821');
    expect(res.json()).toMatchObject({ has_passcode: true, email: null });
    const row = await t.app.db
      .selectFrom('staff')
      .select('passcode_hash')
      .where('uuid', '=', res.json().uuid)
      .executeTakeFirstOrThrow();
    expect(row.passcode_hash).toMatch(/^\$argon2id\$/);
    const entries = await auditOf(t, res.json().uuid);
    expect(JSON.stringify(entries)).not.toContain('4821');
    expect(JSON.stringify(entries)).not.toContain('argon2');
    for (const passcode of ['123', '12345', 'abcd']) {
      const bad = await call(owner, 'POST', '/staff', {
        name: 'Bad',
        role: 'cashier',
        shop_uuids: [DEMO.shop],
        passcode,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.passcode).toBeDefined();
    }
  });

  it('refuses an e-mail address another staff member has (409 naming email), a manager without one, a cashier without a shop', async () => {
    const owner = await staffMember(t, 'owner');
    const taken = await call(owner, 'POST', '/staff', {
      name: 'Copy',
      email: 'OWNER@demo.example',
      role: 'manager',
      shop_uuids: [DEMO.shop],
    });
    expect(expectReason(taken, 'staff_email_taken').errors?.email).toBeDefined();
    const noEmail = await call(owner, 'POST', '/staff', {
      name: 'No mail',
      role: 'manager',
      shop_uuids: [DEMO.shop],
    });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors.email).toBeDefined();
    const noShop = await call(owner, 'POST', '/staff', { name: 'No shop', role: 'cashier', shop_uuids: [] });
    expect(noShop.json().errors.shop_uuids).toBeDefined();
    const unknownShop = await call(owner, 'POST', '/staff', {
      name: 'Nowhere',
      role: 'cashier',
      shop_uuids: ['a0000000-0000-4000-8000-00000000ffff'],
    });
    expect(unknownShop.json().errors.shop_uuids).toBeDefined();
  });

  it('changes a staff member (name, role, shops, passcode); the audit entry has before and after, no secrets', async () => {
    const owner = await staffMember(t, 'owner');
    const cashier = await made(owner, {
      name: 'Lotte',
      role: 'cashier',
      shop_uuids: [DEMO.shop],
      passcode: '1111',
    });
    const res = await call(owner, 'PUT', `/staff/${cashier.uuid}`, {
      name: 'Lotte B.',
      shop_uuids: [DEMO.shop, DEMO.shopUtrecht],
      passcode: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Lotte B.', has_passcode: false });
    expect(
      res
        .json()
        .shops.map((s: { uuid: string }) => s.uuid)
        .sort(),
    ).toEqual([DEMO.shop, DEMO.shopUtrecht].sort());
    const entry = (await auditOf(t, cashier.uuid)).at(-1)!;
    expect(entry).toMatchObject({
      action: 'staff.updated',
      before: { name: 'Lotte', shops: [DEMO.shop], has_passcode: true },
      after: { name: 'Lotte B.', has_passcode: false },
    });
    expectReason(await call(owner, 'PUT', `/staff/${crypto.randomUUID()}`, { name: 'X' }), 'staff_not_found');
  });

  it('removes a staff member: their cookie is refused at the next call, their address is free again', async () => {
    const owner = await staffMember(t, 'owner');
    const manager = await staffMember(t, 'manager');
    expect((await call(manager, 'GET', '/staff')).statusCode).toBe(200);
    const res = await call(owner, 'POST', `/staff/${manager.uuid}/remove`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().removed_at).not.toBeNull();
    expectReason(await call(manager, 'GET', '/me'), 'office_signed_out');
    expectReason(await call(manager, 'GET', '/staff'), 'office_signed_out');
    const sessions = await t.app.db
      .selectFrom('office_sessions')
      .select('id')
      .where('staff_id', '=', manager.id)
      .execute();
    expect(sessions).toEqual([]);
    expectReason(await call(owner, 'POST', `/staff/${manager.uuid}/remove`, {}), 'staff_not_found');
    expectReason(await call(owner, 'PUT', `/staff/${manager.uuid}`, { name: 'Back' }), 'staff_not_found');
    await made(owner, { name: 'New hire', email: manager.email, role: 'manager', shop_uuids: [DEMO.shop] });
    const entry = (await auditOf(t, manager.uuid)).at(-1)!;
    expect(entry).toMatchObject({ action: 'staff.removed', after: null, before: { email: manager.email } });
  });

  it('may not remove themselves or change their own role; the last owner stays', {
    timeout: 90_000,
  }, async () => {
    const own = await createTestApp();
    try {
      const owner = await staffMember(own, 'owner');
      const demoOwner = await own.app.db
        .selectFrom('staff')
        .select('uuid')
        .where('email', '=', 'owner@demo.example')
        .executeTakeFirstOrThrow();
      const ownCall = (method: 'PUT' | 'POST', path: string, payload: object) =>
        officeCall(own, owner.cookie, { method, path, payload });
      expectReason(await ownCall('POST', `/staff/${owner.uuid}/remove`, {}), 'staff_self');
      expectReason(
        await ownCall('PUT', `/staff/${owner.uuid}`, { role: 'manager', shop_uuids: [DEMO.shop] }),
        'staff_self',
      );
      // Renaming oneself is fine.
      expect((await ownCall('PUT', `/staff/${owner.uuid}`, { name: 'Me' })).statusCode).toBe(200);
      expect((await ownCall('POST', `/staff/${demoOwner.uuid}/remove`, {})).statusCode).toBe(200);
      expectReason(await ownCall('POST', `/staff/${owner.uuid}/remove`, {}), 'last_owner');
      expectReason(
        await ownCall('PUT', `/staff/${owner.uuid}`, { role: 'cashier', shop_uuids: [DEMO.shop] }),
        'last_owner',
      );
    } finally {
      await own.close();
    }
  });
});

describe('a manager', () => {
  it('lists and manages only the cashiers of the shops they run', async () => {
    const owner = await staffMember(t, 'owner');
    const manager = await staffMember(t, 'manager', [DEMO.shop]);
    const ours = await made(owner, {
      name: 'Ours',
      role: 'cashier',
      shop_uuids: [DEMO.shop, DEMO.shopUtrecht],
    });
    const theirs = await made(owner, { name: 'Theirs', role: 'cashier', shop_uuids: [DEMO.shopUtrecht] });
    const peer = await made(owner, {
      name: 'Peer',
      email: newEmail(),
      role: 'manager',
      shop_uuids: [DEMO.shop],
    });

    const list = (await call(manager, 'GET', '/staff')).json() as {
      uuid: string;
      role: string;
      shops: { uuid: string }[];
    }[];
    expect(list.every((s) => s.role === 'cashier')).toBe(true);
    expect(list.map((s) => s.uuid)).toContain(ours.uuid);
    expect(list.map((s) => s.uuid)).not.toContain(theirs.uuid);
    expect(list.find((s) => s.uuid === ours.uuid)!.shops.map((s) => s.uuid)).toEqual([DEMO.shop]);

    // Another shop's cashier, a manager, an owner: unknown to them.
    for (const other of [theirs.uuid, peer.uuid, owner.uuid]) {
      expectReason(await call(manager, 'PUT', `/staff/${other}`, { name: 'Hacked' }), 'staff_not_found');
      expectReason(await call(manager, 'POST', `/staff/${other}/remove`, {}), 'staff_not_found');
    }
    // No owners or managers made, no shop they do not run given, no cashier promoted.
    expectReason(
      await call(manager, 'POST', '/staff', {
        name: 'Boss',
        email: newEmail(),
        role: 'owner',
        shop_uuids: [],
      }),
      'office_not_allowed',
    );
    expectReason(
      await call(manager, 'POST', '/staff', {
        name: 'Boss',
        email: newEmail(),
        role: 'manager',
        shop_uuids: [DEMO.shop],
      }),
      'office_not_allowed',
    );
    expectReason(
      await call(manager, 'POST', '/staff', { name: 'Far', role: 'cashier', shop_uuids: [DEMO.shopUtrecht] }),
      'office_not_allowed',
    );
    expectReason(
      await call(manager, 'PUT', `/staff/${ours.uuid}`, { role: 'manager' }),
      'office_not_allowed',
    );
    expectReason(
      await call(manager, 'PUT', `/staff/${ours.uuid}`, { shop_uuids: [DEMO.shopUtrecht] }),
      'office_not_allowed',
    );

    // Their own cashier: made, changed (their other shop stays), removed.
    const mine = await made(manager, {
      name: 'Mine',
      role: 'cashier',
      shop_uuids: [DEMO.shop],
      passcode: '2468',
    });
    expect(mine.shops.map((s) => s.uuid)).toEqual([DEMO.shop]);
    const renamed = await call(manager, 'PUT', `/staff/${ours.uuid}`, {
      name: 'Ours too',
      shop_uuids: [DEMO.shop],
    });
    expect(renamed.statusCode).toBe(200);
    const shops = await t.app.db
      .selectFrom('staff_shops as ss')
      .innerJoin('staff as p', 'p.id', 'ss.staff_id')
      .innerJoin('shops as s', 's.id', 'ss.shop_id')
      .select('s.uuid')
      .where('p.uuid', '=', ours.uuid)
      .execute();
    expect(shops.map((s) => s.uuid).sort()).toEqual([DEMO.shop, DEMO.shopUtrecht].sort());
    expect((await call(manager, 'POST', `/staff/${mine.uuid}/remove`, {})).statusCode).toBe(200);
    const entry = (await auditOf(t, mine.uuid)).at(-1)!;
    expect(entry).toMatchObject({ action: 'staff.removed', staff_id: manager.id });
  });

  it('of another shop answers 404 for this shop’s cashier', async () => {
    const owner = await staffMember(t, 'owner');
    const utrecht = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    const cashier = await made(owner, { name: 'Amsterdam only', role: 'cashier', shop_uuids: [DEMO.shop] });
    expectReason(
      await call(utrecht, 'PUT', `/staff/${cashier.uuid}`, { passcode: '0000' }),
      'staff_not_found',
    );
    const list = (await call(utrecht, 'GET', '/staff')).json() as { uuid: string }[];
    expect(list.map((s) => s.uuid)).not.toContain(cashier.uuid);
  });
});

describe('the invitation of a new person', () => {
  it('works for three days, once; a reset link asked for then works for an hour', async () => {
    await withOwnApp(async (own) => {
      const owner = await staffMember(own, 'owner');
      const email = newEmail();
      const res = await officeCall(own, owner.cookie, {
        method: 'POST',
        path: '/staff',
        payload: { name: 'Noa', email, role: 'manager', shop_uuids: [DEMO.shop] },
      });
      expect(res.statusCode).toBe(201);
      await expect.poll(() => resetTokenSentTo(own, email)).toBeTruthy();
      const invitation = resetTokenSentTo(own, email)!;
      const setWith = (token: string) =>
        officeCall(own, null, {
          method: 'POST',
          path: '/password-reset',
          payload: { token, password: 'noa-password-1' },
        });

      // Two days and 23 hours later it still works (a reset link would have run out long before).
      own.clock.advance((INVITATION_HOURS - 1) * 60 * 60_000);
      expect((await setWith(invitation)).statusCode).toBe(200);
      expectReason(await setWith(invitation), 'reset_link_invalid');

      const asked = await officeCall(own, null, {
        method: 'POST',
        path: '/password-reset-link',
        payload: { email },
      });
      expect(asked.statusCode).toBe(202);
      await expect.poll(() => resetTokenSentTo(own, email) !== invitation).toBe(true);
      const reset = resetTokenSentTo(own, email)!;
      own.clock.advance((PASSWORD_RESET_MINUTES + 1) * 60_000);
      expectReason(await setWith(reset), 'reset_link_invalid');
    });
  });
});
