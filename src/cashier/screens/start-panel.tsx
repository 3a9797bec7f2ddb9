import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashierContact, CashierDevice, CashierSession } from '../../contract/cashier';
import type { PortalSessionType } from '../../contract/portal';
import { AMOUNT_TYPES } from '../../contract/session-amounts';
import { formatMoney } from '../../kiosk/lib/format';
import { useFindContact, useStartSession } from '../api/queries';
import { AmountPad } from '../components/amount-pad';
import { SwitchRow } from '../components/switch-row';
import { PAD_START, type PadState } from '../lib/amount-pad';
import { errorMessageKey } from '../lib/error-message';
import { customerName } from '../lib/receipt';

const TYPES: PortalSessionType[] = [
  'credit_reception',
  'redeem_giftcards',
  'identify',
  'vouchers',
  'pay_prepaid',
  'top_up_prepaid',
  'top_up_giftcards',
];
const IDENTIFYING: PortalSessionType[] = [
  'identify',
  'credit_reception',
  'pay_prepaid',
  'top_up_prepaid',
  'vouchers',
];
const takesAmount = (type: PortalSessionType): type is (typeof AMOUNT_TYPES)[number] =>
  (AMOUNT_TYPES as readonly string[]).includes(type);

/**
 * Start a session at the shop: the type, the amount on the keypad where the type takes one, an
 * optional customer found by e-mail or card, and the counter screen's switches (the account's
 * defaults first). The shop's standby screen switches to it; `onStarted` then follows it.
 */
export function StartPanel({
  device,
  onStarted,
}: {
  device: CashierDevice;
  onStarted: (session: CashierSession) => void;
}) {
  const { t, i18n } = useTranslation('cashier');
  const defaults = device.session_defaults;
  const [type, setType] = useState<PortalSessionType>('credit_reception');
  const [amount, setAmount] = useState<PadState>(PAD_START);
  const [query, setQuery] = useState('');
  const [contact, setContact] = useState<CashierContact | null>(null);
  const [scanner, setScanner] = useState(defaults.scanner_type);
  const [email, setEmail] = useState(defaults.enable_email_identification);
  const [registration, setRegistration] = useState(defaults.enable_registration);
  const [keyboard, setKeyboard] = useState(defaults.enable_on_screen_keyboard);
  const [multiple, setMultiple] = useState(defaults.allow_multiple_giftcards);
  const [missingAmount, setMissingAmount] = useState(false);
  const find = useFindContact();
  const start = useStartSession((session) => {
    setAmount(PAD_START);
    setContact(null);
    setQuery('');
    onStarted(session);
  });
  const identifying = IDENTIFYING.includes(type);
  const zero = formatMoney(0, i18n.language);

  const submit = () => {
    if (type === 'redeem_giftcards' && amount.cents === 0) {
      setMissingAmount(true);
      return;
    }
    start.mutate({
      type,
      ...(takesAmount(type) && amount.cents > 0 ? { amount_in_cents: amount.cents } : {}),
      ...(identifying && contact ? { contact_uuid: contact.uuid } : {}),
      scanner_type: scanner,
      ...(identifying
        ? {
            enable_email_identification: email,
            enable_registration: registration,
            enable_on_screen_keyboard: keyboard,
          }
        : {}),
      ...(type === 'redeem_giftcards' ? { allow_multiple_giftcards: multiple } : {}),
    });
  };

  return (
    <section className="panel" aria-labelledby="start-title" data-testid="panel-start">
      <h2 id="start-title">{t('start.title')}</h2>
      <fieldset className="group">
        <legend>{t('start.type')}</legend>
        <div className="type-grid">
          {TYPES.map((value) => (
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
          {type === 'redeem_giftcards' ? null : (
            <p className="hint">{t(`start.optional.${type}`, { zero })}</p>
          )}
          {missingAmount ? (
            <p className="form-error" role="alert" data-testid="amount-required">
              {t('start.amountRequired')}
            </p>
          ) : null}
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
              <button type="button" className="button button-quiet" onClick={() => setContact(null)}>
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

      <fieldset className="group">
        <legend>{t('start.settings')}</legend>
        {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not radio inputs */}
        <div className="segmented" role="group" aria-label={t('start.scanner')}>
          {(['camera', 'hand_scanner'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={scanner === value}
              data-testid={`scanner-${value}`}
              onClick={() => setScanner(value)}
            >
              {value === 'camera' ? t('start.camera') : t('start.handScanner')}
            </button>
          ))}
        </div>
        {identifying ? (
          <>
            <SwitchRow label={t('start.email')} checked={email} onChange={setEmail} testId="switch-email" />
            <SwitchRow
              label={t('start.registration')}
              checked={registration}
              onChange={setRegistration}
              testId="switch-registration"
            />
            <SwitchRow
              label={t('start.keyboard')}
              checked={keyboard}
              onChange={setKeyboard}
              testId="switch-keyboard"
            />
          </>
        ) : null}
        {type === 'redeem_giftcards' ? (
          <SwitchRow
            label={t('start.multipleGiftcards')}
            checked={multiple}
            onChange={setMultiple}
            testId="switch-multiple"
          />
        ) : null}
      </fieldset>

      <div className="start-actions">
        {start.isError ? (
          <p className="form-error" role="alert" data-testid="start-error">
            {t(errorMessageKey(start.error))}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary button-large"
          disabled={start.isPending}
          data-testid="start-submit"
          onClick={submit}
        >
          {start.isPending ? t('start.starting') : t('start.submit')}
        </button>
      </div>
    </section>
  );
}
