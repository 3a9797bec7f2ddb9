import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHOPS } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * "Pair this screen": a tablet opened without a session or device link, or whose device token is
 * refused, takes the pairing code the office shows on its on-screen keyboard, keeps the token it
 * gets and shows its shop's standby screen, again after a reload.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

/** Types `text` on the on-screen keyboard, key by key. */
async function typeOnScreen(kiosk: Awaited<ReturnType<typeof flow.renderKiosk>>, text: string) {
  const keyboard = await screen.findByTestId('on-screen-keyboard');
  for (const key of text) {
    const button = [...keyboard.querySelectorAll('button')].find((b) => b.textContent === key);
    if (!button) throw new Error(`no key ${key}`);
    await kiosk.user.click(button);
  }
}

describe('pairing a tablet with a code', () => {
  it('opened with no link, it pairs with the office code and shows its standby screen, also after a reload', async () => {
    const api = flow.api();
    api.tabletCode('K7QM-3XRP', SHOPS.amsterdam.uuid);
    const kiosk = await flow.renderKiosk({ kind: 'missing' });
    expect(heading()).toBe('This screen cannot be opened');
    await kiosk.user.click(screen.getByRole('button', { name: 'Pair this screen' }));
    expect(heading()).toBe('Pair this screen');

    await kiosk.user.type(screen.getByLabelText('Pairing code'), 'WRNG-C0DE');
    await kiosk.user.click(screen.getByRole('button', { name: 'Pair' }));
    await kiosk.until(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'This code is not known, used already or expired. Ask for a new one in the office.',
      ),
    );
    await kiosk.user.clear(screen.getByLabelText('Pairing code'));
    await typeOnScreen(kiosk, 'K7QM-3XRP');
    expect((screen.getByLabelText('Pairing code') as HTMLInputElement).value).toBe('K7QM-3XRP');
    await kiosk.user.click(screen.getByRole('button', { name: 'Pair' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome to Demo Coffee Amsterdam'));
    const token = localStorage.getItem('portal.kiosk.deviceToken');
    expect(token).toBeTruthy();

    // Reloaded without a link: its kept token, its standby screen; it follows the shop's sessions.
    cleanup();
    const again = await flow.renderKiosk({ kind: 'missing' });
    await again.until(() => expect(heading()).toBe('Welcome to Demo Coffee Amsterdam'));
    api.openSession('identify');
    await again.until(() => expect(heading()).toBe('Scan your card'));
  });

  it('a refused device token offers pairing; the new token replaces the link in the address', async () => {
    const api = flow.api();
    api.tabletCode('HJ4N-8WQT', SHOPS.utrecht.uuid);
    window.history.replaceState(null, '', '/portal/?device=revoked-token');
    const kiosk = await flow.renderKiosk({ kind: 'standby', token: 'revoked-token' });
    await kiosk.until(() => expect(heading()).toBe('This screen is not paired with a shop'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Pair this screen' }));
    await kiosk.user.type(screen.getByLabelText('Pairing code'), 'hj4n8wqt');
    await kiosk.user.click(screen.getByRole('button', { name: 'Pair' }));
    await kiosk.until(() => expect(heading()).toBe('Welcome to Demo Coffee Utrecht'));
    expect(window.location.search).toBe('');
    // The code worked once.
    expect(api.call('POST', '/portal/api/devices/pair', { code: 'HJ4N-8WQT' }).status).toBe(401);
  });

  it('speaks Dutch', async () => {
    const kiosk = await flow.renderKiosk({ kind: 'missing' });
    await kiosk.user.click(screen.getByRole('button', { name: 'NL Nederlands' }));
    await kiosk.user.click(screen.getByRole('button', { name: 'Dit scherm koppelen' }));
    expect(heading()).toBe('Dit scherm koppelen');
    expect(screen.getByText('Typ de koppelcode die het kantoor voor deze tablet toont.')).toBeTruthy();
  });
});
