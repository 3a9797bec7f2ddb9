import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Pairing the cashier console with its shop: a pairing link pairs at once and leaves no token in
 * the address; a typed code pairs too; a refused or revoked device is told why, in words.
 */

const flow = setUpFlowTests();
/** The console's header: the shop, then the device and the account. */
const device = () =>
  `${screen.getByTestId('console-shop').textContent} | ${screen.getByTestId('console-device').textContent}`;

describe('pairing the console', () => {
  it('a pairing link pairs at once and leaves no token in the address', async () => {
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => expect(device()).toBe('Demo Coffee Amsterdam | Till 1 · Demo Coffee'));
    expect(window.location.href).not.toContain('cashier-amsterdam');
    expect(JSON.stringify(localStorage)).not.toContain('cashier-amsterdam');
  });

  it('a typed code pairs; an unknown one is refused in words', async () => {
    const console = await flow.renderConsole();
    expect(screen.getByRole('heading', { name: 'Pair this device' })).toBeTruthy();
    await console.user.type(screen.getByLabelText('Pairing code'), 'no-such-device');
    await console.user.click(screen.getByRole('button', { name: 'Pair' }));
    await console.until(() =>
      expect(screen.getByTestId('pair-error').textContent).toBe(
        'This code is not known, used already or expired, or the device was removed. Ask the manager for a new one.',
      ),
    );
    await console.user.clear(screen.getByLabelText('Pairing code'));
    await console.user.type(screen.getByLabelText('Pairing code'), 'cashier-utrecht');
    await console.user.click(screen.getByRole('button', { name: 'Pair' }));
    await console.until(() => expect(device()).toBe('Demo Coffee Utrecht | Utrecht till · Demo Coffee'));
  });

  it('the pairing code the office shows pairs, in any case and without its dash; once only', async () => {
    const api = flow.api();
    api.consoleCode('K7QM-3XRP', 'cashier-utrecht');
    const console = await flow.renderConsole();
    await console.user.type(screen.getByLabelText('Pairing code'), 'k7qm3xrp');
    await console.user.click(screen.getByRole('button', { name: 'Pair' }));
    await console.until(() => expect(device()).toBe('Demo Coffee Utrecht | Utrecht till · Demo Coffee'));
    expect(api.requests.filter((r) => r.path === '/cashier/api/pair').map((r) => r.body)).toEqual([
      { code: 'k7qm3xrp' },
    ]);
    // The same code again, on another phone: refused.
    expect(api.call('POST', '/cashier/api/pair', { code: 'K7QM-3XRP' }).status).toBe(401);
  });

  it('a device refused at its next visit (revoked) lands on pairing, told it is no longer paired', async () => {
    const first = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await first.until(() => screen.getByTestId('console-device'));
    cleanup();
    // The manager removes the device meanwhile.
    flow.api().call('POST', '/cashier/api/unpair', {});
    const again = await flow.renderConsole('/cashier/');
    await again.until(() =>
      expect(screen.getByTestId('pair-revoked').textContent).toBe(
        'This device is no longer paired. Ask the manager for its pairing code.',
      ),
    );
  });

  it('an open console refused at its next call says it is no longer paired, on the same page', async () => {
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByTestId('console-device'));
    // The manager removes the device while the console is open; the cashier starts a session.
    flow.api().call('POST', '/cashier/api/unpair', {});
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    await console.until(() =>
      expect(screen.getByTestId('pair-revoked').textContent).toBe(
        'This device is no longer paired. Ask the manager for its pairing code.',
      ),
    );
    expect(screen.queryByText('That did not work. Try again.')).toBeNull();
  });

  it('Unpair, confirmed, leaves the console for pairing', async () => {
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByTestId('console-device'));
    vi.stubGlobal('confirm', () => true);
    await console.user.click(screen.getByTestId('tab-today'));
    await console.user.click(screen.getByRole('button', { name: 'Unpair this device' }));
    await console.until(() => screen.getByRole('heading', { name: 'Pair this device' }));
    expect(screen.queryByTestId('pair-revoked')).toBeNull();
  });
});
