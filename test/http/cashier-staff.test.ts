import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import {
  CASHIER,
  cashierFixture,
  consoleCall,
  pair as pairAndSignIn,
  signInAtTill,
  tillStaff,
} from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { portalCall } from '../helpers/portal';

/*
 * Staff at the till (docs/cashier-console.md "Who is at the till"), as an attacker calls it: the
 * console's staff list and passcode sign-in, bounded tries, one answer for whoever is not a person
 * of this till, and the rule that a shop with till staff changes nothing from a console without a
 * person signed in. Every change names that person in cashier_actions and the audit log.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
  // The fixture's own till staff are set aside: each test makes the people it needs.
  await t.app.db
    .updateTable('staff')
    .set({ removed_at: isoTimestamp(t.clock.now()) })
    .where('passcode_hash', 'is not', null)
    .execute();
});
afterEach(() => t.close());

/** Pairs a console with nobody at its till. */
const pair = (t: TestApp, token: string) => pairAndSignIn(t, token, { signIn: false });

const device = async (cookie: string) => (await consoleCall(t, cookie, 'GET', '/device')).json().data;
const start = (cookie: string, payload: Record<string, unknown> = { type: 'identify' }) =>
  consoleCall(t, cookie, 'POST', '/sessions', payload);
const staffRow = (id: number) =>
  t.app.db
    .selectFrom('staff')
    .select(['failed_passcodes', 'passcode_locked_until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('without a paired device', () => {
  it('every till staff route refuses no cookie, a signed-out one and a revoked device’s (401)', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const signedOut = await pair(t, CASHIER.amsterdam);
    await consoleCall(t, signedOut, 'POST', '/unpair');
    const revoked = await pair(t, CASHIER.amsterdam);
    await t.app.db
      .updateTable('cashier_devices')
      .set({ revoked_at: isoTimestamp(t.clock.now()) })
      .where('name', '=', 'Till 1')
      .execute();
    for (const cookie of [null, signedOut, revoked]) {
      expectReason(await consoleCall(t, cookie, 'GET', '/staff'), 'device_not_paired');
      expectReason(
        await consoleCall(t, cookie, 'POST', '/staff/sign-in', { staff_uuid: sam.uuid, passcode: '1234' }),
        'device_not_paired',
      );
      expectReason(await consoleCall(t, cookie, 'POST', '/staff/sign-out'), 'device_not_paired');
    }
    expect(await staffRow(sam.id)).toEqual({ failed_passcodes: 0, passcode_locked_until: null });
  });
});

describe('who may work the till', () => {
  it('lists the shop’s cashiers and managers with a passcode, and owners: names and uuids only', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const owner = await tillStaff(t, DEMO.shop, 'Olga', '4321', 'owner');
    await tillStaff(t, DEMO.shopUtrecht, 'Uma', '1111');
    const removed = await tillStaff(t, DEMO.shop, 'Rik', '2222');
    await t.app.db
      .updateTable('staff')
      .set({ removed_at: isoTimestamp(t.clock.now()) })
      .where('id', '=', removed.id)
      .execute();
    const noPasscode = await tillStaff(t, DEMO.shop, 'Piet', '3333', 'manager');
    await t.app.db
      .updateTable('staff')
      .set({ passcode_hash: null })
      .where('id', '=', noPasscode.id)
      .execute();
    const cookie = await pair(t, CASHIER.amsterdam);
    const res = await consoleCall(t, cookie, 'GET', '/staff');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { uuid: owner.uuid, name: 'Olga' },
      { uuid: sam.uuid, name: 'Sam' },
    ]);
    expect(await device(cookie)).toMatchObject({ staff: null, staff_required: true });
  });

  it('a shop without till staff works as before: an empty list, and its console starts sessions', async () => {
    await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const utrecht = await pair(t, CASHIER.utrecht);
    expect((await consoleCall(t, utrecht, 'GET', '/staff')).json().data).toEqual([]);
    expect(await device(utrecht)).toMatchObject({ staff: null, staff_required: false });
    const started = await start(utrecht);
    expect(started.statusCode).toBe(201);
    expect(started.json().data.staff_name).toBeNull();
  });
});

