import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  earningOverview,
  earningRule,
  officePromotion,
  officeTier,
  voucherBatch,
} from '../../src/contract/office-programme-rules';
import { FixtureConflictError } from '../../src/service/fixture/load';
import { applyFixture } from '../../src/service/fixture/reload';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import {
  createTestApp,
  DEMO,
  newContact,
  type TestApp,
  twoProcesses,
  uniqueId,
  withOwnApp,
} from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { officeCall, staffMember, type TestStaff } from '../helpers/office';

/*
 * The office's programme rules (docs/office.md "Earning and promotions"): tiers, earning rules,
 * units, subscription types, session defaults, promotions and voucher batches. Only the owner
 * changes them; a rule changed here changes the credits of the next credit reception of the public
 * API, in this process and (PostgreSQL) in another one; a refused change changes nothing; every
 * change is in the audit log.
 */

let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffMember(t, 'owner');
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (app: TestApp, cookie: string, method: Method, path: string, payload?: unknown) =>
  officeCall(app, cookie, { method, path, ...(payload === undefined ? {} : { payload: payload as object }) });

/** POST /credit-receptions of `value` in purchase_amount for `contact` through the public API: its credits. */
async function creditsFor(app: TestApp, contact: string, value = 10): Promise<number> {
  const res = await app.call({
    method: 'POST',
    url: '/credit-receptions',
    payload: { contact_uuid: contact, unit_name: 'purchase_amount', unit_value: value, shop_uuid: DEMO.shop },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.credits as number;
}

/** A new tier made in the office, and a new contact who holds it. */
async function tierWithContact(app: TestApp, cookie: string) {
  const res = await call(app, cookie, 'POST', '/tiers', { name: uniqueId('Tier'), description: 'Test' });
  expect(res.statusCode).toBe(201);
  const tier = officeTier.parse(res.json());
  const contact = await newContact(app);
  const { id } = await app.app.db
    .selectFrom('tiers')
    .select('id')
    .where('uuid', '=', tier.uuid)
    .executeTakeFirstOrThrow();
  await app.app.db.updateTable('contacts').set({ tier_id: id }).where('uuid', '=', contact).execute();
  return { tier, contact };
}

async function auditActions(app: TestApp, staffId: number): Promise<string[]> {
  const rows = await app.app.db
    .selectFrom('audit_log')
    .select('action')
    .where('staff_id', '=', staffId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('office programme rules: who may call', () => {
  it('a manager reads the programme but changes nothing (403); a cashier reads nothing', async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shop]);
    const cashier = await staffMember(t, 'cashier');
    expect((await call(t, manager.cookie, 'GET', '/earning')).statusCode).toBe(200);
    expect((await call(t, manager.cookie, 'GET', '/promotions')).statusCode).toBe(200);
    const changes: [Method, string, unknown][] = [
      ['POST', '/tiers', { name: 'Stolen' }],
      ['PUT', `/tiers/${DEMO.tierGold}`, { name: 'Stolen' }],
      ['POST', '/earning-rules', { unit_name: 'purchase_amount', credits_per_unit: '100' }],
      ['PUT', '/earning-rules/1', { unit_name: 'purchase_amount', credits_per_unit: '100' }],
      ['PUT', '/units/visits', { label: 'Stolen', prefix: 'X' }],
      ['PUT', '/session-defaults', { enable_registration: false }],
      ['POST', `/promotions/${DEMO.promotionMuffin}/vouchers`, { count: 5 }],
      ['POST', `/promotions/${DEMO.promotionMuffin}/vouchers/export`, {}],
    ];
    const before = await call(t, owner.cookie, 'GET', '/earning');
    const vouchersBefore = await t.app.db.selectFrom('vouchers').select('code').execute();
    for (const [method, path, payload] of changes) {
      expectReason(await call(t, manager.cookie, method, path, payload), 'office_not_allowed');
      expectReason(await call(t, cashier.cookie, method, path, payload), 'office_not_allowed');
    }
    expectReason(await call(t, cashier.cookie, 'GET', '/earning'), 'office_not_allowed');
    expectReason(await call(t, cashier.cookie, 'GET', '/promotions'), 'office_not_allowed');
    expect((await call(t, owner.cookie, 'GET', '/earning')).json()).toEqual(before.json());
    expect(await t.app.db.selectFrom('vouchers').select('code').execute()).toEqual(vouchersBefore);
    expect(await auditActions(t, manager.id)).toEqual([]);
  });

  it('a voucher export by a manager is refused without a single code in the answer', async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shop]);
    const res = await call(
      t,
      manager.cookie,
      'POST',
      `/promotions/${DEMO.promotionMuffin}/vouchers/export`,
      {},
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('MUFFIN-');
  });
});

