import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * A vouchers session: the identified customer's active vouchers as cards, used by a tap or by
 * scanning a voucher code (looked up first: a card or a gift card is said for what it is), with
 * every refusal in words; a voucher scanned instead of a card opens it, then identification.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;

/** Anna with her vouchers, identified on a vouchers session. */
async function annasVouchers() {
  const api = flow.api();
  const anna = api.customer({ firstname: 'Anna' });
  api.voucher({ code: 'MUFFIN-0001', name: 'Free muffin', owner: anna.uuid, expiration_date: '2027-06-30' });
  api.voucher({ code: 'TWOFORONE-0001', name: 'Two for one', owner: anna.uuid });
  api.voucher({ code: 'MUFFIN-USED', name: 'Free muffin', owner: anna.uuid, status: 'REDEEMED' });
  api.voucher({
    code: 'MUFFIN-EXPIRED',
    name: 'Free muffin',
    owner: anna.uuid,
    status: 'EXPIRED',
    expiration_date: '2025-01-31T23:59:59+01:00',
  });
  api.voucher({ code: 'MUFFIN-FREE', name: 'Free muffin', owner: null });
  const uuid = api.openSession('vouchers');
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.scan(anna.card);
  await kiosk.until(() => expect(heading()).toBe('Your vouchers'));
  return { uuid, kiosk, anna };
}

describe('vouchers', () => {
  it('tap a voucher, confirm: used; the list no longer has it; "I\'m done" then completes the session', async () => {
    const { uuid, kiosk } = await annasVouchers();
    await kiosk.until(() => screen.getByTestId('voucher-MUFFIN-0001'));
    expect(text('voucher-MUFFIN-0001')).toBe('Free muffinValid until June 30, 2027');
    expect(screen.queryByTestId('voucher-MUFFIN-USED')).toBeNull();

    await kiosk.user.click(screen.getByTestId('voucher-TWOFORONE-0001'));
    expect(heading()).toBe('Use this voucher now?');
    await kiosk.user.click(screen.getByRole('button', { name: 'Use it now' }));
    await kiosk.until(() => expect(heading()).toBe('Voucher used — enjoy!'));
    expect(text('redeemed-voucher')).toBe('Two for one');

    await kiosk.user.click(screen.getByRole('button', { name: 'Use another voucher' }));
    await kiosk.until(() => expect(screen.queryByTestId('voucher-TWOFORONE-0001')).toBeNull());
    expect(screen.getByTestId('voucher-MUFFIN-0001')).toBeTruthy();
    // Something was done: "I'm done" completes the session.
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(flow.api().eventTypes(uuid)).toEqual([
      'contact_identified',
      'voucher_redeemed',
      'session_completed',
    ]);
  });

  it('a scanned voucher of nobody is looked up, confirmed and used; Done completes', async () => {
    const { kiosk } = await annasVouchers();
    await kiosk.user.click(screen.getByRole('button', { name: 'Scan a voucher' }));
    expect(heading()).toBe('Scan your voucher');
    await kiosk.scan('MUFFIN-FREE');
    await kiosk.until(() => expect(heading()).toBe('Use this voucher now?'));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => expect(text('redeemed-voucher')).toBe('Free muffin'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Done' }));
    await kiosk.until(() => screen.getByTestId('screen-completed'));
  });

  it.each([
    ['already used', 'MUFFIN-USED', 'It has already been used.'],
    ['expired', 'MUFFIN-EXPIRED', 'It expired on January 31, 2025.'],
  ])(
    'a voucher that is %s is said so at the scan, with its date, and never offered; nothing is used',
    async (_, code, words) => {
      const { uuid, kiosk } = await annasVouchers();
      await kiosk.user.click(screen.getByRole('button', { name: 'Scan a voucher' }));
      await kiosk.scan(code);
      await kiosk.until(() => expect(heading()).toBe('This voucher cannot be used'));
      expect(text('voucher-unusable')).toBe(words);
      expect(screen.queryByTestId('confirm-button')).toBeNull();
      expect(flow.api().eventTypes(uuid)).toEqual(['contact_identified']);
    },
  );

  it('a voucher that is someone else’s is refused in words at its confirmation; nothing is used', async () => {
    const api = flow.api();
    api.voucher({
      code: 'MUFFIN-BENS',
      name: 'Free muffin',
      owner: api.contact({ email: 'ben@example.com' }).uuid,
    });
    const { uuid, kiosk } = await annasVouchers();
    await kiosk.user.click(screen.getByRole('button', { name: 'Scan a voucher' }));
    await kiosk.scan('MUFFIN-BENS');
    await kiosk.until(() => screen.getByTestId('confirm-button'));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => expect(text('action-error')).toBe('This voucher is linked to another account.'));
    expect(flow.api().eventTypes(uuid)).toEqual(['contact_identified']);
  });

  it.each([
    ['a loyalty card', 'CARD-OTHER', 'This is a loyalty card. Scan the code on your voucher.'],
    ['a gift card', 'GC-0001', 'This is a gift card. Scan the code on your voucher.'],
    ['an unknown code', 'NOPE-1', 'We don’t recognise this code. Check it and try again.'],
  ])('%s scanned for a voucher is said for what it is; no confirmation', async (_, code, words) => {
    const api = flow.api();
    api.card('CARD-OTHER', api.contact({ email: 'other@example.com' }).uuid);
    api.giftcard({ hash: 'GC-0001', balance_in_cents: 100 });
    const { kiosk } = await annasVouchers();
    await kiosk.user.click(screen.getByRole('button', { name: 'Scan a voucher' }));
    await kiosk.scan(code);
    await kiosk.until(() => expect(text('voucher-other-code')).toBe(words));
    expect(screen.queryByTestId('confirm-button')).toBeNull();
  });

  it('a voucher scanned on the first screen opens it, then identification, then its confirmation', async () => {
    const api = flow.api();
    api.voucher({ code: 'MUFFIN-FREE', name: 'Free muffin' });
    const dirk = api.customer({ firstname: 'Dirk', locale: 'nl' });
    const uuid = api.openSession('vouchers');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    // The first screen says that a voucher's code may be scanned too.
    expect(text('scan-stake')).toBe('Scan your loyalty card to see your vouchers, or scan a voucher’s code.');
    await kiosk.scan('MUFFIN-FREE');
    await kiosk.until(() => expect(heading()).toBe('Use this voucher now?'));
    expect(screen.getByText('Free muffin')).toBeTruthy();
    expect(screen.queryByTestId('screen-registration')).toBeNull();

    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(heading()).toBe('Scan your card');
    await kiosk.scan(dirk.card);
    // Dirk is identified (in Dutch): the voucher's confirmation comes back, now to use it.
    await kiosk.until(() => expect(screen.getByTestId('confirm-button').textContent).toBe('Nu gebruiken'));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => expect(text('redeemed-voucher')).toBe('Free muffin'));
  });
});
