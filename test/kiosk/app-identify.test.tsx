import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalSettings } from '../../src/contract/portal';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * An identify session up to the customer's portal: by card, app code or e-mail; the codes that
 * identify nobody said for what they are; the dead ends explained when registration is off.
 */

const flow = setUpFlowTests();

async function open(settings: Partial<PortalSettings> = {}) {
  const uuid = flow.api().openSession('identify', { settings });
  return { uuid, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('identify: the customer is found', () => {
  it('by a scanned card: greeted by name with credits, tier and prepaid; Done completes the session', async () => {
    const anna = flow.api().customer({
      firstname: 'Anna',
      credit_balance: 120,
      prepaid_balance_in_cents: 1500,
      tier: { name: 'Gold' },
    });
    const { uuid, kiosk } = await open();
    expect(heading()).toBe('Scan your card');

    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByTestId('screen-welcome'));
    expect(heading()).toBe('Welcome, Anna!');
    expect(screen.getByTestId('credit-balance').textContent).toBe('Your points120');
    expect(screen.getByTestId('tier').textContent).toBe('Your levelGold');
    expect(screen.getByTestId('prepaid-balance').textContent).toBe('Prepaid balance€15.00');

    await kiosk.user.click(screen.getByTestId('done-button'));
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(flow.api().eventTypes(uuid)).toEqual(['contact_identified', 'session_completed']);
  });

  it('in their own language: a Dutch customer is welcomed in Dutch', async () => {
    const dirk = flow.api().customer({ firstname: 'Dirk', locale: 'nl-NL' });
    const { kiosk } = await open();
    await kiosk.scan(dirk.card);
    await kiosk.until(() => expect(heading()).toBe('Welkom, Dirk!'));
    expect(document.documentElement.lang).toBe('nl');
  });

  it('by the code in their app, once: the same code again is refused in words', async () => {
    const ben = flow.api().contact({ email: 'ben@example.com', firstname: 'Ben' });
    flow.api().appToken('APP-TOKEN-0002', ben.uuid);
    const first = await open();
    await first.kiosk.scan('APP-TOKEN-0002');
    await first.kiosk.until(() => expect(heading()).toBe('Welcome, Ben!'));

    // The next customer's session shows the same code.
    cleanup();
    const again = await flow.renderKiosk({ kind: 'session', uuid: flow.api().openSession('identify') });
    await again.scan('APP-TOKEN-0002');
    await again.until(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'This app code has already been used. Show a fresh code from the app.',
      ),
    );
  });

  it('by e-mail, as the session’s other method; a half-typed address is asked again', async () => {
    flow.api().contact({ email: 'carla@example.com', firstname: 'Carla' });
    const { kiosk } = await open({ enable_email_identification: true });
    await kiosk.user.click(screen.getByRole('button', { name: 'Use my e-mail address' }));
    expect(heading()).toBe('Enter your e-mail address');

    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'carla@');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'That address is not complete yet. It looks like name@example.com.',
    );
    expect(flow.api().calls('/identify')).toEqual([]);

    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome, Carla!'));
  });
});

describe('identify: codes that identify nobody, and dead ends', () => {
  it.each([
    [
      'a gift card',
      'GC-0001',
      'This is a gift card. To identify yourself, scan your loyalty card or the code in your app.',
    ],
    [
      'a voucher',
      'MUFFIN-0001',
      'This is a voucher. To use it, first scan your loyalty card or the code in your app.',
    ],
    [
      'an unknown code',
      'CARD-XXXX',
      'We don’t recognise this code. Scan your loyalty card or the code in your app.',
    ],
  ])('%s scanned is said for what it is, and the next scan starts afresh', async (_, code, words) => {
    const api = flow.api();
    api.giftcard({ hash: 'GC-0001', balance_in_cents: 2500 });
    api.voucher({ code: 'MUFFIN-0001', name: 'Free muffin' });
    const anna = api.customer({ firstname: 'Anna' });
    const { kiosk } = await open({ enable_registration: true });

    await kiosk.scan(code);
    await kiosk.until(() => expect(screen.getByTestId('scan-other-code').textContent).toBe(words));
    expect(screen.queryByTestId('screen-registration')).toBeNull();

    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Welcome, Anna!'));
  });

  it('an unlinked card of the account, registration off: explained, with a way back to scanning', async () => {
    const api = flow.api();
    api.card('CARD-9001', null);
    const { kiosk } = await open();
    await kiosk.scan('CARD-9001');
    await kiosk.until(() => screen.getByTestId('screen-card-not-linked'));
    expect(heading()).toBe('This card is not linked to an account yet');
    expect(screen.getByText('Ask the cashier to link it for you.')).toBeTruthy();

    await kiosk.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading()).toBe('Scan your card');
  });

  it('an unknown e-mail, registration off: explained with the address typed', async () => {
    const { kiosk } = await open({ primary_identification_method: 'email' });
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'nobody@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => screen.getByTestId('screen-email-unknown'));
    expect(heading()).toBe('We could not find your account');
    expect(
      screen.getByText('There is no account with nobody@example.com. Check the address, or ask the cashier.'),
    ).toBeTruthy();
  });

  it('an inactive card is refused in words, and scanning goes on', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    api.card('CARD-0004', anna.uuid, { active: false });
    const { kiosk } = await open();
    await kiosk.scan('CARD-0004');
    await kiosk.until(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'This card is no longer active. Please ask the cashier.',
      ),
    );
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Welcome, Anna!'));
  });

  it('Cancel ends the session: "Nothing was changed"', async () => {
    const { uuid, kiosk } = await open();
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(screen.getByText('Nothing was changed.')).toBeTruthy();
    expect(flow.api().eventTypes(uuid)).toEqual(['session_cancelled']);
  });
});
