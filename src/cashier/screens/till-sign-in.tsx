import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashierDevice, TillStaffMember } from '../../contract/cashier';
import { toApiError } from '../../web/api-error';
import { useStaffSignIn, useTillStaff } from '../api/queries';
import { LanguageButtons } from '../components/language-buttons';
import { UnpairButton } from '../components/unpair-button';
import { type CashierKey, errorMessageKey } from '../lib/error-message';

/** The passcode's length: four digits (contract/office.ts passcodeField). */
const PASSCODE_LENGTH = 4;
const DOTS = ['first', 'second', 'third', 'fourth'] as const;
const PIN_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'other', '0', 'back'] as const;
type PinKey = (typeof PIN_KEYS)[number];

/** What a refused sign-in says: a wrong passcode (or an unknown person: one answer), a lock, else why. */
function signInError(error: unknown): { key: CashierKey; minutes?: number } {
  const { reason, retryAfterSeconds } = toApiError(error);
  if (reason === 'passcode_wrong') return { key: 'till.wrong' };
  if (reason === 'passcode_locked')
    return { key: 'till.locked', minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 900) / 60)) };
  return { key: errorMessageKey(error) };
}

/**
 * "Who is at the till?": on a console whose shop has till staff, the cashier taps their name, then
 * types their 4-digit passcode on the keypad (the digits masked; physical number keys work too);
 * the fourth digit signs them in. A wrong or locked passcode is said in words and the keypad
 * empties. The service counts the tries (docs/cashier-console.md "Who is at the till").
 */
export function TillSignIn({ device }: { device: CashierDevice }) {
  const { t } = useTranslation('cashier');
  const staff = useTillStaff();
  const signIn = useStaffSignIn();
  const [person, setPerson] = useState<TillStaffMember | null>(null);
  const [digits, setDigits] = useState('');

  const pick = (member: TillStaffMember | null) => {
    setPerson(member);
    setDigits('');
    signIn.reset();
  };
  const press = (key: PinKey) => {
    if (!person || signIn.isPending) return;
    if (key === 'other') return pick(null);
    if (key === 'back') return setDigits((d) => d.slice(0, -1));
    if (digits.length >= PASSCODE_LENGTH) return;
    const typed = digits + key;
    setDigits(typed);
    if (signIn.isError) signIn.reset();
    if (typed.length === PASSCODE_LENGTH) {
      signIn.mutate({ staff_uuid: person.uuid, passcode: typed }, { onError: () => setDigits('') });
    }
  };
  const error = signIn.isError ? signInError(signIn.error) : null;

  return (
    <main className="pair" data-testid="screen-till">
      <div className="pair-card">
        <div className="pair-top">
          <div>
            <p className="till-shop">{t('app.device', { device: device.name, account: device.shop.name })}</p>
            <h1>{t('till.title')}</h1>
          </div>
          <LanguageButtons />
        </div>
        {person === null ? (
          <>
            <p>{t('till.pick')}</p>
            {staff.isError ? (
              <p className="notice notice-error" role="alert">
                {t(errorMessageKey(staff.error))}
              </p>
            ) : null}
            {staff.isSuccess && staff.data.length === 0 ? <p className="muted">{t('till.none')}</p> : null}
            <ul className="till-names">
              {(staff.data ?? []).map((member) => (
                <li key={member.uuid}>
                  <button type="button" className="till-name" onClick={() => pick(member)}>
                    {member.name}
                  </button>
                </li>
              ))}
            </ul>
            <UnpairButton />
          </>
        ) : (
          <>
            <h2 className="till-person">{t('till.typePasscode', { name: person.name })}</h2>
            <output
              className="till-dots"
              aria-live="polite"
              aria-label={t('till.typed', { count: digits.length })}
              data-testid="till-dots"
            >
              {DOTS.map((dot, i) => (
                <span key={dot} className={i < digits.length ? 'till-dot till-dot-on' : 'till-dot'} />
              ))}
            </output>
            {error ? (
              <p className="notice notice-error" role="alert" data-testid="till-error">
                {t(error.key, { count: error.minutes })}
              </p>
            ) : null}
            {signIn.isPending ? <p className="muted">{t('till.signingIn')}</p> : null}
            {/* biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset */}
            <div
              className="amount-keys till-keys"
              role="group"
              aria-label={t('till.passcode')}
              onKeyDown={(event) => {
                const key = event.key === 'Backspace' ? 'back' : event.key;
                if (/^\d$/.test(key) || key === 'back') {
                  event.preventDefault();
                  press(key as PinKey);
                }
              }}
            >
              {PIN_KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  className={key === 'other' ? 'amount-key till-other' : 'amount-key'}
                  data-testid={`till-key-${key}`}
                  aria-label={key === 'back' ? t('keypad.backspace') : undefined}
                  disabled={signIn.isPending}
                  onClick={() => press(key)}
                >
                  {key === 'back' ? '⌫' : key === 'other' ? t('till.otherName') : key}
                </button>
              ))}
            </div>
          </>
        )}
      </div>
    </main>
  );
}
