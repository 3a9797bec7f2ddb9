import type { IdentifyResult, PortalContact, PortalSettings } from '../../contract/portal';
import type { IdleRule } from './idle-rule';

/**
 * The identification steps every contact flow starts with (docs/design.md "Kiosk flows").
 * - `scan`: card or app code, by camera or hand scanner; `cameraFailed` after the camera said no.
 * - `email`: type an e-mail address.
 * - `register`: new account; `cardValue` is the scanned card to link, `email` a pre-filled address,
 *   `reason` why we are here (an unlinked card, an unknown e-mail).
 * - `card_not_linked` / `email_unknown`: explained dead ends when registration is off.
 * - `terms`: identified, with the account's terms still to accept (registered where they were not
 *   shown): asked before the flow goes on.
 * - `identified`: done; the flow goes on with the session's contact.
 */
export type IdentificationStep =
  | { step: 'scan'; cameraFailed: boolean }
  | { step: 'email' }
  | { step: 'register'; email: string; cardValue: string | null; reason: 'card' | 'email' }
  | { step: 'card_not_linked' }
  | { step: 'email_unknown'; email: string }
  | { step: 'terms' }
  | { step: 'identified' };

export type IdentifyMethod = 'scan' | 'email';

/** The identification methods a session offers, the primary one first. */
export function identifyMethods(settings: PortalSettings): IdentifyMethod[] {
  const email = settings.enable_email_identification || settings.primary_identification_method === 'email';
  if (settings.primary_identification_method === 'email') return ['email', 'scan'];
  return email ? ['scan', 'email'] : ['scan'];
}

/** The step a session's identification starts at: its primary method. */
export function firstStep(settings: PortalSettings): IdentificationStep {
  return identifyMethods(settings)[0] === 'email' ? { step: 'email' } : { step: 'scan', cameraFailed: false };
}

/**
 * What an identification screen does when left alone (lib/idle-rule.ts): the session's first
 * screen waits for a touch before its timer runs; any later one (something typed, a message about
 * a card) starts over after the idle time, counted from when it appeared; the terms ask, before an
 * identified customer, ends the session as any screen of a customer does.
 */
export function identificationIdleRule(step: IdentificationStep, settings: PortalSettings): IdleRule {
  // The terms ask stands before an identified customer: left alone, their session ends.
  if (step.step === 'terms') return 'customer';
  return step.step === firstStep(settings).step ? 'start' : 'entry';
}

/** A scanned code that identifies nobody (identify's `other_code`): a gift card, a voucher, or unknown. */
export type OtherCode = Extract<IdentifyResult, { result: 'other_code' }>['code'];

/**
 * The step after an identify answer; null for a code that identifies nobody (`other_code`): the
 * scan screen stays and says what was scanned. Only an unlinked card of the account leads to
 * registration (when enabled), never an unknown code.
 */
export function stepAfterIdentify(
  result: IdentifyResult,
  settings: PortalSettings,
): IdentificationStep | null {
  switch (result.result) {
    case 'other_code':
      return null;
    case 'identified':
      return afterIdentified(result.contact);
    case 'unregistered_card':
      return settings.enable_registration
        ? { step: 'register', email: '', cardValue: result.value, reason: 'card' }
        : { step: 'card_not_linked' };
    case 'unknown_email':
      return settings.enable_registration
        ? { step: 'register', email: result.email, cardValue: null, reason: 'email' }
        : { step: 'email_unknown', email: result.email };
  }
}

/** Where an identified customer goes: their terms first when they still have them to accept. */
export function afterIdentified(contact: Pick<PortalContact, 'terms_pending'>): IdentificationStep {
  return contact.terms_pending ? { step: 'terms' } : { step: 'identified' };
}
