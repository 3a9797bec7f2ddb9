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

async function open(primary: 'email' | 'identifier') {
  const uuid = flow.api().openSession('identify', {
    settings: { enable_registration: true, primary_identification_method: primary },
  });
  return { uuid, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
}

describe('registration', () => {
  it('an unknown e-mail registers: the terms are required, the subscriptions chosen; then the portal', async () => {
    const { uuid, kiosk } = await open('email');
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'new.customer@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('Create your account'));
    expect(
      screen.getByText('We do not know new.customer@example.com yet. Create your account in a few seconds.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'new.customer@example.com',
    );
    expect(screen.getByTestId('subscription-2').textContent).toContain("We'll e-mail you to confirm.");

    await kiosk.user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms and conditions to continue.');
    expect(flow.api().calls('/register')).toEqual([]);

    await kiosk.user.click(screen.getByText('Newsletter'));
    await kiosk.user.click(screen.getByLabelText('I accept the terms and conditions'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Create my account' }));
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
    await kiosk.until(() => expect(heading()).toBe('Link this card to your account'));
    expect(
      screen.getByText('This card is not linked to an account yet. Enter your e-mail address to link it.'),
    ).toBeTruthy();
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'card.holder@example.com');
    await kiosk.user.click(screen.getByLabelText('I accept the terms and conditions'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Create my account' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome!'));
    expect(card.contact).not.toBeNull();
  });

  it('an e-mail registered meanwhile is refused in words', async () => {
    const { kiosk } = await open('email');
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'late@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('Create your account'));
    flow.api().contact({ email: 'late@example.com' });
    await kiosk.user.click(screen.getByLabelText('I accept the terms and conditions'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Create my account' }));
    await kiosk.until(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'There is already an account with this e-mail address. Go back and use your e-mail address.',
      ),
    );
  });
});
