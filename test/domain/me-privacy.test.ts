import { describe, expect, it } from 'vitest';
import { eventOwners } from '../../src/service/domain/contacts/privacy';

const A = 'a-uuid';
const B = 'b-uuid';
const identified = (uuid: string) => ({ type: 'contact_identified', data: { contact: { uuid } } });
const plain = (type: string) => ({ type, data: { status: 'x' } });

describe('eventOwners: whose each event of a portal session is', () => {
  it("a session of one customer: every event is theirs, those before their identification too (the POS's customer)", () => {
    expect(eventOwners([plain('payment_due'), identified(A), plain('contact_verified')], A)).toEqual([
      A,
      A,
      A,
    ]);
    expect(eventOwners([plain('subscription_changed'), plain('session_completed')], A)).toEqual([A, A]);
  });

  it('a session another customer used first: each keeps the events of their own turn; those before anyone are nobody’s', () => {
    const events = [
      plain('payment_due'),
      identified(A),
      { type: 'card_added', data: { contact: { uuid: A }, contact_identifier: 'CARD' } },
      plain('contact_verified'),
      identified(B),
      plain('subscription_changed'),
    ];
    expect(eventOwners(events, B)).toEqual([null, A, A, A, B, B]);
  });

  it('an event naming a contact is theirs, without making them the customer', () => {
    const voucher = { type: 'voucher_redeemed', data: { contact: { uuid: B } } };
    expect(eventOwners([identified(A), voucher, plain('session_completed')], A)).toEqual([A, B, A]);
  });

  it('a registration names its contact before it identifies them', () => {
    const registered = {
      type: 'contact_registered',
      data: { contact: { uuid: B }, contact_identifier: 'C' },
    };
    expect(eventOwners([identified(A), registered, identified(B), plain('x')], B)).toEqual([A, B, B, B]);
  });

  it('a session without a customer: nobody’s', () => {
    expect(eventOwners([plain('giftcard_transaction')], null)).toEqual([null]);
  });
});
