import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHOPS } from '../helpers/fake-portal-api';
import { type Controls, setUpFlowTests } from '../helpers/flow-tests';

/*
 * The cashier console at work: it starts a session for the counter screen, follows it live while
 * the customer acts there (the counter screen's calls go to the same fake service), sends the
 * purchase amount to a session that waits for it, cancels, and lists the day's sessions.
 */

const flow = setUpFlowTests();
const text = (testId: string) => screen.getByTestId(testId).textContent;

/** The Amsterdam till's console, paired. */
async function consoleAtTill() {
  const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
  await console.until(() => screen.getByTestId('console-device'));
  return console;
}

/** Types an amount on a console keypad as written, in euros: "12.75" is 1, 2, the decimal key, 7, 5. */
async function typeAmount(console: Controls, keypad: string, amount: string) {
  for (const key of amount)
    await console.user.click(screen.getByTestId(`${keypad}-${key === '.' ? 'decimal' : key}`));
}

/** Sets the counter screen's scanner in this device's settings sheet. */
async function chooseScanner(console: Controls, scanner: 'camera' | 'hand_scanner') {
  await console.user.click(screen.getByTestId('settings-open'));
  await console.user.click(screen.getByTestId(`scanner-${scanner}`));
  await console.user.click(screen.getByRole('button', { name: 'Done' }));
}

/** How many sessions the console has started. */
const started = () => flow.api().calls('/cashier/api/sessions', 'POST').length;

/** What the counter screen does for the customer, through the portal API of session `uuid`. */
const atCounter = (uuid: string, action: string, body: unknown = {}) => {
  const answer = flow.api().call('POST', `/portal/api/sessions/${uuid}/${action}`, body);
  expect(answer.status, `${action} at the counter`).toBe(200);
};

function followedSession(): string {
  const uuid = new URLSearchParams(window.location.search).get('session');
  if (!uuid) throw new Error('the console follows no session');
  return uuid;
}

