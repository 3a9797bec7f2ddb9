import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The account's wording at the counter: Dutch "je" unless the account asks for "u", its own word
 * for its credits, whole points unless it sets decimals, and its content in the screen's language.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the account’s wording', () => {
  it('an account that says "u" and calls its credits stamps, with one decimal', async () => {
    const api = flow.api();
    api.setWording({ dutch_address: 'u', credit_name: { nl: 'stempels', en: 'stamps' }, credit_decimals: 1 });
    api.reward({ title: 'Coffee beans', required_credits: 400 });
    const dirk = api.customer({
      firstname: 'Dirk',
      locale: 'nl',
      credit_balance: 35.55,
      creditsPerEuro: 1.5,
    });
    const uuid = api.openSession('credit_reception');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(dirk.card);
    await kiosk.until(() => expect(heading()).toBe('Hallo Dirk! De kassamedewerker rekent uw aankoop af'));

    api.pushPurchase(uuid, 1000);
    await kiosk.until(() => expect(text('credits-earned')).toBe('Stempels verdiend+15'));
    // 50.55 stamps: the balance shows what is there (rounded down), what is needed rounded up.
    await kiosk.until(() => expect(text('credit-balance')).toBe('U heeft nu 50,5 stempels'));
    expect(text('credit-next-reward')).toBe('Nog 349,5 stempels tot Coffee beans.');
  });

  it('by default: "je", whole points, and the account’s content in Dutch on a Dutch screen', async () => {
    const api = flow.api();
    api.setWording({
      translations: { nl: { 'Free coffee': 'Gratis koffie', 'Coffee beans': 'Koffiebonen' } },
    });
    api.reward({ title: 'Free coffee', required_credits: 50 });
    api.reward({ title: 'Coffee beans', required_credits: 400 });
    const anna = api.customer({ firstname: 'Anna', locale: 'nl', credit_balance: 35.5, creditsPerEuro: 1.5 });
    const uuid = api.openSession('credit_reception', { amount_in_cents: 1600 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(anna.card);

    await kiosk.until(() => expect(text('result-unlock')).toBe('Je kunt nu Gratis koffie inwisselen'));
    await kiosk.until(() => expect(text('credit-balance')).toBe('Je hebt nu 59 punten'));
    expect(text('credit-next-reward')).toBe('Nog 341 punten tot Koffiebonen.');
  });
});
