/*
 * Test data of their own for tests that change state (they must pass in any order and in
 * parallel): customers, cards and gift cards made through the PUBLIC API, as a POS or the
 * platform's back office would, each with a value no other test uses.
 */
import { randomBytes } from 'node:crypto';
import { DEMO, publicApi } from './api';

/** The demo gift card program (€ 500 at most per card). */
export const GIFTCARD_PROGRAM = 'f0000000-0000-4000-8000-000000000001';

/** A value no other test uses, e.g. "K3F9Q2". */
export function uniqueId(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

export interface Customer {
  uuid: string;
  email: string;
  /** Their loyalty card's value. */
  card: string;
}

/** A new customer with a loyalty card of their own, and `credits` / `prepaidCents` on their balances. */
export async function newCustomer({ credits = 0, prepaidCents = 0 } = {}): Promise<Customer> {
  const id = uniqueId();
  const email = `e2e-${id.toLowerCase()}@example.com`;
  const { uuid } = await publicApi<{ uuid: string }>('POST', '/contacts', { email });
  const card = `E2E-CARD-${id}`;
  await publicApi('POST', '/contact-identifiers', { contact_identifier_value: card, contact_uuid: uuid });
  if (credits > 0) {
    await publicApi(
      'POST',
      '/credit-receptions',
      { contact_uuid: uuid, credits },
      { token: DEMO.registerKey },
    );
  }
  if (prepaidCents > 0) {
    await publicApi(
      'POST',
      '/prepaid-transactions',
      { contact_uuid: uuid, amount_in_cents: prepaidCents },
      { token: DEMO.registerKey },
    );
  }
  return { uuid, email, card };
}

/** A loyalty card of the account that nobody holds yet. */
export async function newUnlinkedCard(): Promise<string> {
  const card = `E2E-FREE-${uniqueId()}`;
  await publicApi('POST', '/contact-identifiers', { contact_identifier_value: card });
  return card;
}

export interface Giftcard {
  uuid: string;
  hash: string;
  amount_in_cents: number;
}

/** A new digital gift card, with `cents` on it (its one top-up) when given. */
export async function newGiftcard(cents = 0): Promise<Giftcard> {
  const card = await publicApi<Giftcard>('POST', '/giftcards', {
    type: 1,
    giftcard_program_uuid: GIFTCARD_PROGRAM,
  });
  if (cents > 0) {
    await publicApi(
      'POST',
      '/giftcard-transactions',
      { giftcard_uuid: card.uuid, amount_in_cents: cents },
      { token: DEMO.registerKey },
    );
  }
  return card;
}

/** A gift card's balance (spec Giftcard `amount_in_cents`). */
export async function giftcardBalance(hash: string): Promise<number> {
  return (await publicApi<Giftcard>('GET', `/giftcards/find-one-by?hash=${encodeURIComponent(hash)}`))
    .amount_in_cents;
}