describe('the console follows what happens at the counter', () => {
  it('credits: the cashier types € 12.75 and starts; the customer scans at the counter; the console shows the credits live', async () => {
    const anna = flow.api().customer({
      firstname: 'Anna',
      lastname: 'de Vries',
      credit_balance: 120,
      creditsPerEuro: 1.5,
    });
    const console = await consoleAtTill();
    await console.user.click(screen.getByTestId('type-credit_reception'));
    await chooseScanner(console, 'hand_scanner');
    await typeAmount(console, 'start-amount', '12.75');
    expect(text('start-amount-value')).toBe('€12.75');
    await console.user.click(screen.getByRole('button', { name: 'Start · €12.75' }));

    await console.until(() => expect(text('live-status')).toBe('Open'));
    const uuid = followedSession();
    expect(flow.api().session(uuid)).toMatchObject({
      type: 'credit_reception',
      amount_in_cents: 1275,
      started_by: 'Till 1',
      settings: { scanner_type: 'hand_scanner' },
    });
    expect(text('live-customer')).toBe('Waiting for the customer');
    await console.until(() => expect(text('live-connection')).toBe('Live'));

    atCounter(uuid, 'identify', { value: anna.card });
    atCounter(uuid, 'credit-reception');
    // Anna earns 1.5 credits a euro: floor(12.75 × 1.5) = 19; she had 120.
    await console.until(() => expect(text('live-credits')).toContain('+19 points'));
    expect(text('live-customer')).toContain('Customer identified with their card');
    expect(text('live-customer')).toContain('Anna de Vries');
    expect(text('live-credit-balance')).toBe('139');
    // Credits given: done, though the counter screen still shows the result.
    expect(text('live-status')).toBe('Done · +19 points');
    expect(text('live-receipt')).toContain('Points · Anna de Vries · purchase €12.75 · +19 points · Done');

    atCounter(uuid, 'complete');
    await console.until(() => expect(flow.api().session(uuid).status).toBe('completed'));
    await console.until(() => expect(text('live-status')).toBe('Done · +19 points'));
    expect(started()).toBe(1);
  });

  it('credits that wait: the customer scans first, then the cashier sends the purchase amount', async () => {
    const ben = flow.api().customer({ firstname: 'Ben' });
    const console = await consoleAtTill();
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    await console.until(() => expect(text('live-status')).toBe('Open'));
    const uuid = followedSession();
    atCounter(uuid, 'identify', { value: ben.card });

    await console.until(() => screen.getByTestId('live-purchase'));
    expect(text('live-purchase')).toContain('The customer waits for the purchase amount.');
    await typeAmount(console, 'purchase-amount', '8.4');
    await console.user.click(screen.getByRole('button', { name: 'Send €8.40' }));
    await console.until(() => expect(flow.api().session(uuid).pos_transaction?.amount_in_cents).toBe(840));
    atCounter(uuid, 'credit-reception');
    await console.until(() => expect(text('live-credits')).toContain('+8 points'));
  });

  it('gift-card payment: the amount is required; the counter pays € 25 of € 30, and € 5 is left for the till', async () => {
    const card = flow.api().giftcard({ hash: 'GC-0001', balance_in_cents: 2500 });
    const console = await consoleAtTill();
    await console.user.click(screen.getByTestId('type-redeem_giftcards'));
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    expect(text('amount-required')).toBe('Type the amount to pay first.');
    expect(started()).toBe(0);

    await typeAmount(console, 'start-amount', '30');
    await console.user.click(screen.getByRole('button', { name: 'Start · €30.00' }));
    await console.until(() => expect(text('live-status')).toBe('Open'));
    atCounter(followedSession(), 'giftcards/redeem', { giftcard_uuid: card.uuid });

    await console.until(() => expect(text('live-giftcards-paid')).toBe('€25.00'));
    expect(text('live-giftcards')).toContain('Gift card …0001');
    expect(text('live-till')).toContain('€5.00');
    // Part paid: still open, and what moved is said.
    expect(text('live-status')).toBe('Open · paid €25.00 · €5.00 at the till');
    expect(text('live-receipt')).toContain('gift card …0001 €25.00 · to pay at the till €5.00');
  });

  it('Cancel from the console, confirmed: the session ends at once', async () => {
    const console = await consoleAtTill();
    await console.user.click(screen.getByTestId('type-vouchers'));
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    await console.until(() => expect(text('live-status')).toBe('Open'));
    await console.user.click(screen.getByRole('button', { name: 'Cancel session' }));
    expect(text('cancel-confirm')).toContain('Cancel this session? The counter screen stops at once.');
    await console.user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await console.until(() => expect(text('live-status')).toBe('Cancelled'));
    expect(flow.api().session(followedSession()).status).toBe('cancelled');
  });

  it('a customer found by e-mail starts the session with them; an unknown one is said in words', async () => {
    const carla = flow.api().customer({ email: 'carla@example.com', firstname: 'Carla' });
    const console = await consoleAtTill();
    await console.user.click(screen.getByTestId('type-identify'));
    await console.user.type(screen.getByLabelText('Customer (optional)'), 'nobody@example.com');
    await console.user.click(screen.getByRole('button', { name: 'Find' }));
    await console.until(() => expect(text('find-error')).toBe('No customer found.'));

    await console.user.clear(screen.getByLabelText('Customer (optional)'));
    await console.user.type(screen.getByLabelText('Customer (optional)'), 'carla@example.com');
    await console.user.click(screen.getByRole('button', { name: 'Find' }));
    await console.until(() => expect(text('start-customer')).toContain('Carla · carla@example.com'));
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    await console.until(() => expect(text('live-customer')).toContain('chosen at the start'));
    expect(flow.api().session(followedSession()).contact).toBe(carla.uuid);
  });

  it("today's sessions: newest first, with their outcome, who started them, and the day's totals", async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna', creditsPerEuro: 1 });
    const credits = api.openSession('credit_reception', { amount_in_cents: 1900 });
    atCounter(credits, 'identify', { value: anna.card });
    atCounter(credits, 'credit-reception');
    api.openSession('vouchers', { started_by: 'Till 1' });
    api.openSession('identify', { shop: SHOPS.utrecht.uuid });
    const console = await consoleAtTill();
    await console.user.click(screen.getByTestId('tab-today'));

    await console.until(() => expect(screen.getAllByTestId('today-session')).toHaveLength(2));
    const [newest, oldest] = screen.getAllByTestId('today-session');
    expect(newest?.textContent).toContain('Vouchers');
    expect(newest?.textContent).toContain('by Till 1');
    expect(oldest?.textContent).toContain('Anna · from the POS');
    expect(oldest?.textContent).toContain('+19 points');
    expect(within(screen.getByTestId('today-totals')).getByText('19')).toBeTruthy();
  });

  it('a session of another shop, followed by its address, shows nothing of it', async () => {
    const api = flow.api();
    const theirs = api.openSession('identify', {
      shop: SHOPS.utrecht.uuid,
      contact: api.customer({ firstname: 'Utrecht' }).uuid,
    });
    await consoleAtTill();
    cleanup();
    const console = await flow.renderConsole(`/cashier/?session=${theirs}`);
    await console.until(() => screen.getByTestId('console-device'));
    await console.until(() => within(screen.getByTestId('panel-live')).getByRole('alert'));
    expect(screen.queryByTestId('live-customer')).toBeNull();
    expect(document.body.textContent).not.toContain('Utrecht ');
  });
});
