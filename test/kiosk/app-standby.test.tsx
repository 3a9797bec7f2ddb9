import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIOSK, SHOPS } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * A standby tablet (`?device=`): the shop's welcome, switching in place to each new session of its
 * shop, and back once the session's end screen has been seen.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const END_SCREEN_MS = KIOSK.end_screen_seconds * 1000;

async function standby() {
  return flow.renderKiosk({ kind: 'standby', token: 'device-amsterdam' });
}

/** A standby screen on which a session was shown and then cancelled: its end screen shows. */
async function standbyAfterCancel() {
  const api = flow.api();
  const kiosk = await standby();
  const first = api.openSession('vouchers');
  await kiosk.until(() => expect(heading()).toBe('Scan your card'));
  await kiosk.user.click(screen.getByTestId('cancel-button'));
  await kiosk.until(() => screen.getByTestId(/^screen-(cancelled|goodbye)$/));
  return { api, kiosk, first };
}

describe('standby screen', () => {
  it('switches to a new session of its shop at once, and back to the welcome after its end screen', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    const kiosk = await standby();
    expect(heading()).toBe('Welcome to Demo Coffee Amsterdam');
    expect(screen.getByText('Your screen starts as soon as the cashier is ready for you.')).toBeTruthy();
    // The attract screen shows the brand itself: the header above it names nobody.
    expect(screen.queryByText('Demo Coffee Amsterdam')).toBeNull();

    api.openSession('identify');
    await kiosk.until(() => expect(heading()).toBe('Scan your card'), 100);
    expect(screen.getByText('Demo Coffee Amsterdam')).toBeTruthy();
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Welcome, Anna!'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Done' }));
    await kiosk.until(() => expect(heading()).toBe('Thank you!'));
    await kiosk.wait(END_SCREEN_MS);
    expect(heading()).toBe('Welcome to Demo Coffee Amsterdam');
  });

  it('a new session replaces the end screen of the last one at once', async () => {
    // Cancelled here: the end screen shows; the cashier starts the next session right away.
    const { api, kiosk, first } = await standbyAfterCancel();
    api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    await kiosk.until(() => expect(heading()).toBe('Enter your e-mail address'), 500);
    expect(api.session(first).status).toBe('cancelled');
  });

  it('a device state read before the next session was made cannot hide it, however late it arrives', async () => {
    const { api, kiosk, first } = await standbyAfterCancel();
    // The stream reconnects, so the screen asks for the device state again; that answer (no open
    // session) is slow on the way back, and the cashier starts the next session meanwhile. The
    // screen asks whether the session on screen has ended; the late answer lands before that.
    const deliverLate = api.holdAnswers('/portal/api/devices/device-amsterdam');
    const answerFirst = api.hold(`/portal/api/sessions/${first}`);
    const deviceReads = () => api.calls('/portal/api/devices/device-amsterdam', 'GET').length;
    const before = { device: deviceReads() };
    await act(async () => {
      api.streamsDown = true;
    });
    await act(async () => {
      api.streamsDown = false;
    });
    await kiosk.until(() => expect(deviceReads()).toBeGreaterThan(before.device));
    const next = api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    // The stream has named it (the screen fetches it); the screen asks after the one it shows.
    await kiosk.until(() =>
      expect(api.calls(`/portal/api/sessions/${next}`, 'GET').length).toBeGreaterThan(0),
    );
    await kiosk.wait(0);
    await act(async () => deliverLate());
    await act(async () => answerFirst());
    await kiosk.until(() => expect(heading()).toBe('Enter your e-mail address'), 500);
  });

  it("a new session that replaces a customer's result at once starts in the screen's own language, not theirs", async () => {
    const api = flow.api();
    const dirk = api.customer({ firstname: 'Dirk', locale: 'nl', credit_balance: 900, creditsPerEuro: 2 });
    const kiosk = await standby();
    api.openSession('credit_reception', { amount_in_cents: 1250 });
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(dirk.card);
    await kiosk.until(() => screen.getByTestId('screen-credit-result'));
    await kiosk.until(() =>
      expect(screen.getByTestId('credits-earned').textContent).toBe('Punten verdiend+25'),
    );
    // The cashier starts the next customer's session while Dirk's result is still on screen.
    api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    await kiosk.until(() => expect(heading()).toBe('Enter your e-mail address'), 500);
  });

  it('a session of another shop does not reach it', async () => {
    const kiosk = await standby();
    flow.api().openSession('identify', { shop: SHOPS.utrecht.uuid });
    await kiosk.wait(1000);
    expect(heading()).toBe('Welcome to Demo Coffee Amsterdam');
  });

  it('a newer session replaces the open one on screen', async () => {
    const api = flow.api();
    const kiosk = await standby();
    api.openSession('vouchers');
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    await kiosk.until(() => expect(heading()).toBe('Enter your e-mail address'));
  });

  it('when the session on screen ends while an older one is still open, its end screen shows first, then the older one', async () => {
    const api = flow.api();
    const kiosk = await standby();
    const older = api.openSession('vouchers');
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    api.openSession('identify', { settings: { primary_identification_method: 'email' } });
    await kiosk.until(() => expect(heading()).toBe('Enter your e-mail address'));

    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    // The device now names the older session, still open: the end screen is seen first all the same.
    await kiosk.until(() => expect(heading()).toBe('See you next time!'));
    await kiosk.wait(END_SCREEN_MS - 1000);
    expect(heading()).toBe('See you next time!');
    await kiosk.wait(1000);
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    expect(api.session(older).status).toBe('open');
  });

  it('its stream down, it still finds a new session, by polling every 10 s', async () => {
    const api = flow.api();
    const kiosk = await standby();
    await act(async () => {
      api.streamsDown = true;
    });
    await kiosk.wait(1000);
    api.openSession('identify');
    await kiosk.until(() => expect(heading()).toBe('Scan your card'), 11_000);
  });

  it('an unknown device says it is not paired', async () => {
    await flow.renderKiosk({ kind: 'standby', token: 'no-such-device' });
    expect(heading()).toBe('This screen is not paired with a shop');
    expect(screen.getByText('Please ask a member of staff to pair it again.')).toBeTruthy();
  });
});