describe('signing in at the till', () => {
  it('the right passcode signs the person in; the device says who; sign-out hands the till over', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const cookie = await pair(t, CASHIER.amsterdam);
    const res = await signInAtTill(t, cookie, sam, '1234');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ staff: { uuid: sam.uuid, name: 'Sam' }, staff_required: true });
    expect((await device(cookie)).staff).toEqual({ uuid: sam.uuid, name: 'Sam' });
    // Another browser of the same device has nobody at its till.
    expect((await device(await pair(t, CASHIER.amsterdam))).staff).toBeNull();

    const out = await consoleCall(t, cookie, 'POST', '/staff/sign-out');
    expect(out.statusCode).toBe(200);
    expect(out.json().data.staff).toBeNull();
    expect((await device(cookie)).staff).toBeNull();
    expectReason(await start(cookie), 'staff_sign_in_required');
  });

  it('a person of another shop, an unknown uuid and a wrong passcode get one answer', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const uma = await tillStaff(t, DEMO.shopUtrecht, 'Uma', '1234');
    const cookie = await pair(t, CASHIER.amsterdam);
    const answers = [
      await signInAtTill(t, cookie, sam, '9999'),
      await signInAtTill(t, cookie, uma, '1234'),
      await signInAtTill(t, cookie, { uuid: randomUUID() }, '1234'),
    ];
    for (const res of answers) expectReason(res, 'passcode_wrong');
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect((await device(cookie)).staff).toBeNull();
    // Uma's tries at another shop's till count nothing against her.
    expect(await staffRow(uma.id)).toEqual({ failed_passcodes: 0, passcode_locked_until: null });
    expect((await staffRow(sam.id)).failed_passcodes).toBe(1);
  });

  it('guessing: 5 wrong passcodes lock the person for 15 minutes (429, Retry-After), even the right one', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const cookie = await pair(t, CASHIER.amsterdam);
    for (const guess of ['0000', '1111', '2222', '3333']) {
      expectReason(await signInAtTill(t, cookie, sam, guess), 'passcode_wrong');
    }
    expect((await staffRow(sam.id)).failed_passcodes).toBe(4);
    expectReason(await signInAtTill(t, cookie, sam, '4444'), 'passcode_wrong');
    expect((await staffRow(sam.id)).passcode_locked_until).not.toBeNull();

    const locked = await signInAtTill(t, cookie, sam, '1234');
    expectReason(locked, 'passcode_locked');
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    // Locked at every till of the shop, whichever browser asks.
    expectReason(await signInAtTill(t, await pair(t, CASHIER.amsterdam), sam, '1234'), 'passcode_locked');
    expect((await device(cookie)).staff).toBeNull();

    t.clock.advance(15 * 60_000);
    const res = await signInAtTill(t, cookie, sam, '1234');
    expect(res.statusCode).toBe(200);
    expect(await staffRow(sam.id)).toEqual({ failed_passcodes: 0, passcode_locked_until: null });
  });

  it('unknown people never lock, and the console may try 10 passcodes a minute (429)', async () => {
    const cookie = await pair(t, CASHIER.amsterdam);
    const unknown = { uuid: randomUUID() };
    for (let i = 0; i < 10; i++) {
      expectReason(await signInAtTill(t, cookie, unknown, String(1000 + i)), 'passcode_wrong');
    }
    const limited = await signInAtTill(t, cookie, unknown, '2000');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Pairing again gives the device no new tries.
    expect((await signInAtTill(t, await pair(t, CASHIER.amsterdam), unknown, '2001')).statusCode).toBe(429);
  });

  it('a removed person’s till sign-in ends at the next call', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    await tillStaff(t, DEMO.shop, 'Noor', '5678');
    const cookie = await pair(t, CASHIER.amsterdam);
    expect((await signInAtTill(t, cookie, sam, '1234')).statusCode).toBe(200);
    expect((await start(cookie)).statusCode).toBe(201);
    await t.app.db
      .updateTable('staff')
      .set({ removed_at: isoTimestamp(t.clock.now()) })
      .where('id', '=', sam.id)
      .execute();
    expect((await device(cookie)).staff).toBeNull();
    expectReason(await start(cookie), 'staff_sign_in_required');
    expectReason(await signInAtTill(t, cookie, sam, '1234'), 'passcode_wrong');
  });
});

