import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failedWith, KIOSK } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * How a session ends on screen: cancelled by the POS while the customer looks, timed out at its
 * expiry, completed; each end screen dismisses itself to a neutral thank-you. A link that names no
 * session, and a session that cannot be loaded, have screens of their own.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('end screens', () => {
  it('cancelled by the POS while on screen: "Cancelled" at once, then a thank-you with nothing of the customer', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Welcome, Anna!'));

    api.cancelAsPos(uuid);
    await kiosk.until(() => expect(heading()).toBe('Cancelled'), 1000);
    expect(screen.getByText('The cashier ended this screen. Nothing was changed.')).toBeTruthy();
    await kiosk.wait(KIOSK.end_screen_seconds * 1000);
    expect(heading()).toBe('Thank you for visiting Demo Coffee Amsterdam');
    expect(screen.getByText('See you next time.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Anna');
  });

  it('at its expiry the screen times out by itself, and a scan then does nothing', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.wait(60 * 60_000 + 1000);
    await kiosk.until(() => screen.getByTestId('screen-expired'));
    expect(heading()).toBe('This screen has timed out');
    expect(screen.getByText('Please ask the cashier to start again.')).toBeTruthy();
    expect(api.eventTypes(uuid)).toEqual(['session_expired']);

    await kiosk.scan(anna.card);
    expect(api.calls('/identify')).toEqual([]);
  });

  it('completed: thanks, "This screen closes in 8 seconds", then the thank-you', async () => {
    const api = flow.api();
    const uuid = api.openSession('identify', { contact: api.customer({ firstname: 'Anna' }).uuid });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => screen.getByTestId('done-button'));
    await kiosk.user.click(screen.getByTestId('done-button'));
    await kiosk.until(() => expect(heading()).toBe('Thank you!'));
    expect(screen.getByText('This screen closes in 8 seconds.')).toBeTruthy();
    await kiosk.wait(3000);
    expect(screen.getByText('This screen closes in 5 seconds.')).toBeTruthy();
    await kiosk.wait(5000);
    expect(heading()).toBe('Thank you for visiting Demo Coffee Amsterdam');
  });

  it('an action on a session that ended meanwhile (its stream down) shows the end, not an error', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await act(async () => {
      api.streamsDown = true;
    });
    api.call('POST', `/portal/api/sessions/${uuid}/cancel`, {});
    await kiosk.scan(anna.card);
    // Ended by another screen of this session, having changed nothing: a goodbye.
    await kiosk.until(() => expect(heading()).toBe('See you next time!'));
    expect(anna.uuid).not.toBe(api.session(uuid).contact);
  });

  it('a link that names no session: "This screen cannot be opened"', async () => {
    await flow.renderKiosk({ kind: 'session', uuid: 'no-such-session' });
    expect(heading()).toBe('This screen cannot be opened');
    expect(screen.getByText('Please ask the cashier to start it again.')).toBeTruthy();
  });

  it('a session the service cannot load now: tried again by itself, then said with Try again, which loads it', async () => {
    const api = flow.api();
    const uuid = api.openSession('identify');
    const recovered = api.answerNext(`/sessions/${uuid}`, failedWith(1000, 503), Number.POSITIVE_INFINITY);
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => expect(heading()).toBe('Something went wrong'), 10_000);
    expect(api.calls(`/sessions/${uuid}`).length).toBeGreaterThan(3);
    expect(screen.getByTestId('action-error').textContent).toBe(
      'Something went wrong on our side. Please try again, or ask the cashier.Try again',
    );
    recovered();
    await kiosk.user.click(screen.getByRole('button', { name: 'Try again' }));
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
  });
});
