import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Controls, setUpFlowTests } from '../helpers/flow-tests';

/*
 * What the console offers while it follows a session: the one action the counter waits for (Send
 * the purchase amount, Received for a top-up) in the action bar, in view whatever the panel shows;
 * Cancel only while cancelling still undoes everything; the status says "Done" as soon as what the
 * session was for has happened, never "Open" on a session fully paid.
 */

const flow = setUpFlowTests();
const text = (testId: string) => screen.getByTestId(testId).textContent;

/** The console of the Amsterdam till, after starting a session of `type` (amount typed in euros). */
async function started(type: string, amount = ''): Promise<{ console: Controls; uuid: string }> {
  const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
  await console.until(() => screen.getByTestId('console-device'));
  await console.user.click(screen.getByTestId(`type-${type}`));
  for (const key of amount)
    await console.user.click(screen.getByTestId(`start-amount-${key === '.' ? 'decimal' : key}`));
  await console.user.click(within(screen.getByTestId('start-bar')).getByTestId('start-submit'));
  await console.until(() => screen.getByTestId('live-status'));
  const uuid = new URLSearchParams(window.location.search).get('session');
  if (!uuid) throw new Error('the console follows no session');
  return { console, uuid };
}

const atCounter = (uuid: string, action: string, body: unknown = {}) => {
  const answer = flow.api().call('POST', `/portal/api/sessions/${uuid}/${action}`, body);
  expect(answer.status, `${action} at the counter`).toBe(200);
};
const bar = () => screen.getByTestId('live-bar');

describe('the action the counter waits for is in the action bar', () => {
  it('Send € x: in the bar from the moment the customer waits, with the amount as it is typed', async () => {
    const ben = flow.api().customer({ firstname: 'Ben' });
    const { console, uuid } = await started('credit_reception');
    expect(within(bar()).queryByTestId('purchase-submit')).toBeNull();
    atCounter(uuid, 'identify', { value: ben.card });

    await console.until(() => within(bar()).getByTestId('purchase-submit'));
    const send = within(bar()).getByTestId('purchase-submit') as HTMLButtonElement;
    expect(send.textContent).toBe('Send €0.00');
    expect(send.disabled).toBe(true);
    for (const key of ['1', '2']) await console.user.click(screen.getByTestId(`purchase-amount-${key}`));
    expect(send.textContent).toBe('Send €12.00');
    // Before the customer's card and balance: the keypad comes first.
    const panel = screen.getByTestId('panel-live');
    const order = [...panel.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    expect(order.indexOf('live-purchase')).toBeLessThan(order.indexOf('live-customer'));

    await console.user.click(send);
    await console.until(() => expect(flow.api().session(uuid).pos_transaction?.amount_in_cents).toBe(1200));
    await console.until(() => expect(within(bar()).queryByTestId('purchase-submit')).toBeNull());
  });

  it('on another tab, a strip under the tabs says the customer waits, and leads to Send', async () => {
    const ben = flow.api().customer({ firstname: 'Ben' });
    const { console, uuid } = await started('credit_reception');
    await console.user.click(screen.getByTestId('tab-today'));
    expect(screen.queryByTestId('waiting-strip')).toBeNull();
    atCounter(uuid, 'identify', { value: ben.card });

    await console.until(() =>
      expect(text('waiting-strip')).toContain('The customer waits for the purchase amount.'),
    );
    await console.user.click(
      within(screen.getByTestId('waiting-strip')).getByRole('button', { name: 'Show' }),
    );
    expect(within(bar()).getByTestId('purchase-submit').textContent).toBe('Send €0.00');
    expect(screen.queryByTestId('waiting-strip')).toBeNull();
  });

  it('Received € 50.00 for a held top-up, in the bar; Cancel still there, as nothing moved yet', async () => {
    const anna = flow.api().customer({ firstname: 'Anna', prepaid_balance_in_cents: 0 });
    const { console, uuid } = await started('top_up_prepaid', '50');
    atCounter(uuid, 'identify', { value: anna.card });
    atCounter(uuid, 'prepaid/top-up', { amount_in_cents: 5000 });

    await console.until(() => within(bar()).getByRole('button', { name: 'Received €50.00' }));
    expect(text('live-status')).toBe('Open · collect €50.00');
    expect(within(bar()).getByRole('button', { name: 'Cancel session' })).toBeTruthy();

    await console.user.click(within(bar()).getByRole('button', { name: 'Received €50.00' }));
    await console.until(() => expect(text('live-status')).toBe('Done · topped up €50.00'));
    expect(anna.prepaid_balance_in_cents).toBe(5000);
    // The money moved: cancelling would undo none of it.
    expect(screen.queryByRole('button', { name: 'Cancel session' })).toBeNull();
  });
});

describe('no Cancel once something of value moved', () => {
  it('credits given: Done, and no Cancel while the counter still shows the result', async () => {
    const anna = flow.api().customer({ firstname: 'Anna' });
    const { console, uuid } = await started('credit_reception', '10');
    expect(within(bar()).getByRole('button', { name: 'Cancel session' })).toBeTruthy();
    atCounter(uuid, 'identify', { value: anna.card });
    atCounter(uuid, 'credit-reception');
    await console.until(() => expect(text('live-status')).toBe('Done · +10 points'));
    expect(flow.api().session(uuid).status).toBe('open');
    expect(screen.queryByRole('button', { name: 'Cancel session' })).toBeNull();
  });

  it('a gift card charged for part: still open, the till takes the rest, and no Cancel', async () => {
    const card = flow.api().giftcard({ hash: 'GC-0042', balance_in_cents: 2000 });
    const { console, uuid } = await started('redeem_giftcards', '30');
    atCounter(uuid, 'giftcards/redeem', { giftcard_uuid: card.uuid });
    await console.until(() => expect(text('live-status')).toBe('Open · paid €20.00 · €10.00 at the till'));
    expect(screen.queryByRole('button', { name: 'Cancel session' })).toBeNull();
  });

  it('fully paid with gift cards: "Done · paid €30.00", never "Open", while the counter shows the result', async () => {
    const card = flow.api().giftcard({ hash: 'GC-0043', balance_in_cents: 5000 });
    const { console, uuid } = await started('redeem_giftcards', '30');
    expect(text('live-status')).toBe('Open');
    atCounter(uuid, 'giftcards/redeem', { giftcard_uuid: card.uuid });
    await console.until(() => expect(text('live-status')).toBe('Done · paid €30.00'));
    expect(flow.api().session(uuid).status).toBe('open');
    expect(screen.getByTestId('live-status').className).toContain('pill-done');
  });
});

describe('the account’s wording on the console', () => {
  it('credits in the account’s own word, whole unless it sets decimals', async () => {
    flow.api().setWording({ credit_name: { nl: 'stempels', en: 'stamps' } });
    const anna = flow.api().customer({ firstname: 'Anna', creditsPerEuro: 1.5 });
    const { console, uuid } = await started('credit_reception', '7');
    expect(screen.getByTestId('type-credit_reception').textContent).toContain('Stamps');
    atCounter(uuid, 'identify', { value: anna.card });
    atCounter(uuid, 'credit-reception');
    // The status line and the type button speak of stamps, not points.
    await console.until(() => expect(text('live-status')).toBe('Done · +10 stamps'));
  });
});
