import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIOSK } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The scan_anything session: one scan screen for whatever the customer holds, and what was scanned
 * decides. A loyalty card or an app code opens their portal, a voucher its confirmation, a gift
 * card the choice to pay with it or top it up, a receipt its points once the customer is known.
 * A code that opens nothing is said on the same screen, and the next scan goes on.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;
const FIRST = 'Scan your card, voucher, gift card or receipt';

async function scanAnything(amountInCents: number | null = null) {
  const uuid = flow.api().openSession('scan_anything', { amount_in_cents: amountInCents });
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.until(() => expect(heading()).toBe(FIRST));
  return { uuid, kiosk };
}

describe('what the first scan opens', () => {
  it("a loyalty card: the customer's portal; a reload stays there", async () => {
    const anna = flow.api().customer({ firstname: 'Anna', credit_balance: 120 });
    const { uuid, kiosk } = await scanAnything();
    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByRole('tablist'));
    expect(text('credit-balance')).toBe('Your points120');
    expect(flow.api().eventTypes(uuid)).toEqual(['contact_identified']);

    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => screen.getByRole('tablist'));
    expect(screen.queryByTestId('screen-scan-anything')).toBeNull();
  });

  it("an app code: the customer's portal too", async () => {
    const api = flow.api();
    const ben = api.customer({ firstname: 'Ben' });
    api.appToken('APP-TOKEN-BEN', ben.uuid);
    const { kiosk } = await scanAnything();
    await kiosk.scan('APP-TOKEN-BEN');
    await kiosk.until(() => screen.getByRole('tablist'));
  });

  it('a voucher: its confirmation, the customer, then it is used', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna' });
    api.voucher({ code: 'MUFFIN-FREE', name: 'Free muffin', owner: null });
    const { uuid, kiosk } = await scanAnything();
    await kiosk.scan('MUFFIN-FREE');
    await kiosk.until(() => expect(heading()).toBe('Use this voucher now?'));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(screen.getByTestId('confirm-button').textContent).toBe('Use it now'));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => expect(text('redeemed-voucher')).toBe('Free muffin'));
    expect(api.eventTypes(uuid)).toEqual(['contact_identified', 'voucher_redeemed']);
  });

  it("a gift card: pay with it or top it up, its balance shown; Pay pays the session's amount", async () => {
    const card = flow.api().giftcard({ hash: 'GC-ANY-0001', balance_in_cents: 2500 });
    const { kiosk } = await scanAnything(1000);
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(heading()).toBe('Pay with your gift card, or top it up?'));
    expect(text('choice-balance')).toBe('On this card: €25.00');
    expect(screen.getByTestId('choice-balance').querySelector('[data-unusable]')).toBeNull();
    await kiosk.user.click(screen.getByTestId('choose-pay'));
    await kiosk.until(() => expect(heading()).toBe('Pay with this gift card?'));
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() => expect(heading()).toBe('All paid — thank you!'));
    expect(card.balance_in_cents).toBe(1500);
  });

  it('a receipt: the customer scans their card, then collects its points', async () => {
    const api = flow.api();
    const anna = api.customer({ firstname: 'Anna', credit_balance: 100 });
    const receipt = api.receipt(12);
    const { uuid, kiosk } = await scanAnything();
    await kiosk.scan(receipt);
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(anna.card);
    await kiosk.until(() => expect(heading()).toBe('Collect the points of your receipt'));
    await kiosk.user.click(screen.getByTestId('collect-receipt'));
    await kiosk.until(() => expect(heading()).toBe('Thank you, Anna!'));
    expect(anna.credit_balance).toBe(112);
    expect(api.eventTypes(uuid)).toEqual(['contact_identified', 'receipt_token_claimed']);
  });
});

describe('what opens nothing', () => {
  it('an unknown code, then an unlinked card, are said on the same screen; the next scan goes on', async () => {
    const api = flow.api();
    api.card('CARD-NOBODY', null);
    const anna = api.customer({ firstname: 'Anna' });
    const { uuid, kiosk } = await scanAnything();
    await kiosk.scan('WHAT-IS-THIS');
    await kiosk.until(() =>
      expect(text('scan-not-recognised')).toBe(
        'We do not recognise this code. Try another one, or ask at the till.',
      ),
    );
    expect(heading()).toBe(FIRST);
    await kiosk.scan('CARD-NOBODY');
    await kiosk.until(() =>
      expect(text('scan-not-recognised')).toBe('This card is not linked to anyone yet. Ask at the till.'),
    );
    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByRole('tablist'));
    expect(api.eventTypes(uuid)).toEqual(['contact_identified']);
  });

  it("an expired gift card's balance is struck through: it cannot pay", async () => {
    const card = flow.api().giftcard({ hash: 'GC-OLD-0001', balance_in_cents: 800, expired: true });
    const { kiosk } = await scanAnything(1000);
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(heading()).toBe('Pay with your gift card, or top it up?'));
    expect(screen.getByTestId('choice-balance').querySelector('[data-unusable]')?.textContent).toBe('€8.00');
  });

  it('a code it did not know, a touch, then left alone: the screen starts over without the message', async () => {
    const { uuid, kiosk } = await scanAnything();
    await kiosk.scan('WHAT-IS-THIS');
    await kiosk.until(() => screen.getByTestId('scan-not-recognised'));
    await kiosk.user.click(screen.getByRole('heading', { level: 1 }));
    await kiosk.wait(KIOSK.idle_seconds * 1000);
    await kiosk.until(() => screen.getByTestId('idle-countdown'));
    await kiosk.wait(10_000);
    await kiosk.until(() => expect(screen.queryByTestId('scan-not-recognised')).toBeNull());
    expect(heading()).toBe(FIRST);
    expect(flow.api().eventTypes(uuid)).toEqual([]);
  });
});
