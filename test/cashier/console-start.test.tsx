import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { identifiesCustomer, SESSION_TYPES, takesAmount } from '../../src/contract/session-types';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Starting a session from the console: type, amount, Start, and nothing else to touch; the counter
 * screen's switches are set once per device in a settings sheet and kept; amounts are typed as on
 * the kiosk, in euros with a decimal key.
 */

const flow = setUpFlowTests();
const text = (testId: string) => screen.getByTestId(testId).textContent;
const startCalls = () => flow.api().calls('/cashier/api/sessions', 'POST');

async function consoleOf(device = 'cashier-amsterdam') {
  const console = await flow.renderConsole(`/cashier/#device=${device}`);
  await console.until(() => screen.getByTestId('console-device'));
  return console;
}

describe('a session in three taps', () => {
  it('credits: the type, the amount, Start; the device settings go with it, nothing else asked', async () => {
    const console = await consoleOf();
    const clicks: string[] = [];
    const record = (event: MouseEvent) => {
      const button = (event.target as HTMLElement).closest('button');
      if (button) clicks.push(button.dataset.testid ?? button.textContent ?? '');
    };
    document.addEventListener('click', record);
    onTestFinished(() => document.removeEventListener('click', record));
    await console.user.click(screen.getByTestId('type-credit_reception'));
    for (const key of ['8', 'decimal', '5'])
      await console.user.click(screen.getByTestId(`start-amount-${key}`));
    await console.user.click(screen.getByRole('button', { name: 'Start · €8.50' }));

    await console.until(() => expect(text('live-status')).toBe('Open'));
    expect(clicks).toEqual([
      'type-credit_reception',
      'start-amount-8',
      'start-amount-decimal',
      'start-amount-5',
      'start-submit',
    ]);
    // The account's defaults, as no switch was touched on this device.
    expect(startCalls().map((call) => call.body)).toEqual([
      {
        type: 'credit_reception',
        amount_in_cents: 850,
        scanner_type: 'hand_scanner',
        enable_email_identification: true,
        enable_registration: false,
        enable_on_screen_keyboard: false,
      },
    ]);
  });

  it('Start is in the action bar, apart from the form, with the settings beside it', async () => {
    await consoleOf();
    const bar = screen.getByTestId('start-bar');
    expect(within(bar).getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(within(bar).getByTestId('settings-summary').textContent).toBe('Hand scanner');
    expect(within(screen.getByTestId('panel-start')).queryByTestId('scanner-camera')).toBeNull();
  });
});

describe("the counter screen's settings, kept per device", () => {
  it('set once in the sheet, they go with every session and are there at the next visit', async () => {
    let console = await consoleOf();
    await console.user.click(screen.getByTestId('settings-open'));
    const sheet = screen.getByRole('dialog', { name: 'Counter screen settings' });
    await console.user.click(within(sheet).getByRole('button', { name: 'Camera' }));
    await console.user.click(within(sheet).getByRole('switch', { name: 'E-mail identification' }));
    await console.user.click(within(sheet).getByRole('switch', { name: 'Registration' }));
    await console.user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(text('settings-summary')).toBe('Camera');

    // The next visit of this device: the same settings, without a tap.
    cleanup();
    console = await consoleOf();
    expect(text('settings-summary')).toBe('Camera');
    await console.user.click(screen.getByTestId('type-vouchers'));
    await console.user.click(screen.getByRole('button', { name: 'Start' }));
    await console.until(() => expect(startCalls()).toHaveLength(1));
    expect(startCalls()[0]?.body).toEqual({
      type: 'vouchers',
      scanner_type: 'camera',
      enable_email_identification: false,
      enable_registration: true,
      enable_on_screen_keyboard: false,
    });
    await console.user.click(screen.getByTestId('tab-start'));
    await console.user.click(screen.getByTestId('settings-open'));
    expect(screen.getByRole('switch', { name: 'Registration' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('scanner-camera').getAttribute('aria-pressed')).toBe('true');
  });

  it("another device in the same browser keeps its own (the shop's defaults)", async () => {
    const console = await consoleOf();
    await console.user.click(screen.getByTestId('settings-open'));
    await console.user.click(screen.getByRole('button', { name: 'Camera' }));
    await console.user.click(screen.getByRole('button', { name: 'Done' }));
    cleanup();
    await consoleOf('cashier-utrecht');
    expect(text('settings-summary')).toBe('Hand scanner');
    // Kept under the shop and device name, never the pairing code.
    expect(JSON.stringify(localStorage)).not.toContain('cashier-amsterdam');
  });

  it('gift-card payments take the "several gift cards" switch; others leave it out', async () => {
    const console = await consoleOf();
    await console.user.click(screen.getByTestId('settings-open'));
    await console.user.click(screen.getByRole('switch', { name: 'Several gift cards' }));
    await console.user.click(screen.getByRole('button', { name: 'Done' }));
    await console.user.click(screen.getByTestId('type-redeem_giftcards'));
    for (const key of ['2', '0']) await console.user.click(screen.getByTestId(`start-amount-${key}`));
    await console.user.click(screen.getByRole('button', { name: 'Start · €20.00' }));
    await console.until(() => expect(startCalls()).toHaveLength(1));
    expect(startCalls()[0]?.body).toEqual({
      type: 'redeem_giftcards',
      amount_in_cents: 2000,
      scanner_type: 'hand_scanner',
      allow_multiple_giftcards: false,
    });
  });
});

describe("the console's keypad is the kiosk's: euros, and a decimal key for the cents", () => {
  const press = async (console: Awaited<ReturnType<typeof consoleOf>>, keys: string[]) => {
    for (const key of keys) await console.user.click(screen.getByTestId(`start-amount-${key}`));
  };

  it('12 is € 12.00; 12.75 needs the decimal key; a third decimal is ignored; ⌫ drops the last key', async () => {
    const console = await consoleOf();
    await press(console, ['1', '2']);
    expect(text('start-amount-value')).toBe('€12.00');
    await press(console, ['decimal', '7', '5', '9']);
    expect(text('start-amount-value')).toBe('€12.75');
    await press(console, ['back', 'back']);
    expect(text('start-amount-value')).toBe('€12.00');
    expect(screen.getByRole('button', { name: 'Decimal point' }).textContent).toBe('.');
    expect(screen.queryByTestId('start-amount-00')).toBeNull();
  });

  it('the decimal key is a comma in Dutch; physical keys type too', async () => {
    const console = await consoleOf();
    await console.user.click(screen.getByRole('button', { name: 'NL' }));
    expect(screen.getByRole('button', { name: 'Decimaalteken' }).textContent).toBe(',');
    const keys = screen.getByRole('group', { name: 'Bedragtoetsen' });
    for (const key of ['4', ',', '5']) fireEvent.keyDown(keys, { key });
    await console.wait();
    expect(text('start-amount-value')?.replaceAll('\u00a0', ' ')).toBe('€ 4,50');
  });

  it('an amount over the most the service takes is refused, the amount kept', async () => {
    const console = await consoleOf();
    await press(console, ['1', '0', '0', '0', '0', '0']);
    expect(text('start-amount-value')).toBe('€100,000.00');
    await press(console, ['1']);
    expect(text('start-amount-value')).toBe('€100,000.00');
    expect(screen.getByRole('alert').textContent).toBe('At most €100,000.00.');
  });
});

describe('every session type, by its rules (contract/session-types.ts)', () => {
  it('offers the ten types; the keypad where the type takes an amount, the customer where it identifies one', async () => {
    const console = await consoleOf();
    expect(screen.getAllByTestId(/^type-/).map((tile) => tile.dataset.testid)).toEqual(
      [
        'credit_reception',
        'redeem_giftcards',
        'identify',
        'vouchers',
        'pay_prepaid',
        'top_up_prepaid',
        'top_up_giftcards',
        'giftcard',
        'prepaid',
        'scan_anything',
      ].map((type) => `type-${type}`),
    );
    for (const type of SESSION_TYPES) {
      await console.user.click(screen.getByTestId(`type-${type}`));
      expect({ type, keypad: screen.queryByTestId('start-amount-value') !== null }).toEqual({
        type,
        keypad: takesAmount(type),
      });
      expect({ type, customer: screen.queryByTestId('find-query') !== null }).toEqual({
        type,
        customer: identifiesCustomer(type),
      });
    }
  });

  it('starts a scan-anything session with its amount, without the payments’ several-cards switch', async () => {
    const console = await consoleOf();
    await console.user.click(screen.getByTestId('type-scan_anything'));
    expect(screen.getByText(/gift cards are then only topped up/)).toBeTruthy();
    for (const key of ['1', '5']) await console.user.click(screen.getByTestId(`start-amount-${key}`));
    await console.user.click(screen.getByRole('button', { name: 'Start · €15.00' }));
    await console.until(() => expect(startCalls()).toHaveLength(1));
    expect(startCalls()[0]?.body).toEqual({
      type: 'scan_anything',
      amount_in_cents: 1500,
      scanner_type: 'hand_scanner',
      enable_email_identification: true,
      enable_registration: false,
      enable_on_screen_keyboard: false,
    });
    await console.until(() => expect(text('live-status')).toBe('Open'));
  });
});