describe('earning rules change the next credit reception', () => {
  it('a tier rule added, changed and removed in the office changes the next reception’s credits at once', async () => {
    const { tier, contact } = await tierWithContact(t, owner.cookie);
    // The account's own rule for any tier: 1 credit per euro.
    expect(await creditsFor(t, contact)).toBe(10);
    const added = await call(t, owner.cookie, 'POST', '/earning-rules', {
      unit_name: 'purchase_amount',
      credits_per_unit: '3',
      rounding: 'floor',
      tier_uuid: tier.uuid,
    });
    expect(added.statusCode).toBe(201);
    const rule = earningRule.parse(added.json());
    expect(rule).toMatchObject({ credits_per_unit: '3', tier_uuid: tier.uuid, unit_name: 'purchase_amount' });
    expect(await creditsFor(t, contact)).toBe(30);

    const changed = await call(t, owner.cookie, 'PUT', `/earning-rules/${rule.id}`, {
      unit_name: 'purchase_amount',
      credits_per_unit: '2.55',
      rounding: 'ceil',
      tier_uuid: tier.uuid,
    });
    expect(changed.statusCode).toBe(200);
    // 10 × 2.55 = 25.5, rounded up.
    expect(await creditsFor(t, contact)).toBe(26);

    // The tier is named by a rule: it stays.
    expectReason(await call(t, owner.cookie, 'POST', `/tiers/${tier.uuid}/remove`, {}), 'tier_in_use');

    const removed = await call(t, owner.cookie, 'POST', `/earning-rules/${rule.id}/remove`, {});
    expect(removed.statusCode).toBe(204);
    expect(await creditsFor(t, contact)).toBe(10);

    const actions = await auditActions(t, owner.id);
    expect(actions).toEqual(
      expect.arrayContaining([
        'tier.created',
        'earning_rule.created',
        'earning_rule.changed',
        'earning_rule.removed',
      ]),
    );
    const entry = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'earning_rule.changed')
      .where('subject_uuid', '=', String(rule.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ credits_per_unit: '3', rounding: 'floor' });
    expect(JSON.parse(entry.after!)).toMatchObject({ credits_per_unit: '2.55', rounding: 'ceil' });
  });

  it('a rule for today’s weekday and the hours around now wins over the tier’s all-day rule', async () => {
    const { tier, contact } = await tierWithContact(t, owner.cookie);
    const base = { unit_name: 'purchase_amount', rounding: 'floor', tier_uuid: tier.uuid };
    expect(
      (await call(t, owner.cookie, 'POST', '/earning-rules', { ...base, credits_per_unit: 2 })).statusCode,
    ).toBe(201);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(t.clock.now());
    const day =
      ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(
        local.find((p) => p.type === 'weekday')!.value,
      ) + 1;
    const hour = Number(local.find((p) => p.type === 'hour')!.value);
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const res = await call(t, owner.cookie, 'POST', '/earning-rules', {
      ...base,
      credits_per_unit: 5,
      weekdays: [day],
      from_time: hh(hour),
      until_time: hh(hour + 1),
    });
    expect(res.statusCode).toBe(201);
    expect(await creditsFor(t, contact)).toBe(50);
    // Another weekday: the tier's all-day rule again.
    const other = (day % 7) + 1;
    const id = earningRule.parse(res.json()).id;
    await call(t, owner.cookie, 'PUT', `/earning-rules/${id}`, {
      ...base,
      credits_per_unit: 5,
      weekdays: [other],
    });
    expect(await creditsFor(t, contact)).toBe(20);
  });

  it('refuses a wrong rule naming each field, and changes nothing', async () => {
    const before = (await call(t, owner.cookie, 'GET', '/earning')).json();
    const audit = (await auditActions(t, owner.id)).length;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ unit_name: 'no_such_unit', credits_per_unit: '1' }, ['unit_name']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '-1' }, ['credits_per_unit']],
      [{ unit_name: 'purchase_amount', credits_per_unit: 'lots' }, ['credits_per_unit']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1.123456' }, ['credits_per_unit']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1', rounding: 'up' }, ['rounding']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1', tier_uuid: 'nope' }, ['tier_uuid']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1', weekdays: [0, 8] }, ['weekdays']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1', weekdays: [1, 1] }, ['weekdays']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1', from_time: '25:00' }, ['from_time']],
      [{ unit_name: 'purchase_amount', credits_per_unit: '1', until_time: '9:00' }, ['until_time']],
      [
        { unit_name: 'purchase_amount', credits_per_unit: '1', from_time: '10:00', until_time: '10:00' },
        ['until_time'],
      ],
      [
        { unit_name: 'nope', credits_per_unit: '-2', weekdays: [9], from_time: 'noon' },
        ['unit_name', 'credits_per_unit', 'weekdays', 'from_time'],
      ],
    ];
    for (const [payload, fields] of cases) {
      for (const [method, path] of [
        ['POST', '/earning-rules'],
        ['PUT', '/earning-rules/1'],
      ] as const) {
        const res = await call(t, owner.cookie, method, path, payload);
        expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(422);
        expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
      }
    }
    expectReason(
      await call(t, owner.cookie, 'PUT', '/earning-rules/999999', {
        unit_name: 'purchase_amount',
        credits_per_unit: '1',
      }),
      'earning_rule_not_found',
    );
    expect((await call(t, owner.cookie, 'GET', '/earning')).json()).toEqual(before);
    expect((await auditActions(t, owner.id)).length).toBe(audit);
  });
});

