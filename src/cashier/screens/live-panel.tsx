import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashierSession } from '../../contract/cashier';
import { Content } from '../../ui/wording';
import { KEYPAD_START, type KeypadState, keypadCents } from '../../web/amount-keypad';
import { formatCredits, formatMoney } from '../../web/format';
import { useCancelSession, useReceivePayment, useSendPurchase } from '../api/queries';
import { AmountPad } from '../components/amount-pad';
import { ReceiptLine } from '../components/receipt-line';
import { StatusPill } from '../components/status-pill';
import type { Followed } from '../hooks/use-followed';
import { type CashierKey, errorMessageKey } from '../lib/error-message';
import { customerName, formatTime, receiptLine } from '../lib/receipt';
import { valueMoved } from '../lib/session-status';

// Gift-card sessions pay or top up a card; they identify no customer.
const IDENTIFYING = ['identify', 'credit_reception', 'pay_prepaid', 'top_up_prepaid', 'vouchers'];

/**
 * The followed session, live: status ("Done · paid €12.00"), who was identified and how, and what
 * it did so far (credits, each gift card and what is left to pay at the till, prepaid, vouchers,
 * rewards, the money of a top-up to collect), its steps, the receipt line. In a bar that stays in
 * view: Send for a credit reception that waits for its purchase amount, Received for a top-up that
 * waits for its payment, Cancel while open and nothing of value has moved, and New session (`onNew`;
 * none beside the start panel).
 */
export function LivePanel({
  uuid,
  followed,
  onNew,
}: {
  uuid: string | null;
  followed: Followed;
  onNew?: () => void;
}) {
  const { t } = useTranslation('cashier');
  const { query, live: up } = followed;
  const session = query.data;

  if (uuid === null || (!session && !query.isError)) {
    return (
      <section className="panel panel-empty" aria-labelledby="live-title" data-testid="panel-live">
        <div className="panel-body">
          <h2 id="live-title">{t('tabs.live')}</h2>
          {uuid === null ? (
            <>
              <p>{t('live.empty')}</p>
              {onNew ? (
                <button type="button" className="button button-primary" onClick={onNew}>
                  {t('live.startOne')}
                </button>
              ) : null}
            </>
          ) : (
            <p aria-busy="true">…</p>
          )}
        </div>
      </section>
    );
  }
  if (!session) {
    return (
      <section className="panel" aria-labelledby="live-title" data-testid="panel-live">
        <div className="panel-body">
          <h2 id="live-title">{t('tabs.live')}</h2>
          <p className="notice notice-error" role="alert">
            {t(errorMessageKey(query.error))}
          </p>
        </div>
      </section>
    );
  }
  return <SessionView key={session.uuid} session={session} live={up} onNew={onNew} />;
}

