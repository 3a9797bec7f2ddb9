import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityReport, LiabilityReport } from '../../src/contract/office-reports';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectLedgersBalanced } from '../helpers/ledger';
import { auditOf, officeCall, staffMember, type TestStaff } from '../helpers/office';

/*
 * Issue "office, part 2", done when: a points correction and a reversal made in the office show in
 * the customer's history, the reports and the audit log (docs/office.md "Customer service" and
 * "Reports"). Customer service books through the credit ledger; the reports read that ledger.
 */

let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffMember(t, 'owner');
});
afterAll(async () => t?.close());

async function office<T>(
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
): Promise<T> {
  const res = await officeCall(t, owner.cookie, {
    method,
    path,
    headers: { 'content-type': 'application/json' },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/** Utrecht's figures: the period's activity totals and today's outstanding credits. */
async function utrecht() {
  const query = `?shop_uuid=${DEMO.shopUtrecht}`;
  const activity = await office<ActivityReport>('GET', `/reports/activity${query}`);
  const liability = await office<LiabilityReport>('GET', `/reports/liability${query}`);
  const shopRow = liability.rows.find((r) => r.kind === 'shop' && r.shop?.uuid === DEMO.shopUtrecht);
  return { activity: activity.totals, credits: shopRow?.credits ?? 0 };
}

describe('a correction and a reversal made in the office', () => {
  it('show in the history, the activity and liability reports, and the audit log', async () => {
    const email = `fix-${randomBytes(4).toString('hex')}@example.com`;
    const made = await t.call({ method: 'POST', url: '/contacts', payload: { email } });
    expect(made.statusCode).toBe(201);
    const contact = made.json().data.uuid as string;
    const before = await utrecht();

    const reception = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: contact, shop_uuid: DEMO.shopUtrecht, credits: 40 },
    });
    expect(reception.statusCode).toBe(201);
    const correction = await office<{ made: { uuid: string } }>(
      'POST',
      `/customers/${contact}/credit-corrections`,
      { shop_uuid: DEMO.shopUtrecht, credits: 12.5, reason: 'Receipt of 1 December not scanned' },
    );
    await office('POST', `/customers/${contact}/reversals`, {
      type: 'credit_reception',
      uuid: reception.json().data.uuid,
    });

    // The history: the correction with its reason, the reception marked reversed, the reversal.
    const history = await office<{ lines: Array<Record<string, unknown>> }>(
      'GET',
      `/customers/${contact}/history`,
    );
    expect(history.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uuid: correction.made.uuid,
          credits: 12.5,
          reason: 'Receipt of 1 December not scanned',
        }),
        expect.objectContaining({ uuid: reception.json().data.uuid }),
      ]),
    );
    expect(JSON.stringify(history.lines)).toMatch(/revers/);

    // The reports: 40 + 12.5 given, 40 taken back, 12.5 more owed, all at Utrecht.
    const after = await utrecht();
    expect(after.activity.credits_given - before.activity.credits_given).toBe(52.5);
    expect(after.activity.credits_taken_back - before.activity.credits_taken_back).toBe(40);
    expect(after.credits - before.credits).toBe(12.5);

    // The audit log: both, naming the owner.
    const actions = (await auditOf(t, contact)).map((e) => [e.action, e.staff_id]);
    expect(actions).toEqual([
      ['customer.credits_corrected', owner.id],
      ['customer.reversed', owner.id],
    ]);
    await expectLedgersBalanced(t.app.db);
  });
});
