import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHOPS } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Who is at the till: a console whose shop has till staff asks for a name and a 4-digit passcode
 * (masked) before the console opens; a wrong or locked passcode is said in words, in English and
 * Dutch; the header says who is at the till and hands it over; Today and the receipt line name them.
 */

const flow = setUpFlowTests();
const rows = () => within(screen.getByRole('table')).getAllByTestId('today-session');

/** Types `digits` on the passcode keypad. */
async function typePasscode(console: Awaited<ReturnType<typeof flow.renderConsole>>, digits: string) {
  for (const digit of digits) await console.user.click(screen.getByTestId(`till-key-${digit}`));
}

describe('who is at the till', () => {
  it('asks for a name, then the passcode (masked); the right one opens the console with the name in the header', async () => {
    flow.api().tillPerson('Sam', '1234');
    flow.api().tillPerson('Noor', '5678');
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByRole('button', { name: 'Noor' }));
    expect(screen.getByRole('heading', { name: 'Who is at the till?' })).toBeTruthy();
    expect(screen.queryByTestId('console-device')).toBeNull();
    await console.user.click(screen.getByRole('button', { name: 'Noor' }));
    expect(screen.getByRole('heading', { name: 'Noor, type your passcode' })).toBeTruthy();
    await typePasscode(console, '56');
    const dots = screen.getByTestId('till-dots');
    expect(dots.getAttribute('aria-label')).toBe('2 of 4 digits typed');
    expect(dots.textContent).toBe('');
    await typePasscode(console, '78');
    await console.until(() => expect(screen.getByTestId('till-switch').textContent).toBe('Noor · Switch'));
    expect(JSON.stringify(flow.api().calls('/staff/sign-in')[0]?.body)).toContain('"passcode":"5678"');
  });

  it('a wrong passcode is said and the keypad empties; five lock the person, in words', async () => {
    const sam = flow.api().tillPerson('Sam', '1234');
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByRole('button', { name: 'Sam' }));
    await console.user.click(screen.getByRole('button', { name: 'Sam' }));
    await typePasscode(console, '9999');
    await console.until(() =>
      expect(screen.getByTestId('till-error').textContent).toBe('That passcode is not right. Try again.'),
    );
    expect(screen.getByTestId('till-dots').getAttribute('aria-label')).toBe('0 of 4 digits typed');
    for (const guess of ['0000', '1111', '2222', '3333']) await typePasscode(console, guess);
    await typePasscode(console, '1234');
    await console.until(() =>
      expect(screen.getByTestId('till-error').textContent).toBe(
        'Too many wrong passcodes. Try again in 15 minutes.',
      ),
    );
    expect(sam.lockedUntil).toBeGreaterThan(Date.now());
    expect(screen.queryByTestId('till-switch')).toBeNull();
  });

  it('in Dutch: the question, a wrong and a locked passcode', async () => {
    flow.api().tillPerson('Sam', '1234');
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByRole('button', { name: 'Sam' }));
    await console.user.click(screen.getByRole('button', { name: 'NL' }));
    expect(screen.getByRole('heading', { name: 'Wie staat er achter de kassa?' })).toBeTruthy();
    await console.user.click(screen.getByRole('button', { name: 'Sam' }));
    expect(screen.getByRole('heading', { name: 'Sam, typ je toegangscode' })).toBeTruthy();
    await typePasscode(console, '0000');
    await console.until(() =>
      expect(screen.getByTestId('till-error').textContent).toBe(
        'Die toegangscode klopt niet. Probeer het opnieuw.',
      ),
    );
    for (const guess of ['1111', '2222', '3333', '4444', '1234']) await typePasscode(console, guess);
    await console.until(() =>
      expect(screen.getByTestId('till-error').textContent).toBe(
        'Te vaak een verkeerde toegangscode. Probeer het over 15 minuten opnieuw.',
      ),
    );
  });

  it('Other name goes back to the names; Switch hands the till over to the next person', async () => {
    flow.api().tillPerson('Sam', '1234');
    flow.api().tillPerson('Noor', '5678');
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByRole('button', { name: 'Sam' }));
    await console.user.click(screen.getByRole('button', { name: 'Sam' }));
    await console.user.click(screen.getByRole('button', { name: 'Other name' }));
    await console.user.click(screen.getByRole('button', { name: 'Sam' }));
    await typePasscode(console, '1234');
    await console.until(() => screen.getByTestId('till-switch'));
    await console.user.click(screen.getByRole('button', { name: 'Sam · Switch: hand the till over' }));
    await console.until(() => screen.getByRole('heading', { name: 'Who is at the till?' }));
    await console.user.click(screen.getByRole('button', { name: 'Noor' }));
    await typePasscode(console, '5678');
    await console.until(() => expect(screen.getByTestId('till-switch').textContent).toBe('Noor · Switch'));
  });

  it('a shop without till staff opens the console at once, with nobody named', async () => {
    flow.api().tillPerson('Uma', '1111', SHOPS.utrecht.uuid);
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByTestId('console-device'));
    expect(screen.queryByTestId('till-switch')).toBeNull();
  });

  it('a person removed while at the till: the next start asks who is at the till again', async () => {
    const sam = flow.api().tillPerson('Sam', '1234');
    flow.api().tillPerson('Noor', '5678');
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByRole('button', { name: 'Sam' }));
    await console.user.click(screen.getByRole('button', { name: 'Sam' }));
    await typePasscode(console, '1234');
    await console.until(() => screen.getByTestId('till-switch'));
    flow.api().removeTillPerson(sam.uuid);
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    await console.until(() => screen.getByRole('heading', { name: 'Who is at the till?' }));
    await console.until(() => screen.getByRole('button', { name: 'Noor' }));
    await console.until(() => expect(screen.queryByRole('button', { name: 'Sam' })).toBeNull());
  });

  it('Today shows who started each session and its amount; the receipt line names the cashier', async () => {
    flow.api().tillPerson('Sam', '1234');
    const console = await flow.renderConsole('/cashier/#device=cashier-amsterdam');
    await console.until(() => screen.getByRole('button', { name: 'Sam' }));
    await console.user.click(screen.getByRole('button', { name: 'Sam' }));
    await typePasscode(console, '1234');
    await console.until(() => screen.getByTestId('till-switch'));
    await console.user.click(screen.getByTestId('type-top_up_prepaid'));
    for (const key of ['2', '5']) await console.user.click(screen.getByTestId(`start-amount-${key}`));
    await console.user.click(screen.getByRole('button', { name: 'Start · €25.00' }));
    await console.until(() => expect(screen.getByTestId('live-receipt').textContent).toMatch(/cashier Sam$/));

    await console.user.click(screen.getByTestId('tab-today'));
    await console.until(() => expect(rows()).toHaveLength(1));
    const cells = [...rows()[0]!.querySelectorAll('td')].slice(1).map((td) => td.textContent);
    expect(cells.slice(0, 2)).toEqual(['Prepaid top-upSam at Till 1', '€25.00']);
    await console.user.click(screen.getByRole('button', { name: 'NL' }));
    await console.until(() =>
      expect(rows()[0]!.querySelector('td:nth-child(2)')!.textContent).toBe(
        'Tegoed opwaarderenSam bij Till 1',
      ),
    );
  });
});
