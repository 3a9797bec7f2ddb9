import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Today: the shop's sessions as a compact table, filtered by where they stand (open, done,
 * cancelled), each filter with its count, and the totals of the sessions shown.
 */

const flow = setUpFlowTests();

const atCounter = (uuid: string, action: string, body: unknown = {}) => {
  const answer = flow.api().call('POST', `/portal/api/sessions/${uuid}/${action}`, body);
  expect(answer.status, `${action} at the counter`).toBe(200);
};
const rows = () => within(screen.getByRole('table')).getAllByTestId('today-session');
const totals = () => screen.getByTestId('today-totals').textContent;

/** A day at the shop: credits given, a gift card that paid in full, an open and a cancelled session. */
function aDay() {
  const api = flow.api();
  const anna = api.customer({ firstname: 'Anna', lastname: 'de Vries', creditsPerEuro: 1 });
  const credits = api.openSession('credit_reception', { amount_in_cents: 1900, started_by: 'Till 1' });
  atCounter(credits, 'identify', { value: anna.card });
  atCounter(credits, 'credit-reception');
  atCounter(credits, 'complete');
  const card = api.giftcard({ hash: 'GC-0007', balance_in_cents: 5000 });
  const paid = api.openSession('redeem_giftcards', { amount_in_cents: 1200 });
  atCounter(paid, 'giftcards/redeem', { giftcard_uuid: card.uuid });
  const cancelled = api.openSession('vouchers', { started_by: 'Till 1' });
  atCounter(cancelled, 'cancel');
  api.openSession('identify');
}

describe("Today's table", () => {
  it('one row per session, newest first: time, type, who, and the status with what moved', async () => {
    aDay();
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByTestId('console-device'));
    await console.user.click(screen.getByTestId('tab-today'));
    await console.until(() => expect(rows()).toHaveLength(4));

    const cells = rows().map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent));
    expect(cells).toEqual([
      ['Customer portalfrom the POS', '–', 'Open'],
      ['Vouchersby Till 1', '–', 'Cancelled'],
      ['Gift-card paymentfrom the POS', '€12.00', 'Done · paid €12.00'],
      ['PointsAnna de Vries · by Till 1', '€19.00', 'Done · +19 points'],
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Time',
      'Session',
      'Amount',
      'Status',
    ]);
    expect(totals()).toContain('Sessions4');
    expect(totals()).toContain('Points given19');
    expect(totals()).toContain('Gift cards paid€12.00');
  });

  it('filters: open, done, cancelled, each with its count; the totals follow the filter', async () => {
    aDay();
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByTestId('console-device'));
    await console.user.click(screen.getByTestId('tab-today'));
    await console.until(() => expect(rows()).toHaveLength(4));
    const filters = screen.getByRole('group', { name: 'Show' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All 4', 'Open 1', 'Done 2', 'Cancelled 1']);

    await console.user.click(within(filters).getByRole('button', { name: 'Done 2' }));
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Gift-card payment'),
      expect.stringContaining('Points'),
    ]);
    expect(totals()).toContain('Sessions2');
    expect(within(filters).getByRole('button', { name: 'Done 2' }).getAttribute('aria-pressed')).toBe('true');

    await console.user.click(within(filters).getByRole('button', { name: 'Cancelled 1' }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('Vouchers');
    expect(totals()).toContain('Points given0');

    await console.user.click(within(filters).getByRole('button', { name: 'Open 1' }));
    expect(rows()[0]?.textContent).toContain('Customer portal');
  });

  it('a filter with nothing today says so; a row opens its session live', async () => {
    flow.api().openSession('vouchers', { started_by: 'Till 1' });
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByTestId('console-device'));
    await console.user.click(screen.getByTestId('tab-today'));
    await console.until(() => expect(rows()).toHaveLength(1));
    await console.user.click(screen.getByRole('button', { name: 'Done 0' }));
    expect(screen.getByTestId('today-empty').textContent).toBe('None of these today.');
    expect(screen.queryByRole('table')).toBeNull();

    await console.user.click(screen.getByRole('button', { name: 'All 1' }));
    await console.user.click(within(rows()[0]!).getByRole('button', { name: 'Vouchers' }));
    await console.until(() => expect(screen.getByTestId('live-status').textContent).toBe('Open'));
  });
});
