import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Registration at the kiosk (sessions with enable_registration): an unknown e-mail creates an
 * account, an unlinked card of the account is linked to a new one; the terms must be accepted,
 * the e-mail subscriptions chosen; a refusal is said in words.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

async function open(primary: 'email' | 'identifier', keyboard = false) {
  const uuid = flow.api().openSession('identify', {
    settings: {
      enable_registration: true,
      primary_identification_method: primary,
      enable_on_screen_keyboard: keyboard,
    },
  });
  return { uuid, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
}

describe('registration', () => {
  it('an unknown e-mail registers: the terms are required, the subscriptions chosen; then the portal', async () => {
    const { uuid, kiosk } = await open('email');
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'new.customer@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome! Nice to meet you'));
    expect(
      screen.getByText(
        'You are new here: join with new.customer@example.com and start collecting points today.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'new.customer@example.com',
    );
    expect(screen.getByTestId('subscription-2').textContent).toContain("We'll e-mail you to confirm.");

    await kiosk.user.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Tick the box to accept the terms, then you are all set.',
    );
    expect(flow.api().calls('/register')).toEqual([]);

    await kiosk.user.click(screen.getByText('Newsletter'));
    await kiosk.user.click(screen.getByLabelText('I accept the terms and the privacy policy'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Join' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome!'));
    expect(flow.api().calls('/register')[0]?.body).toEqual({
      email: 'new.customer@example.com',
      subscription_type_ids: [1],
      accept_terms: true,
      locale: 'en',
    });
    expect(flow.api().eventTypes(uuid)).toEqual(['contact_registered', 'contact_identified']);
  });

  it('an unlinked card of the account is linked to a new account', async () => {
    const card = flow.api().card('CARD-9001', null);
    const { kiosk } = await open('identifier');
    await kiosk.scan('CARD-9001');
    await kiosk.until(() => expect(heading()).toBe('Make this card yours'));
    expect(
      screen.getByText('Add your e-mail address and every purchase with this card earns you points.'),
    ).toBeTruthy();
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'card.holder@example.com');
    await kiosk.user.click(screen.getByLabelText('I accept the terms and the privacy policy'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Join' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome!'));
    expect(card.contact).not.toBeNull();
  });

  it('an e-mail registered meanwhile is refused in words', async () => {
    const { kiosk } = await open('email');
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'late@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome! Nice to meet you'));
    flow.api().contact({ email: 'late@example.com' });
    await kiosk.user.click(screen.getByLabelText('I accept the terms and the privacy policy'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Join' }));
    await kiosk.until(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'There is already an account with this e-mail address. Go back and use your e-mail address.',
      ),
    );
  });

  it('the keyboard is out while the address is typed, folds away once a complete one is left, and the terms are a text link', async () => {
    flow.api().card('CARD-9003', null);
    const { kiosk } = await open('identifier', true);
    await kiosk.scan('CARD-9003');
    await kiosk.until(() => expect(heading()).toBe('Make this card yours'));
    await kiosk.until(() => screen.getByTestId('on-screen-keyboard'));
    // Half an address: tapping a choice leaves the keyboard where it is.
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'zoe@');
    await kiosk.user.click(screen.getByText('Newsletter'));
    expect(screen.queryByTestId('on-screen-keyboard')).not.toBeNull();
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'example.com');
    await kiosk.user.click(screen.getByText('Newsletter'));
    expect(screen.queryByTestId('on-screen-keyboard')).toBeNull();
    // A tap on the field brings it back.
    await kiosk.user.click(screen.getByLabelText('E-mail address'));
    await kiosk.until(() => screen.getByTestId('on-screen-keyboard'));
    expect(screen.getByTestId('read-terms').className).toContain('button-link');
  });
});
