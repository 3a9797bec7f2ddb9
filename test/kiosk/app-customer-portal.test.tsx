import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE, type FakeContact } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The customer's own portal after identification (identify sessions): rewards to claim with
 * credits, vouchers to use, each refusal in words, and "Manage on your phone" (a QR of a one-time
 * /me/ link); the rest of the account is on the phone. A customer known by e-mail alone confirms it
 * is them (the code e-mailed) before a claim or the phone link; no profile.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;

/** `customer` identified on an identify session, the portal's tabs shown. */
async function portalOf(customer: FakeContact & { card: string }) {
  const uuid = flow.api().openSession('identify');
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.scan(customer.card);
  await kiosk.until(() => screen.getByRole('tablist'));
  return { uuid, kiosk };
}

describe('the customer portal', () => {
  it('shows no zero figures: no prepaid balance without prepaid, no visit stats before a visit', async () => {
    const api = flow.api();
    const newcomer = api.customer({
      firstname: 'Zoë',
      credit_balance: 0,
      prepaid_balance_in_cents: 0,
      visits: 0,
    });
    await portalOf(newcomer);
    expect(text('credit-balance')).toBe('Your points0');
    expect(screen.queryByTestId('prepaid-balance')).toBeNull();
    expect(screen.queryByTestId('stat-visits')).toBeNull();
    expect(screen.queryByTestId('stat-last-visit')).toBeNull();
    expect(screen.queryByTestId('stat-earned')).toBeNull();
  });

  it('rewards: claimable first, the rest with the credits still needed; a physical one claimed is to collect', async () => {
    const api = flow.api();
    api.reward({ title: 'Beans', required_credits: 400 });
    const coffee = api.reward({ title: 'Free coffee', required_credits: 50 });
    api.reward({ title: 'Cake', required_credits: 80, stock: 0 });
    const anna = api.customer({ firstname: 'Anna', credit_balance: 120 });
    const { uuid, kiosk } = await portalOf(anna);
    await kiosk.until(() => screen.getByTestId('reward-list'));
    expect(screen.getAllByTestId('reward-state').map((badge) => badge.textContent)).toEqual([
      'Claim',
      '280 more points needed',
      'Out of stock',
    ]);

    await kiosk.user.click(screen.getByTestId(`reward-${coffee.uuid}`));
    expect(heading()).toBe('Claim Free coffee for 50 points?');
    expect(text('credits-after')).toBe('Points left after this70');
    await kiosk.user.click(screen.getByRole('button', { name: 'Yes, claim it' }));
    await kiosk.until(() => expect(heading()).toBe('Enjoy!'));
    expect(text('claimed-where')).toBe('Collect it at Demo Coffee Amsterdam.');
    expect(text('credits-left')).toBe('You have 70 points left.');
    expect(screen.queryByTestId('cancel-button')).toBeNull();
    expect(api.eventTypes(uuid)).toEqual(['contact_identified', 'reward_reception']);

    await kiosk.user.click(screen.getByRole('button', { name: 'Back to my portal' }));
    await kiosk.until(() => screen.getByTestId('reward-list'));
    expect(anna.credit_balance).toBe(70);
  });

  it.each([
    ['credits spent at the till meanwhile', 'You do not have enough points for this reward.'],
    ['the last one claimed meanwhile', 'Sorry, this reward is out of stock.'],
  ])('a claim refused (%s) is said in words', async (meanwhile, words) => {
    const api = flow.api();
    const reward = api.reward({ title: 'Free coffee', required_credits: 50, stock: 5 });
    const anna = api.customer({ firstname: 'Anna', credit_balance: 100 });
    const { kiosk } = await portalOf(anna);
    await kiosk.until(() => screen.getByTestId(`reward-${reward.uuid}`));
    await kiosk.user.click(screen.getByTestId(`reward-${reward.uuid}`));
    if (meanwhile.startsWith('credits')) anna.credit_balance = 40;
    else reward.stock = 0;
    await kiosk.user.click(screen.getByRole('button', { name: 'Yes, claim it' }));
    await kiosk.until(() => expect(text('action-error')).toBe(words));
    // Back in the portal, the reward says what it is now.
    await kiosk.user.click(screen.getByRole('button', { name: 'Back' }));
    await kiosk.until(() =>
      expect(screen.getByTestId(`reward-${reward.uuid}`).dataset.state).toBe(
        reward.stock === 0 ? 'out_of_stock' : 'short',
      ),
    );
  });

  it('vouchers: one is used in its tab, after a confirmation', async () => {
    const api = flow.api();
    const ben = api.customer({ firstname: 'Ben' });
    api.voucher({ code: 'MUFFIN-0002', name: 'Free muffin', owner: ben.uuid });
    const { uuid, kiosk } = await portalOf(ben);
    await kiosk.user.click(screen.getByRole('tab', { name: 'Vouchers' }));
    await kiosk.until(() => screen.getByTestId('voucher-MUFFIN-0002'));
    await kiosk.user.click(screen.getByTestId('voucher-MUFFIN-0002'));
    expect(heading()).toBe('Use this voucher now?');
    await kiosk.user.click(screen.getByRole('button', { name: 'Use it now' }));
    await kiosk.until(() => expect(heading()).toBe('Voucher used — enjoy!'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Use another voucher' }));
    await kiosk.until(() => expect(text('panel-vouchers')).toContain('You have no vouchers at the moment.'));
    expect(api.eventTypes(uuid)).toContain('voucher_redeemed');
  });

  it('the counter keeps two tabs; "Manage on your phone" shows a QR of a one-time /me/ link, fetched when shown', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna', card: 'CARD-0001' });
    const { uuid, kiosk } = await portalOf(anna);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Rewards', 'Vouchers']);
    expect(api.calls(`/sessions/${uuid}/me-link`)).toEqual([]);

    await kiosk.until(() => screen.getByTestId('manage-on-phone'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Manage on your phone' }));
    expect(heading()).toBe('Manage your account on your phone');
    await kiosk.until(() => screen.getByTestId('me-link-qr'));
    expect(api.calls(`/sessions/${uuid}/me-link`)).toHaveLength(1);
    expect(screen.getByTestId('me-link-qr').dataset.url).toMatch(/\/me\/\?token=/);
    expect(screen.getByRole('img', { name: 'QR code that opens your account on your phone' })).toBeTruthy();
    // Nothing of the customer on the QR screen.
    expect(document.body.textContent).not.toContain('Anna');

    await kiosk.user.click(screen.getByTestId('back-button'));
    await kiosk.until(() => screen.getByRole('tablist'));
    // Shown again: a new link (the last one may have been used).
    await kiosk.user.click(screen.getByRole('button', { name: 'Manage on your phone' }));
    await kiosk.until(() => screen.getByTestId('me-link-qr'));
    expect(api.calls(`/sessions/${uuid}/me-link`)).toHaveLength(2);
  });

  it("the POS's customer proves it themselves before the phone link: their card, then the QR", async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna', card: 'CARD-0001' });
    const uuid = api.openSession('identify', { contact: anna.uuid });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => expect(heading()).toBe('Welcome, Anna!'));
    // The POS's word shows the vouchers, but does not open the account on a phone.
    await kiosk.until(() => screen.getByTestId('manage-on-phone'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Manage on your phone' }));
    expect(heading()).toBe('Confirm it is you');
    expect(document.body.textContent).toContain('Your account opens on your phone only once you have shown');
    expect(api.calls(`/sessions/${uuid}/me-link`)).toEqual([]);
    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByTestId('me-link-qr'));
    expect(heading()).toBe('Manage your account on your phone');
    expect(api.calls(`/sessions/${uuid}/me-link`)).toHaveLength(1);
  });

  it('a receipt scanned before the card is held, then its credits are the customer’s once they are known', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna', credit_balance: 100 });
    const receipt = api.receipt(12);
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(receipt);
    await kiosk.until(() =>
      expect(text('scan-receipt-held')).toBe(
        'Receipt read. Now scan your loyalty card or the code in your app to collect its points.',
      ),
    );
    expect(anna.credit_balance).toBe(100);
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Thank you, Anna!'));
    await kiosk.until(() => expect(text('credits-earned')).toBe('Points earned+12'));
    expect(anna.credit_balance).toBe(112);
    expect(api.eventTypes(uuid)).toEqual(['contact_identified', 'receipt_token_claimed']);
    await kiosk.user.click(screen.getByRole('button', { name: 'Back to my portal' }));
    await kiosk.until(() => screen.getByRole('tablist'));
  });

  it('a receipt scanned in the portal earns its credits; the same receipt again is refused in words', async () => {
    const api = flow.api();
    const ben = api.customer({ firstname: 'Ben' });
    const receipt = api.receipt(7);
    const { kiosk } = await portalOf(ben);
    await kiosk.user.click(screen.getByRole('button', { name: 'Scan a receipt' }));
    expect(heading()).toBe('Scan the code on your receipt');
    await kiosk.scan('NOT-A-RECEIPT');
    await kiosk.until(() =>
      expect(text('action-error')).toBe('We can’t read this receipt’s code. Ask the cashier.'),
    );
    await kiosk.scan(receipt);
    await kiosk.until(() => expect(heading()).toBe('Thank you, Ben!'));
    expect(ben.credit_balance).toBe(7);
    await kiosk.user.click(screen.getByRole('button', { name: 'Back to my portal' }));
    await kiosk.until(() => screen.getByRole('tablist'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Scan a receipt' }));
    await kiosk.scan(receipt);
    await kiosk.until(() =>
      expect(text('action-error')).toBe('The points of this receipt have already been collected.'),
    );
    expect(ben.credit_balance).toBe(7);
  });

  it('an e-mail alone: name, balances and rewards; a claim first asks for the code e-mailed, then goes through; no profile', async () => {
    const api = flow.api();
    const coffee = api.reward({ title: 'Free coffee', required_credits: 50 });
    const carla = api.contact({
      email: 'carla@example.com',
      firstname: 'Carla',
      lastname: 'Bakker',
      credit_balance: 60,
    });
    const uuid = api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'carla@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome, Carla!'));
    expect(screen.queryByRole('tab', { name: 'Profile' })).toBeNull();
    expect(document.body.textContent).not.toContain('Bakker');
    expect(document.body.textContent).not.toContain('carla@example.com');
    // The vouchers, and the link to the account on the phone, wait for the proof.
    await kiosk.until(() => screen.getByRole('tab', { name: 'Vouchers' }));
    await kiosk.user.click(screen.getByRole('tab', { name: 'Vouchers' }));
    expect(screen.getByTestId('proof-needed').textContent).toContain('To see this, first confirm it is you.');
    await kiosk.user.click(screen.getByRole('button', { name: 'Manage on your phone' }));
    expect(heading()).toBe('Confirm it is you');
    expect(api.calls(`/sessions/${uuid}/me-link`)).toEqual([]);
    await kiosk.user.click(screen.getByTestId('verify-back'));
    await kiosk.until(() => screen.getByRole('tab', { name: 'Rewards' }));
    await kiosk.user.click(screen.getByRole('tab', { name: 'Rewards' }));

    await kiosk.until(() => screen.getByTestId(`reward-${coffee.uuid}`));
    await kiosk.user.click(screen.getByTestId(`reward-${coffee.uuid}`));
    await kiosk.user.click(screen.getByRole('button', { name: 'Yes, claim it' }));
    expect(heading()).toBe('Confirm it is you');
    expect(api.calls('/rewards/claim')).toEqual([]);
    await kiosk.user.click(screen.getByRole('button', { name: 'E-mail a code to c***@example.com' }));
    await kiosk.until(() => expect(heading()).toBe('Enter the code from your e-mail'));
    expect(document.body.textContent).toContain('We have sent a 6-digit code to c***@example.com.');

    for (const digit of '999999') await kiosk.user.click(screen.getByTestId(`keypad-${digit}`));
    await kiosk.until(() =>
      expect(text('action-error')).toBe('That is not the code we sent. Check it and try again.'),
    );
    await kiosk.until(() => expect(text('verify-attempts')).toBe('You can try 4 more times.'));
    for (const digit of CODE) await kiosk.user.click(screen.getByTestId(`keypad-${digit}`));
    // Proven: back at the claim, which goes through now.
    await kiosk.until(() => expect(heading()).toBe('Claim Free coffee for 50 points?'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Yes, claim it' }));
    await kiosk.until(() => expect(heading()).toBe('Enjoy!'));
    expect(carla.credit_balance).toBe(10);
    expect(api.eventTypes(uuid)).toEqual(['contact_identified', 'contact_verified', 'reward_reception']);
  });
});