function SessionView({
  session,
  live,
  onNew,
}: {
  session: CashierSession;
  live: boolean;
  onNew?: () => void;
}) {
  const { t, i18n } = useTranslation('cashier');
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, language);
  const open = session.status === 'open';
  const name = customerName(session.contact);
  const waitingForPurchase = session.waiting_for_purchase && open;
  const [purchase, setPurchase] = useState(KEYPAD_START);
  // Cancelling would undo nothing that moved; a held top-up has moved nothing yet.
  const cancellable = open && !valueMoved(session);
  return (
    <section className="panel" aria-labelledby="live-title" data-testid="panel-live">
      <div className="panel-body">
        <div className="live-head">
          <h2 id="live-title">{t(`types.${session.type}`)}</h2>
          <StatusPill session={session} testId="live-status" />
          {open ? (
            <span className={live ? 'live-dot live-dot-up' : 'live-dot'} data-testid="live-connection">
              {live ? t('live.connected') : t('live.reconnecting')}
            </span>
          ) : null}
        </div>
        <p className="muted">
          {formatTime(session.created_at, language)}
          {session.amount_in_cents !== null ? ` · ${t('live.amount')} ${money(session.amount_in_cents)}` : ''}
          {session.purchase_in_cents !== null
            ? ` · ${t('live.purchase')} ${money(session.purchase_in_cents)}`
            : ''}
        </p>

        {waitingForPurchase ? <PurchaseEntry amount={purchase} onChange={setPurchase} /> : null}
        {session.contact || IDENTIFYING.includes(session.type) ? (
          <div className="card" data-testid="live-customer" aria-live="polite">
            {session.contact ? (
              <>
                <p className="card-title">
                  {session.identification === 'cashier'
                    ? t('live.chosen')
                    : `${t('live.identified')}${session.identification ? ` ${t(`live.by.${session.identification}`)}` : ''}`}
                </p>
                <p className="customer-name">{name}</p>
                <p className="muted">
                  {session.contact.email}
                  {session.contact.tier ? ` · ${session.contact.tier.name}` : ''}
                </p>
                <dl className="facts">
                  <div>
                    <dt>{t('live.balance')}</dt>
                    <dd data-testid="live-credit-balance">
                      {formatCredits(session.contact.credit_balance, language)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('live.prepaidBalance')}</dt>
                    <dd>{money(session.contact.prepaid_balance_in_cents)}</dd>
                  </div>
                </dl>
              </>
            ) : (
              <p className="card-title">{open ? t('live.waitingCustomer') : '—'}</p>
            )}
          </div>
        ) : null}

        <Outcome session={session} />

        {session.events.length > 0 ? (
          <details className="timeline">
            <summary>{t('live.timeline')}</summary>
            <ol>
              {session.events.map((event) => (
                <li key={event.uuid}>
                  <span className="muted">{formatTime(event.created_at, language)}</span>{' '}
                  {t(`events.${event.type}`, { defaultValue: t('events.other') })}
                </li>
              ))}
            </ol>
          </details>
        ) : null}

        <h3 className="receipt-title">{t('live.receipt')}</h3>
        <ReceiptLine text={receiptLine(session, t, language)} testId="live-receipt" />
      </div>

      <div className="action-bar" data-testid="live-bar">
        {waitingForPurchase ? (
          <SendPurchase uuid={session.uuid} cents={keypadCents(purchase)} />
        ) : session.payment_due?.held && open ? (
          <ReceivePayment session={session} />
        ) : null}
        {cancellable || onNew ? (
          <div className="action-row">
            {cancellable ? <CancelButton uuid={session.uuid} /> : null}
            {onNew ? (
              <button type="button" className="button button-wide" data-testid="live-new" onClick={onNew}>
                {t('live.newSession')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** What the session did, by type. */
function Outcome({ session }: { session: CashierSession }) {
  const { t, i18n } = useTranslation('cashier');
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const payment = session.giftcard_payment;
  return (
    <>
      {session.payment_due ? <PaymentDue session={session} /> : null}
      {session.type === 'credit_reception' &&
      session.credits === null &&
      session.purchase_in_cents !== null &&
      session.status === 'open' ? (
        <p className="notice" data-testid="live-crediting">
          {t('live.crediting')}
        </p>
      ) : null}
      {session.credits !== null ? (
        <div className="card card-success" data-testid="live-credits">
          <p className="card-title">{t('live.creditsEarned')}</p>
          <p className="big-number">
            +
            {t('live.credits', {
              count: session.credits,
              value: formatCredits(session.credits, i18n.language),
            })}
          </p>
        </div>
      ) : null}
      {payment ? (
        <div className="card" data-testid="live-giftcards">
          <ul className="lines">
            {payment.payments.map((p) => (
              <li key={p.transaction_uuid}>
                <span>{t('live.giftcard', { hint: p.giftcard.hash_hint })}</span>
                <strong>{money(p.amount_in_cents)}</strong>
                <span className="muted line-note">
                  {t('live.leftOnCard', { amount: money(p.balance_after_in_cents) })}
                </span>
              </li>
            ))}
            <li>
              <span>{t('live.paid')}</span>
              <strong data-testid="live-giftcards-paid">{money(payment.paid_in_cents)}</strong>
            </li>
          </ul>
          {payment.remaining_in_cents > 0 ? (
            <p className="till" data-testid="live-till">
              <span>{t('live.toPay')}</span>
              <strong>{money(payment.remaining_in_cents)}</strong>
            </p>
          ) : (
            <p className="till till-done">{t('live.allPaid')}</p>
          )}
        </div>
      ) : null}
      {session.giftcard_top_ups.length > 0 ? (
        <div className="card" data-testid="live-topups">
          <p className="card-title">{t('live.topUps')}</p>
          <ul className="lines">
            {session.giftcard_top_ups.map((line) => (
              <li key={`${line.giftcard.uuid}-${line.balance_after_in_cents}`}>
                <span>{t('live.giftcard', { hint: line.giftcard.hash_hint })}</span>
                <strong>+{money(line.amount_in_cents)}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {session.prepaid ? (
        <div className="card" data-testid="live-prepaid">
          <ul className="lines">
            <li>
              <span>
                {session.prepaid.amount_in_cents < 0 ? t('live.prepaidPaid') : t('live.prepaidTopUp')}
              </span>
              <strong>{money(Math.abs(session.prepaid.amount_in_cents))}</strong>
            </li>
          </ul>
          {session.prepaid.unpaid_in_cents ? (
            <p className="till">
              <span>{t('live.toPay')}</span>
              <strong>{money(session.prepaid.unpaid_in_cents)}</strong>
            </p>
          ) : null}
        </div>
      ) : null}
      {session.vouchers.length > 0 ? (
        <div className="card" data-testid="live-vouchers">
          <p className="card-title">{t('live.vouchers')}</p>
          <ul className="lines">
            {session.vouchers.map((v) => (
              <li key={v.code}>
                <span>
                  <Content text={v.name} />
                </span>
                <strong>{v.code}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {session.rewards.length > 0 ? (
        <div className="card">
          <p className="card-title">{t('live.rewards')}</p>
          <ul className="lines">
            {session.rewards.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same reward may be claimed twice
              <li key={i}>
                <span>
                  <Content text={r.title} />
                </span>
                <strong>{formatCredits(r.credits, i18n.language)}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * A top-up's money, which the till collects: "Collect € 50.00"; while the counter screen waits for
 * it (the console's top-ups wait), the action bar's "Received € 50.00" adds the top-up.
 */
function PaymentDue({ session }: { session: CashierSession }) {
  const { t, i18n } = useTranslation('cashier');
  const due = session.payment_due!;
  const amount = formatMoney(due.amount_in_cents, i18n.language);
  return (
    <div className={due.held ? 'card card-attention' : 'card'} data-testid="live-collect">
      <p className="card-title">{t('live.collect', { amount })}</p>
      {due.held ? <p>{t('live.collectHeld')}</p> : null}
    </div>
  );
}

/**
 * The action the counter screen waits for, as the action bar's primary button (`label`, or
 * `busyLabel` while `busy`), with the refusal of its last try in words above it (`error`: a
 * translation key, or null).
 */
function WaitedAction({
  label,
  busyLabel,
  busy,
  disabled = false,
  error,
  testId,
  onPress,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  error: CashierKey | null;
  testId: string;
  onPress: () => void;
}) {
  const { t } = useTranslation('cashier');
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-large"
        disabled={disabled || busy}
        data-testid={testId}
        onClick={onPress}
      >
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

/** Received: the till has the money of the top-up the counter screen waits for. */
function ReceivePayment({ session }: { session: CashierSession }) {
  const { t, i18n } = useTranslation('cashier');
  const receive = useReceivePayment(session.uuid);
  return (
    <WaitedAction
      label={t('live.received', { amount: formatMoney(session.payment_due!.amount_in_cents, i18n.language) })}
      busyLabel={t('live.receiving')}
      busy={receive.isPending}
      error={receive.isError ? errorMessageKey(receive.error, 'errors.noPayment') : null}
      testId="live-received"
      onPress={() => receive.mutate(null)}
    />
  );
}

/** Send € x: the purchase amount to the waiting session (as a POS push). */
function SendPurchase({ uuid, cents }: { uuid: string; cents: number }) {
  const { t, i18n } = useTranslation('cashier');
  const send = useSendPurchase(uuid);
  return (
    <WaitedAction
      label={t('live.sendPurchase', { amount: formatMoney(cents, i18n.language) })}
      busyLabel={t('live.sending')}
      busy={send.isPending}
      disabled={cents === 0}
      error={send.isError ? errorMessageKey(send.error) : null}
      testId="purchase-submit"
      onPress={() => send.mutate(cents)}
    />
  );
}

/** The purchase amount on the keypad, for a credit reception whose customer waits for it. */
function PurchaseEntry({
  amount,
  onChange,
}: {
  amount: KeypadState;
  onChange: (amount: KeypadState) => void;
}) {
  const { t } = useTranslation('cashier');
  return (
    <div className="card card-attention" data-testid="live-purchase">
      <p className="card-title">{t('live.waitingPurchase')}</p>
      <AmountPad
        state={amount}
        onChange={onChange}
        label={t('start.amount.credit_reception')}
        testId="purchase-amount"
      />
    </div>
  );
}

/** Cancel, after a confirmation. */
function CancelButton({ uuid }: { uuid: string }) {
  const { t } = useTranslation('cashier');
  const [asking, setAsking] = useState(false);
  const cancel = useCancelSession(uuid);
  if (!asking) {
    return (
      <button
        type="button"
        className="button button-danger"
        data-testid="live-cancel"
        onClick={() => setAsking(true)}
      >
        {t('live.cancel')}
      </button>
    );
  }
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-labelledby="cancel-question"
      data-testid="cancel-confirm"
    >
      <p id="cancel-question">{t('live.cancelConfirm')}</p>
      {cancel.isError ? (
        <p className="form-error" role="alert">
          {t(errorMessageKey(cancel.error, 'errors.ended'))}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={cancel.isPending}
          data-testid="cancel-yes"
          onClick={() => cancel.mutate(null)}
        >
          {t('live.cancelYes')}
        </button>
        <button type="button" className="button" onClick={() => setAsking(false)}>
          {t('live.cancelNo')}
        </button>
      </div>
    </div>
  );
}
