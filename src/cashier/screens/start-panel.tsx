import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashierContact, CashierDevice, CashierSession } from '../../contract/cashier';
import type { PortalSessionType } from '../../contract/portal';
import {
  amountIsOptional,
  identifiesCustomer,
  SESSION_TYPE_RULES,
  SESSION_TYPES,
  takesAmount,
  topsUp,
  usesGiftcards,
} from '../../contract/session-types';
import { KEYPAD_START, keypadCents } from '../../web/amount-keypad';
import { formatMoney } from '../../web/format';
import { useFindContact, useStartSession } from '../api/queries';
import { AmountPad } from '../components/amount-pad';
import { SettingsSheet } from '../components/settings-sheet';
import { useCounterSettings } from '../hooks/use-counter-settings';
import { errorMessageKey } from '../lib/error-message';
import { customerName } from '../lib/receipt';

/** Where each type's tile stands: the till's everyday sessions first (a type without its place fails the typecheck). */
const TILE_ORDER: Record<PortalSessionType, number> = {
  credit_reception: 0,
  redeem_giftcards: 1,
  identify: 2,
  vouchers: 3,
  pay_prepaid: 4,
  top_up_prepaid: 5,
  top_up_giftcards: 6,
  giftcard: 7,
  prepaid: 8,
  scan_anything: 9,
};
const TILES = [...SESSION_TYPES].sort((a, b) => TILE_ORDER[a] - TILE_ORDER[b]);
// The device's "several gift cards" switch is for gift-card payments; a type that tops up gift
// cards takes one unless told otherwise (the service's default).
const takesMultipleGiftcards = (type: PortalSessionType) => usesGiftcards(type) && !topsUp(type);

/**
 * Start a session at the shop in three steps: the type (any of the ten), the amount on the keypad
 * where the type takes one (contract/session-types.ts), Start (in a bar that stays in view). A customer found by e-mail or card is optional;
 * the counter screen's switches are this device's, set once in the settings sheet. The shop's
 * standby screen switches to the new session; `onStarted` then follows it.
 */
export function StartPanel({
  device,
  onStarted,
}: {
  device: CashierDevice;
  onStarted: (session: CashierSession) => void;
}) {
  const { t, i18n } = useTranslation('cashier');
  const [type, setType] = useState<PortalSessionType>('credit_reception');
  const [amount, setAmount] = useState(KEYPAD_START);
  const [query, setQuery] = useState('');
  const [contact, setContact] = useState<CashierContact | null>(null);
  const [settings, changeSettings] = useCounterSettings(device);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [missingAmount, setMissingAmount] = useState(false);
  const find = useFindContact();
  const start = useStartSession((session) => {
    setAmount(KEYPAD_START);
    setContact(null);
    setQuery('');
    onStarted(session);
  });
  const identifying = identifiesCustomer(type);
  const amountRequired = SESSION_TYPE_RULES[type].amount === 'required';
  const cents = keypadCents(amount);
  const zero = formatMoney(0, i18n.language);

  const submit = () => {
    if (amountRequired && cents === 0) {
      setMissingAmount(true);
      return;
    }
    start.mutate({
      type,
      ...(takesAmount(type) && cents > 0 ? { amount_in_cents: cents } : {}),
      ...(identifying && contact ? { contact_uuid: contact.uuid } : {}),
      scanner_type: settings.scanner_type,
      ...(identifying
        ? {
            enable_email_identification: settings.enable_email_identification,
            enable_registration: settings.enable_registration,
            enable_on_screen_keyboard: settings.enable_on_screen_keyboard,
          }
        : {}),
      ...(takesMultipleGiftcards(type)
        ? { allow_multiple_giftcards: settings.allow_multiple_giftcards }
        : {}),
    });
  };

  return (
    <section className="panel panel-start" aria-labelledby="start-title" data-testid="panel-start">
      <div className="panel-body">
        <h2 id="start-title" className="visually-hidden">
          {t('start.title')}
        </h2>
        <fieldset className="group">
          <legend>{t('start.type')}</legend>
          <div className="type-grid">
            {TILES.map((value) => (
              <button
                key={value}
                type="button"
                className="type-tile"
                aria-pressed={type === value}
                data-testid={`type-${value}`}
                onClick={() => {
                  setType(value);
                  setMissingAmount(false);
                }}
              >
                <span className="type-name">{t(`types.${value}`)}</span>
                <span className="type-hint">{t(`typeHints.${value}`)}</span>
              </button>
            ))}
          </div>
        </fieldset>

        {takesAmount(type) ? (
          <fieldset className="group">
            <legend>{t(`start.amount.${type}`)}</legend>
            <AmountPad
              state={amount}
              onChange={(next) => {
                setAmount(next);
                setMissingAmount(false);
              }}
              label={t(`start.amount.${type}`)}
              testId="start-amount"
            />
            {amountIsOptional(type) ? <p className="hint">{t(`start.optional.${type}`, { zero })}</p> : null}
          </fieldset>
        ) : null}

        {identifying ? (
          <fieldset className="group">
            <legend>{t('start.customer')}</legend>
            {contact ? (
              <div className="customer-chip" data-testid="start-customer">
                <span>
                  <strong>{customerName(contact)}</strong>
                  <span className="muted"> · {contact.email}</span>
                </span>
                <button type="button" className="button button-link" onClick={() => setContact(null)}>
                  {t('start.remove')}
                </button>
              </div>
            ) : (
              <form
                className="find-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (query.trim()) find.mutate(query.trim(), { onSuccess: setContact });
                }}
              >
                <input
                  className="input"
                  aria-label={t('start.customer')}
                  placeholder={t('start.customerPlaceholder')}
                  value={query}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  data-testid="find-query"
                  onChange={(event) => {
                    setQuery(event.target.value);
                    find.reset();
                  }}
                />
                <button type="submit" className="button" disabled={find.isPending} data-testid="find-submit">
                  {t('start.find')}
                </button>
              </form>
            )}
            {find.isError ? (
              <p className="form-error" role="alert" data-testid="find-error">
                {t(errorMessageKey(find.error))}
              </p>
            ) : null}
          </fieldset>
        ) : null}
      </div>

      <div className="action-bar" data-testid="start-bar">
        {missingAmount ? (
          <p className="form-error" role="alert" data-testid="amount-required">
            {t('start.amountRequired')}
          </p>
        ) : null}
        {start.isError ? (
          <p className="form-error" role="alert" data-testid="start-error">
            {t(errorMessageKey(start.error))}
          </p>
        ) : null}
        <div className="action-row">
          <button
            type="button"
            className="button settings-button"
            aria-haspopup="dialog"
            data-testid="settings-open"
            onClick={() => setSheetOpen(true)}
          >
            <span className="settings-label">{t('settings.open')}</span>
            <span className="settings-summary" data-testid="settings-summary">
              {settings.scanner_type === 'camera' ? t('start.camera') : t('start.handScanner')}
            </span>
          </button>
          <button
            type="button"
            className="button button-primary button-large"
            disabled={start.isPending}
            data-testid="start-submit"
            onClick={submit}
          >
            {start.isPending
              ? t('start.starting')
              : takesAmount(type) && cents > 0
                ? t('start.submitAmount', { amount: formatMoney(cents, i18n.language) })
                : t('start.submit')}
          </button>
        </div>
      </div>
      {sheetOpen ? (
        <SettingsSheet settings={settings} onChange={changeSettings} onClose={() => setSheetOpen(false)} />
      ) : null}
    </section>
  );
}
