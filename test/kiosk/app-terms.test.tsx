import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The account's terms, asked at the counter of a customer whose account was made without them
 * (registered through the real portal component, whose screen shows no terms): after
 * identification, before the flow goes on. Nobody accepts for them: a customer known by their
 * e-mail address alone first proves it is them. "Not now" goes on without.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('terms still to accept', () => {
  it('a scan of their card proves them: asked, accepted, then the purchase is credited', async () => {
    const api = flow.api();
    const noor = api.customer({ firstname: 'Noor', termsPending: true });
    const uuid = api.openSession('credit_reception', { amount_in_cents: 1250 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(noor.card);
    await kiosk.until(() => expect(heading()).toBe('One more thing: our terms'));
    expect(screen.getByTestId('screen-terms').textContent).toContain(
      'Your account at Demo Coffee was made without your agreement to its terms and privacy policy.',
    );
    expect(screen.queryByText("First we check that it's you", { exact: false })).toBeNull();
    expect(api.calls('/credit-reception')).toEqual([]);
    await kiosk.user.click(screen.getByRole('button', { name: 'I accept' }));
    await kiosk.until(() => expect(api.calls('/credit-reception')).toHaveLength(1));
    expect(api.calls('/terms/accept')).toHaveLength(1);
    expect(noor.termsPending).toBe(false);
    expect(api.eventTypes(uuid)).toContain('terms_accepted');
  });

  it('known by e-mail alone: "I accept" first asks for the e-mailed code, then accepts', async () => {
    const api = flow.api();
    const sam = api.contact({ email: 'sam@example.com', firstname: 'Sam', termsPending: true });
    const uuid = api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'sam@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => expect(heading()).toBe('One more thing: our terms'));
    expect(screen.getByTestId('screen-terms').textContent).toContain(
      "First we check that it's you: scan your card, or type the code we e-mail you.",
    );
    await kiosk.user.click(screen.getByRole('button', { name: 'I accept' }));
    await kiosk.until(() => expect(heading()).toBe('Confirm it is you'));
    expect(api.calls('/terms/accept')).toEqual([]);
    await kiosk.user.click(screen.getByRole('button', { name: 'E-mail a code to s***@example.com' }));
    await kiosk.until(() => expect(heading()).toBe('Enter the code from your e-mail'));
    for (const digit of CODE) await kiosk.user.click(screen.getByTestId(`keypad-${digit}`));
    await kiosk.until(() => expect(heading()).toBe('Welcome, Sam!'));
    expect(api.calls('/terms/accept')).toHaveLength(1);
    expect(sam.termsPending).toBe(false);
  });

  it('"Not now" goes on without accepting; in Dutch as the customer speaks it', async () => {
    const api = flow.api();
    const lotte = api.customer({ firstname: 'Lotte', locale: 'nl', termsPending: true });
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(lotte.card);
    await kiosk.until(() => expect(heading()).toBe('Nog één ding: onze voorwaarden'));
    expect(screen.getByTestId('screen-terms').textContent).toContain(
      'Je account bij Demo Coffee is gemaakt zonder dat je akkoord ging met de voorwaarden en het privacybeleid.',
    );
    expect(screen.getByTestId('terms-code')).toBeTruthy();
    await kiosk.user.click(screen.getByRole('button', { name: 'Niet nu' }));
    await kiosk.until(() => expect(heading()).toBe('Welkom, Lotte!'));
    expect(api.calls('/terms/accept')).toEqual([]);
    expect(lotte.termsPending).toBe(true);
  });

  it('a customer with nothing to accept is asked nothing', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Welcome, Anna!'));
    expect(api.calls('/terms/accept')).toEqual([]);
  });
});
