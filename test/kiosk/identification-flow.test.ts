import { describe, expect, it } from 'vitest';
import type { PortalContact, PortalSettings } from '../../src/contract/portal';
import { SESSION_DEFAULTS } from '../../src/contract/session-types';
import {
  firstStep,
  identificationIdleRule,
  identifyMethods,
  stepAfterIdentify,
} from '../../src/kiosk/lib/identification';

const settings: PortalSettings = { ...SESSION_DEFAULTS, scanner_type: 'hand_scanner' };
const contact: PortalContact = {
  uuid: 'c1',
  firstname: 'Anna',
  email_hint: 'a***@example.com',
  locale: 'nl',
  tier: null,
  credit_balance: 120,
  prepaid_balance_in_cents: 1500,
  terms_pending: false,
};

describe('identification: which screen first', () => {
  it('scan only when e-mail identification is off', () => {
    expect(identifyMethods(settings)).toEqual(['scan']);
    expect(firstStep(settings)).toEqual({ step: 'scan', cameraFailed: false });
  });

  it('scan first, e-mail as the other method when enabled', () => {
    expect(identifyMethods({ ...settings, enable_email_identification: true })).toEqual(['scan', 'email']);
  });

  it('e-mail first when it is the primary method, scanning still offered', () => {
    const email = { ...settings, primary_identification_method: 'email' as const };
    expect(identifyMethods(email)).toEqual(['email', 'scan']);
    expect(firstStep(email)).toEqual({ step: 'email' });
  });
});

describe('identification: what follows an answer', () => {
  const withRegistration = { ...settings, enable_registration: true };

  it('identified → the flow goes on', () => {
    const proof = {
      identified_by: 'card' as const,
      proven: true,
      customer_proven: true,
      code: null,
      attempts_left: 5,
      locked: false,
    };
    expect(stepAfterIdentify({ result: 'identified', method: 'card', contact, proof }, settings)).toEqual({
      step: 'identified',
    });
  });

  it('identified with the terms still to accept → asked first; left alone, their session ends', () => {
    const proof = {
      identified_by: 'email' as const,
      proven: false,
      customer_proven: false,
      code: null,
      attempts_left: 5,
      locked: false,
    };
    const pending = { ...contact, terms_pending: true };
    const next = stepAfterIdentify(
      { result: 'identified', method: 'email', contact: pending, proof },
      settings,
    );
    expect(next).toEqual({ step: 'terms' });
    expect(identificationIdleRule(next!, settings)).toBe('customer');
  });

  it('unregistered card with registration → register, linking the card', () => {
    expect(stepAfterIdentify({ result: 'unregistered_card', value: 'CARD-9001' }, withRegistration)).toEqual({
      step: 'register',
      email: '',
      cardValue: 'CARD-9001',
      reason: 'card',
    });
  });

  it('unregistered card without registration → explained dead end', () => {
    expect(stepAfterIdentify({ result: 'unregistered_card', value: 'X-1' }, settings)).toEqual({
      step: 'card_not_linked',
    });
  });

  it('a code that identifies nobody (gift card, voucher, unknown) → stay, never registration', () => {
    for (const code of [{ kind: 'giftcard' }, { kind: 'unknown' }] as const) {
      expect(stepAfterIdentify({ result: 'other_code', code }, withRegistration)).toBeNull();
    }
  });

  it('unknown e-mail with registration → register, pre-filled', () => {
    expect(
      stepAfterIdentify({ result: 'unknown_email', email: 'new@example.com' }, withRegistration),
    ).toEqual({
      step: 'register',
      email: 'new@example.com',
      cardValue: null,
      reason: 'email',
    });
  });

  it('unknown e-mail without registration → explained dead end', () => {
    expect(stepAfterIdentify({ result: 'unknown_email', email: 'new@example.com' }, settings)).toEqual({
      step: 'email_unknown',
      email: 'new@example.com',
    });
  });
});