describe('changes at a till with staff', () => {
  it('start, cancel, purchase and payment received are refused without a person; nothing changes', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const cookie = await pair(t, CASHIER.amsterdam);
    const count = async () =>
      (
        await t.app.db
          .selectFrom('portal_sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    expectReason(
      await start(cookie, { type: 'credit_reception', contact_uuid: DEMO.anna }),
      'staff_sign_in_required',
    );
    expect(Number(await count())).toBe(before);

    await signInAtTill(t, cookie, sam, '1234');
    const credit = (await start(cookie, { type: 'credit_reception', contact_uuid: DEMO.anna })).json().data
      .uuid;
    const topUp = (
      await start(cookie, { type: 'top_up_prepaid', contact_uuid: DEMO.anna, amount_in_cents: 2500 })
    ).json().data.uuid;
    expect((await portalCall(t, {}, 'POST', topUp, 'prepaid/top-up', {})).statusCode).toBe(200);
    await consoleCall(t, cookie, 'POST', '/staff/sign-out');

    expectReason(
      await consoleCall(t, cookie, 'POST', `/sessions/${credit}/cancel`),
      'staff_sign_in_required',
    );
    expectReason(
      await consoleCall(t, cookie, 'POST', `/sessions/${credit}/purchase`, { amount_in_cents: 1250 }),
      'staff_sign_in_required',
    );
    expectReason(
      await consoleCall(t, cookie, 'POST', `/sessions/${topUp}/payment-received`),
      'staff_sign_in_required',
    );
    const state = (await consoleCall(t, cookie, 'GET', `/sessions/${credit}`)).json().data;
    expect({ status: state.status, purchase: state.purchase_in_cents }).toEqual({
      status: 'open',
      purchase: null,
    });
    expect((await consoleCall(t, cookie, 'GET', `/sessions/${topUp}`)).json().data.payment_due.held).toBe(
      true,
    );
  });

  it('every change names the person: cashier_actions.staff_id, the audit log and today’s list', async () => {
    const sam = await tillStaff(t, DEMO.shop, 'Sam', '1234');
    const noor = await tillStaff(t, DEMO.shop, 'Noor', '5678');
    const cookie = await pair(t, CASHIER.amsterdam);
    await signInAtTill(t, cookie, sam, '1234');
    const credit = (await start(cookie, { type: 'credit_reception', contact_uuid: DEMO.anna })).json().data;
    expect(credit.staff_name).toBe('Sam');
    expect(
      (await consoleCall(t, cookie, 'POST', `/sessions/${credit.uuid}/purchase`, { amount_in_cents: 1250 }))
        .statusCode,
    ).toBe(200);
    // Noor takes over the till.
    expect((await signInAtTill(t, cookie, noor, '5678')).statusCode).toBe(200);
    const topUp = (
      await start(cookie, { type: 'top_up_prepaid', contact_uuid: DEMO.anna, amount_in_cents: 2500 })
    ).json().data.uuid;
    expect((await portalCall(t, {}, 'POST', topUp, 'prepaid/top-up', {})).statusCode).toBe(200);
    expect((await consoleCall(t, cookie, 'POST', `/sessions/${topUp}/payment-received`)).statusCode).toBe(
      200,
    );
    const other = (await start(cookie, { type: 'identify' })).json().data.uuid;
    expect((await consoleCall(t, cookie, 'POST', `/sessions/${other}/cancel`)).statusCode).toBe(200);

    const actions = await t.app.db
      .selectFrom('cashier_actions')
      .select(['action', 'staff_id'])
      .where('action', 'in', ['session_started', 'purchase_sent', 'payment_received', 'session_cancelled'])
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'session_started', staff_id: sam.id },
      { action: 'purchase_sent', staff_id: sam.id },
      { action: 'session_started', staff_id: noor.id },
      { action: 'payment_received', staff_id: noor.id },
      { action: 'session_started', staff_id: noor.id },
      { action: 'session_cancelled', staff_id: noor.id },
    ]);

    const shop = await t.app.db
      .selectFrom('shops')
      .select('id')
      .where('uuid', '=', DEMO.shop)
      .executeTakeFirstOrThrow();
    const anna = await t.app.db
      .selectFrom('contacts')
      .select('id')
      .where('uuid', '=', DEMO.anna)
      .executeTakeFirstOrThrow();
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_type', '=', 'portal_session')
      .orderBy('id')
      .execute();
    const entry = (e: (typeof audit)[number]) => ({
      action: e.action,
      by: [e.staff_id, e.staff_name, e.device_name],
      subject: e.subject_uuid,
      shop: e.shop_id,
      contact: e.contact_id,
      before: e.before === null ? null : JSON.parse(e.before),
      after: JSON.parse(e.after ?? 'null'),
    });
    const byNoor = [noor.id, 'Noor', 'Till 1'];
    expect(audit.map(entry)).toEqual([
      {
        action: 'portal_session.started',
        by: [sam.id, 'Sam', 'Till 1'],
        subject: credit.uuid,
        shop: shop.id,
        contact: anna.id,
        before: null,
        after: { type: 'credit_reception', status: 'open', amount_in_cents: null },
      },
      {
        action: 'portal_session.purchase_sent',
        by: [sam.id, 'Sam', 'Till 1'],
        subject: credit.uuid,
        shop: shop.id,
        contact: anna.id,
        before: { type: 'credit_reception', status: 'open', amount_in_cents: null, purchase_in_cents: null },
        after: expect.objectContaining({ type: 'credit_reception', purchase_in_cents: 1250 }),
      },
      {
        action: 'portal_session.started',
        by: byNoor,
        subject: topUp,
        shop: shop.id,
        contact: anna.id,
        before: null,
        after: { type: 'top_up_prepaid', status: 'open', amount_in_cents: 2500 },
      },
      {
        action: 'portal_session.payment_received',
        by: byNoor,
        subject: topUp,
        shop: shop.id,
        contact: anna.id,
        before: { type: 'top_up_prepaid', status: 'open', amount_in_cents: 2500, received_in_cents: null },
        after: expect.objectContaining({ type: 'top_up_prepaid', received_in_cents: 2500 }),
      },
      {
        action: 'portal_session.started',
        by: byNoor,
        subject: other,
        shop: shop.id,
        contact: null,
        before: null,
        after: { type: 'identify', status: 'open', amount_in_cents: null },
      },
      {
        action: 'portal_session.cancelled',
        by: byNoor,
        subject: other,
        shop: shop.id,
        contact: null,
        before: { type: 'identify', status: 'open', amount_in_cents: null },
        after: { type: 'identify', status: 'cancelled', amount_in_cents: null },
      },
    ]);
    expect(audit.every((e) => e.address !== null)).toBe(true);
    // Nothing of the customer beyond the contact id, and no passcode or hash.
    expect(JSON.stringify(audit)).not.toMatch(/anna|Anna|\$argon2/);
    const signIns = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'staff_name', 'subject_uuid'])
      .where('subject_type', '=', 'staff')
      .orderBy('id')
      .execute();
    expect(signIns).toEqual([
      { action: 'staff.till_signed_in', staff_name: 'Sam', subject_uuid: sam.uuid },
      { action: 'staff.till_signed_in', staff_name: 'Noor', subject_uuid: noor.uuid },
    ]);

    // Today: who started each session, and its amount in cents.
    const today = (await consoleCall(t, cookie, 'GET', '/sessions')).json().data as {
      uuid: string;
      staff_name: string | null;
      amount_in_cents: number | null;
      purchase_in_cents: number | null;
    }[];
    expect(today.map((s) => [s.uuid, s.staff_name, s.amount_in_cents, s.purchase_in_cents])).toEqual([
      [other, 'Noor', null, null],
      [topUp, 'Noor', 2500, null],
      [credit.uuid, 'Sam', null, 1250],
    ]);
  });
});