describe('tiers, units, subscription types, session defaults', () => {
  it('a tier is added, changed, refused while a contact holds it, and removed when nobody does', async () => {
    const { tier, contact } = await tierWithContact(t, owner.cookie);
    const changed = await call(t, owner.cookie, 'PUT', `/tiers/${tier.uuid}`, {
      name: 'Platinum',
      position: 9,
    });
    expect(changed.json()).toMatchObject({ name: 'Platinum', position: 9, contacts: 1 });
    expect((await call(t, owner.cookie, 'PUT', `/tiers/${tier.uuid}`, { name: '  ' })).statusCode).toBe(422);
    const refused = expectReason(
      await call(t, owner.cookie, 'POST', `/tiers/${tier.uuid}/remove`, {}),
      'tier_in_use',
    );
    expect(refused.message).toContain('1 contact(s)');
    // The public API shows the change at once.
    const tiers = await t.call({ method: 'GET', url: '/tiers' });
    expect(JSON.stringify(tiers.json())).toContain('Platinum');
    await t.app.db.updateTable('contacts').set({ tier_id: null }).where('uuid', '=', contact).execute();
    expect((await call(t, owner.cookie, 'POST', `/tiers/${tier.uuid}/remove`, {})).statusCode).toBe(204);
    expectReason(await call(t, owner.cookie, 'POST', `/tiers/${tier.uuid}/remove`, {}), 'tier_not_found');
    const actions = await auditActions(t, owner.id);
    expect(actions).toEqual(expect.arrayContaining(['tier.changed', 'tier.removed']));
  });

  it('a unit is added through the public API’s rule, shown in GET /units, and changed; its name stays', async () => {
    const name = `u_${uniqueId('x').slice(2).replace('-', '_')}`;
    const made = await call(t, owner.cookie, 'POST', '/units', { name, label: 'Stamps', prefix: 'S' });
    expect(made.statusCode).toBe(201);
    expect((await call(t, owner.cookie, 'POST', '/units', { name, label: 'Again' })).json().code).toBe(55045);
    expect(
      Object.keys(
        (await call(t, owner.cookie, 'POST', '/units', { name: 'Bad Name', label: '' })).json().errors,
      ).sort(),
    ).toEqual(['label', 'name']);
    const changed = await call(t, owner.cookie, 'PUT', `/units/${name}`, { label: 'Stempels', prefix: '★' });
    expect(changed.json()).toEqual({ name, label: 'Stempels', prefix: '★', is_default: false });
    const units = await t.call({ method: 'GET', url: '/units' });
    expect(JSON.stringify(units.json())).toContain('Stempels');
    // The default unit stays until another is made the default.
    const refused = await call(t, owner.cookie, 'PUT', '/units/purchase_amount', {
      label: 'Purchase amount',
      prefix: '€',
      is_default: false,
    });
    expect(Object.keys(refused.json().errors)).toEqual(['is_default']);
    expectReason(
      await call(t, owner.cookie, 'PUT', '/units/nope', { label: 'x', prefix: 'x' }),
      'unit_not_found',
    );
  });

  it('a subscription type is added and changed; the public API lists it', async () => {
    const name = uniqueId('Events');
    const made = await call(t, owner.cookie, 'POST', '/subscription-types', {
      name,
      description: 'Tastings',
      active: true,
      strategy: 'OPT_IN',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const changed = await call(t, owner.cookie, 'PUT', `/subscription-types/${id}`, {
      name,
      description: null,
      active: false,
      strategy: 'DOUBLE_OPT_IN',
    });
    expect(changed.json()).toMatchObject({ id, active: false, strategy: 'DOUBLE_OPT_IN', description: null });
    const listed = await t.call({ method: 'GET', url: '/subscription-types' });
    expect(JSON.stringify(listed.json())).toContain(name);
    expectReason(
      await call(t, owner.cookie, 'PUT', '/subscription-types/99999', {
        name,
        active: true,
        strategy: 'OPT_IN',
      }),
      'subscription_type_not_found',
    );
  });

  it('session defaults are stored, refused naming an unknown or wrong setting, and the other settings stay', async () => {
    const settingsBefore = JSON.parse(
      (await t.app.db.selectFrom('account').select('settings').executeTakeFirstOrThrow()).settings,
    );
    const bad = await call(t, owner.cookie, 'PUT', '/session-defaults', {
      scanner_type: 'laser',
      colour: 'red',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['colour', 'scanner_type']);
    const res = await call(t, owner.cookie, 'PUT', '/session-defaults', {
      scanner_type: 'hand_scanner',
      enable_registration: false,
    });
    expect(res.json()).toEqual({ scanner_type: 'hand_scanner', enable_registration: false });
    const overview = earningOverview.parse((await call(t, owner.cookie, 'GET', '/earning')).json());
    expect(overview.session_defaults).toEqual({ scanner_type: 'hand_scanner', enable_registration: false });
    const settings = JSON.parse(
      (await t.app.db.selectFrom('account').select('settings').executeTakeFirstOrThrow()).settings,
    );
    expect({ ...settings, session_defaults: undefined }).toEqual({
      ...settingsBefore,
      session_defaults: undefined,
    });
    expect(await auditActions(t, owner.id)).toContain('session_defaults.changed');
  });
});

describe('promotions and voucher batches', () => {
  async function newPromotion(name = uniqueId('Promo'), extra: Record<string, unknown> = {}) {
    const res = await call(t, owner.cookie, 'POST', '/promotions', { name, description: 'Test', ...extra });
    expect(res.statusCode).toBe(201);
    return officePromotion.parse(res.json());
  }

  it('makes a batch of unique, unguessable codes and exports them as RFC 4180 CSV with a BOM', async () => {
    const name = `Koffie, "gratis" ${uniqueId('x')}`;
    const promotion = await newPromotion(name, { expiration_duration: 30 });
    const res = await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers`, {
      count: 1200,
    });
    expect(res.statusCode).toBe(201);
    const batch = voucherBatch.parse(res.json());
    expect(batch.count).toBe(1200);
    expect(new Set(batch.codes).size).toBe(1200);
    for (const code of batch.codes) expect(code).toMatch(/^V-[A-HJKMNP-Z2-9]{12}$/);
    expect(batch.expiration_date).not.toBeNull();

    const exported = await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers/export`, {});
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="vouchers-[0-9a-f-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = exported.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    // Every line ends CRLF, and no bare LF is left.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const parsed = Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(['code', 'promotion', 'status', 'expiration_date', 'redeemed_at', 'created_at']);
    expect(rows.length).toBe(1200);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(batch.codes));
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set([name]));
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['ACTIVE']));

    const listed = (await call(t, owner.cookie, 'GET', '/promotions')).json().promotions;
    expect(listed.find((p: { uuid: string }) => p.uuid === promotion.uuid)).toMatchObject({
      vouchers: 1200,
      redeemed: 0,
    });
    const actions = await auditActions(t, owner.id);
    expect(actions).toEqual(
      expect.arrayContaining(['promotion.created', 'promotion.vouchers_made', 'promotion.vouchers_exported']),
    );
    // The log keeps how many, never a code.
    const logged = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('subject_uuid', '=', promotion.uuid)
      .execute();
    expect(JSON.stringify(logged)).not.toContain(batch.codes[0]);
  });

  it('a generated voucher is redeemed through the existing voucher API, once', async () => {
    const promotion = await newPromotion();
    const batch = voucherBatch.parse(
      (await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers`, { count: 3 })).json(),
    );
    const contact = await newContact(t);
    const redeem = () =>
      t.call({
        method: 'POST',
        url: '/vouchers/redeem',
        payload: { code: batch.codes[1], shop_uuid: DEMO.shop, contact_uuid: contact },
      });
    const first = await redeem();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      code: batch.codes[1],
      status: 'REDEEMED',
      contact: { uuid: contact },
    });
    expect((await redeem()).json().code).toBe(80005);
    const exported = (
      await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers/export`, {})
    ).rawPayload
      .toString('utf8')
      .slice(1);
    const rows = Papa.parse<string[]>(exported.trimEnd(), { newline: '\r\n' }).data.slice(1);
    expect(rows.find((r) => r[0] === batch.codes[1])?.[2]).toBe('REDEEMED');
  });

  it('refuses a batch over 10,000, under 1, or beyond the promotion’s voucher limit, making nothing', async () => {
    const promotion = await newPromotion(uniqueId('Limited'), { voucher_limit: 10 });
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('vouchers')
            .innerJoin('promotions', 'promotions.id', 'vouchers.promotion_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('promotions.uuid', '=', promotion.uuid)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const n of [0, 10_001, 11]) {
      const res = await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers`, { count: n });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['count']);
    }
    expect(
      (await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers`, { count: 10 }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers`, { count: 1 }))
        .statusCode,
    ).toBe(422);
    expect(await count()).toBe(10);
    // The limit cannot go below the vouchers made.
    const lower = await call(t, owner.cookie, 'PUT', `/promotions/${promotion.uuid}`, {
      name: 'Limited',
      voucher_limit: 5,
    });
    expect(Object.keys(lower.json().errors)).toEqual(['voucher_limit']);
    const past = await call(t, owner.cookie, 'POST', `/promotions/${promotion.uuid}/vouchers`, {
      count: 1,
      expiration_date: '2000-01-01T00:00:00Z',
    });
    expect(Object.keys(past.json().errors)).toEqual(['expiration_date']);
    expect((await call(t, owner.cookie, 'POST', '/promotions/nope/vouchers', { count: 1 })).json().code).toBe(
      80002,
    );
  });

  it('a promotion is changed, with its values checked', async () => {
    const promotion = await newPromotion();
    const res = await call(t, owner.cookie, 'PUT', `/promotions/${promotion.uuid}`, {
      name: 'Renamed',
      limit_per_contact: 2,
      expiration_duration: 7,
    });
    expect(res.json()).toMatchObject({ name: 'Renamed', limit_per_contact: 2, expiration_duration: 7 });
    const bad = await call(t, owner.cookie, 'PUT', `/promotions/${promotion.uuid}`, {
      name: '',
      voucher_limit: 0,
      expiration_duration: 99_999,
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['expiration_duration', 'name', 'voucher_limit']);
    const publicView = await t.call({ method: 'GET', url: `/promotions/${promotion.uuid}` });
    expect(publicView.json().data.name).toBe('Renamed');
  });
});

describe('a fixture load and the office’s programme edits', () => {
  const BRONZE = 'b0000000-0000-4000-8000-0000000000b1';
  /** The demo account with a tier nobody holds, Bronze. */
  const withBronze = (): AccountFixture => {
    const demo = demoAccountFixture();
    return {
      ...demo,
      tiers: [...demo.tiers, { uuid: BRONZE, name: 'Bronze', description: null, position: 0 }],
    };
  };

  it('check lists each edit a load would undo and writes nothing; add-only keeps them; replace undoes them', () =>
    withOwnApp(
      async (app) => {
        const boss = await staffMember(app, 'owner');
        const contact = await newContact(app);
        const base = await app.app.db
          .selectFrom('loyalty_rules')
          .select('id')
          .where('tier_id', 'is', null)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        // The office: 3 credits per euro for everyone, a till without sign-up, a renamed newsletter, Bronze gone.
        const changed = await call(app, boss.cookie, 'PUT', `/earning-rules/${base.id}`, {
          unit_name: 'purchase_amount',
          credits_per_unit: '3',
        });
        expect(changed.statusCode).toBe(200);
        await call(app, boss.cookie, 'PUT', '/session-defaults', { enable_registration: false });
        await call(app, boss.cookie, 'PUT', '/subscription-types/1', {
          name: 'Coffee news',
          active: true,
          strategy: 'DOUBLE_OPT_IN',
        });
        expect((await call(app, boss.cookie, 'POST', `/tiers/${BRONZE}/remove`, {})).statusCode).toBe(204);
        expect(await creditsFor(app, contact)).toBe(30);

        const before = (await call(app, boss.cookie, 'GET', '/earning')).json();
        const refused = await applyFixture(app.app.db, app.app.bus, withBronze(), app.clock.now()).catch(
          (e) => e,
        );
        expect(refused).toBeInstanceOf(FixtureConflictError);
        expect(refused.message).toContain('loyalty_rules: the office changed the earning rules');
        expect(refused.message).toContain(
          'account.settings.session_defaults: the office set {"enable_registration":false}',
        );
        expect(refused.message).toContain(
          'subscription_types[0] "Newsletter": the office changed it to "Coffee news"',
        );
        expect(refused.message).toContain(
          'tiers[2] "Bronze": the office removed it; the fixture would add it again',
        );
        expect((await call(app, boss.cookie, 'GET', '/earning')).json()).toEqual(before);

        await applyFixture(app.app.db, app.app.bus, withBronze(), app.clock.now(), 'test', 'add-only');
        expect((await call(app, boss.cookie, 'GET', '/earning')).json()).toEqual(before);
        expect(await creditsFor(app, contact)).toBe(30);

        await applyFixture(app.app.db, app.app.bus, withBronze(), app.clock.now(), 'test', 'replace');
        const after = earningOverview.parse((await call(app, boss.cookie, 'GET', '/earning')).json());
        expect(after.tiers.map((x) => x.name)).toContain('Bronze');
        expect(after.session_defaults).toEqual(demoAccountFixture().account.settings?.session_defaults);
        expect(after.subscription_types[0]?.name).toBe('Newsletter');
        expect(await creditsFor(app, contact)).toBe(10);
      },
      { fixture: withBronze() },
    ));
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'an earning rule changed through one process, across two',
  () => {
    const two = twoProcesses();

    it('the other process, which kept the rules, credits the next reception by the new rule', async () => {
      const boss = await staffMember(two.a, 'owner');
      const { tier, contact } = await tierWithContact(two.a, boss.cookie);
      // Both processes read (and keep) the rules of purchase_amount.
      expect(await creditsFor(two.b, contact)).toBe(10);
      expect(await creditsFor(two.a, contact)).toBe(10);
      const res = await call(two.a, boss.cookie, 'POST', '/earning-rules', {
        unit_name: 'purchase_amount',
        credits_per_unit: '4',
        tier_uuid: tier.uuid,
      });
      expect(res.statusCode).toBe(201);
      expect(await creditsFor(two.a, contact)).toBe(40);
      // The other process hears of it through LISTEN/NOTIFY, a moment after the commit.
      await expect.poll(() => creditsFor(two.b, contact), { timeout: 5000 }).toBe(40);
      const id = earningRule.parse(res.json()).id;
      await call(two.b, (await staffMember(two.b, 'owner')).cookie, 'PUT', `/earning-rules/${id}`, {
        unit_name: 'purchase_amount',
        credits_per_unit: '0.5',
        tier_uuid: tier.uuid,
      });
      expect(await creditsFor(two.b, contact)).toBe(5);
      await expect.poll(() => creditsFor(two.a, contact), { timeout: 5000 }).toBe(5);
    });
  },
);
