import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import type {
  CustomerHistoryLine,
  CustomerSearchResult,
  CustomerSummary,
  OfficeCustomer,
  ReversalType,
} from '../../contract/office-customers';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { formatDateTime, formatMoney, formatShortDate, formatSignedMoney } from '../../web/format';
import {
  useBlockCard,
  useCorrectCredits,
  useCustomer,
  useCustomerHistory,
  useCustomerSearch,
  useEraseCustomer,
  useExportCustomer,
  useReverse,
} from '../api/customer-queries';
import { errorWords, type OfficeT } from '../api/error-words';
import { Confirm } from '../components/confirm';
import { Field } from '../components/field';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

/*
 * Customer service (docs/office.md "Customer service"): find a customer, then their page —
 * balances, tier, cards (block, unblock), points corrections with a reason, the history with
 * reversals, and for the owner the data download and erasure. Which customer is open lives in the
 * page's memory only: nothing personal goes in the address or the title.
 */

/** Points as the office writes them: up to 2 decimals, the sign when `signed`. */
function points(value: number, language: string, signed = false): string {
  return new Intl.NumberFormat(language, {
    maximumFractionDigits: 2,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(value);
}

const fullName = (c: { firstname: string | null; lastname: string | null }) =>
  [c.firstname, c.lastname].filter(Boolean).join(' ');

export function CustomersScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const search = useCustomerSearch();
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('customers.title')}</h1>
      </div>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {open ? (
        <CustomerPage
          me={me}
          uuid={open}
          onBack={() => setOpen(null)}
          onErased={() => {
            setOpen(null);
            search.reset();
            setDone(t('customers.erased'));
          }}
        />
      ) : (
        <>
          <p className="office-lead">{t('customers.lead')}</p>
          <SearchForm
            busy={search.isPending}
            error={search.error}
            onSearch={(query) => {
              setDone(null);
              search.mutate(query);
            }}
          />
          {search.data ? <Results result={search.data} onOpen={setOpen} /> : null}
        </>
      )}
    </div>
  );
}

function SearchForm({
  busy,
  error,
  onSearch,
}: {
  busy: boolean;
  error: unknown;
  onSearch: (query: string) => void;
}) {
  const { t } = useTranslation('office');
  const [query, setQuery] = useState('');
  const [short, setShort] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim().length < 2) return setShort(true);
    setShort(false);
    onSearch(query.trim());
  };
  return (
    <form className="office-form office-customers-search" onSubmit={submit} noValidate>
      <Field
        label={t('customers.search')}
        hint={t('customers.searchHint')}
        error={short ? t('customers.queryMissing') : null}
      >
        {(props) => (
          <input
            {...props}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="customer-query"
          />
        )}
      </Field>
      {error ? <Notice kind="error">{errorWords(t, error, { query: t('customers.search') })}</Notice> : null}
      <div className="office-actions">
        <Button type="submit" busy={busy}>
          {busy ? t('customers.searching') : t('customers.searchButton')}
        </Button>
      </div>
    </form>
  );
}

function Results({ result, onOpen }: { result: CustomerSearchResult; onOpen: (uuid: string) => void }) {
  const { t, i18n } = useTranslation('office');
  if (result.customers.length === 0)
    return (
      <p className="office-empty" data-testid="empty" role="status">
        {t('customers.none')}
      </p>
    );
  return (
    <section aria-label={t('customers.results')}>
      <ul className="office-list" data-testid="customer-results">
        {result.customers.map((c: CustomerSummary) => {
          const name = fullName(c) || t('customers.noName');
          return (
            <li key={c.uuid} className="office-item">
              <div className="office-item-main">
                <strong>{name}</strong>
                <span className="office-item-sub">
                  {c.email} · {t('customers.credits')} {points(c.credits, i18n.language)} ·{' '}
                  {t(`customers.matched.${c.matched}`)}
                </span>
              </div>
              <div className="office-actions">
                <Button
                  variant="secondary"
                  className="office-small-button"
                  aria-label={t('customers.openLabel', { name })}
                  onClick={() => onOpen(c.uuid)}
                >
                  {t('customers.open')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {result.more ? <p className="office-muted">{t('customers.more')}</p> : null}
    </section>
  );
}

function CustomerPage({
  me,
  uuid,
  onBack,
  onErased,
}: {
  me: OfficeMe;
  uuid: string;
  onBack: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation('office');
  const customer = useCustomer(uuid);
  const [done, setDone] = useState<string | null>(null);
  const owner = me.staff.role === 'owner';
  return (
    <>
      <div className="office-actions">
        <Button variant="quiet" className="office-small-button" onClick={onBack}>
          ← {t('customers.back')}
        </Button>
      </div>
      {done ? <Notice kind="success">{done}</Notice> : null}
      <ListStates query={customer} empty={false} emptyText="">
        {customer.data ? (
          <>
            <Summary customer={customer.data} />
            <Cards customer={customer.data} owner={owner} onDone={setDone} />
            <Correction me={me} customer={customer.data} onDone={setDone} />
            <History uuid={uuid} onDone={setDone} />
            {owner ? (
              <Privacy uuid={uuid} onDone={setDone} onErased={onErased} />
            ) : (
              <p className="office-muted">{t('customers.ownerOnly')}</p>
            )}
          </>
        ) : null}
      </ListStates>
    </>
  );
}

function Summary({ customer }: { customer: OfficeCustomer }) {
  const { t, i18n } = useTranslation('office');
  const language = i18n.language;
  return (
    <Panel title={fullName(customer) || t('customers.noName')} testId="customer-summary" focus>
      <p className="office-item-sub">
        {customer.email} · {t('customers.since', { date: formatShortDate(customer.created_at, language) })}
      </p>
      <dl className="office-customers-balances">
        <div>
          <dt>{t('customers.credits')}</dt>
          <dd data-testid="customer-credits">{points(customer.credits, language)}</dd>
        </div>
        <div>
          <dt>{t('customers.prepaid')}</dt>
          <dd>{formatMoney(customer.prepaid_balance_in_cents, language)}</dd>
        </div>
        <div>
          <dt>{t('customers.tier')}</dt>
          <dd>{customer.tier?.name ?? t('customers.noTier')}</dd>
        </div>
      </dl>
      {customer.giftcards.length > 0 ? (
        <>
          <h3 className="office-customers-subtitle">{t('customers.giftcards')}</h3>
          <ul className="office-customers-giftcards">
            {customer.giftcards.map((g) => (
              <li key={g.uuid}>
                {t('customers.giftcard', { hint: g.hash_hint })}: {formatMoney(g.balance_in_cents, language)}
                {g.active ? null : ` (${t('customers.inactive')})`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}

function Cards({
  customer,
  owner,
  onDone,
}: {
  customer: OfficeCustomer;
  owner: boolean;
  onDone: (text: string | null) => void;
}) {
  const { t, i18n } = useTranslation('office');
  const block = useBlockCard(customer.uuid);
  const [asking, setAsking] = useState<number | null>(null);
  return (
    <Panel title={t('customers.cards')} testId="customer-cards">
      {customer.cards.length === 0 ? <p className="office-muted">{t('customers.noCards')}</p> : null}
      <ul className="office-list">
        {customer.cards.map((card) => {
          const hint = card.value_hint;
          return (
            <li key={card.id} className="office-item" data-testid={`card-${hint}`}>
              <div className="office-item-main">
                <strong>{t('customers.card', { hint })}</strong>
                <span className="office-item-sub">
                  {card.blocked_at
                    ? t('customers.blocked', { date: formatDateTime(card.blocked_at, i18n.language) })
                    : card.active
                      ? t('customers.active')
                      : t('customers.cardInactive')}
                </span>
              </div>
              {!owner ? null : asking === card.id ? (
                <Confirm
                  question={t('customers.blockConfirm', { hint })}
                  yes={t('customers.blockYes')}
                  busy={block.isPending}
                  error={block.error}
                  onNo={() => setAsking(null)}
                  onYes={() =>
                    block.mutate(
                      { card: card.id, blocked: true },
                      {
                        onSuccess: () => {
                          setAsking(null);
                          onDone(t('customers.cardBlocked', { hint }));
                        },
                      },
                    )
                  }
                />
              ) : card.blocked_at ? (
                <div className="office-actions">
                  <Button
                    variant="secondary"
                    className="office-small-button"
                    aria-label={t('customers.unblockLabel', { hint })}
                    busy={block.isPending}
                    onClick={() =>
                      block.mutate(
                        { card: card.id, blocked: false },
                        { onSuccess: () => onDone(t('customers.cardUnblocked', { hint })) },
                      )
                    }
                  >
                    {t('customers.unblock')}
                  </Button>
                </div>
              ) : card.active ? (
                <div className="office-actions">
                  <Button
                    variant="quiet"
                    className="office-small-button"
                    aria-label={t('customers.blockLabel', { hint })}
                    onClick={() => {
                      block.reset();
                      onDone(null);
                      setAsking(card.id);
                    }}
                  >
                    {t('customers.block')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {block.isError && asking === null ? <Notice kind="error" error={block.error} /> : null}
    </Panel>
  );
}

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

function Correction({
  me,
  customer,
  onDone,
}: {
  me: OfficeMe;
  customer: OfficeCustomer;
  onDone: (text: string | null) => void;
}) {
  const { t, i18n } = useTranslation('office');
  const correct = useCorrectCredits(customer.uuid);
  const [opened, setOpened] = useState(false);
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  const [shop, setShop] = useState(me.shops[0]?.uuid ?? '');
  const [missing, setMissing] = useState<{ credits?: boolean; reason?: boolean }>({});
  // One key per correction typed: pressing Save again after no answer books it once.
  const [key, setKey] = useState(newKey);
  const amount = Number(credits.replace(',', '.'));
  if (!opened)
    return (
      <div className="office-actions">
        <Button
          variant="secondary"
          onClick={() => {
            onDone(null);
            setOpened(true);
          }}
        >
          {t('customers.correct')}
        </Button>
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      credits: !credits.trim() || !Number.isFinite(amount) || amount === 0,
      reason: !reason.trim(),
    };
    setMissing(problems);
    if (problems.credits || problems.reason) return;
    correct.mutate(
      { shop_uuid: shop, credits: amount, reason: reason.trim(), key },
      {
        onSuccess: (change) => {
          setOpened(false);
          setCredits('');
          setReason('');
          setKey(newKey());
          onDone(t('customers.corrected', { credits: points(change.customer.credits, i18n.language) }));
        },
      },
    );
  };
  const belowZero = correct.error instanceof ApiError && correct.error.reason === 'credit_balance_below_zero';
  return (
    <Panel
      title={t('customers.correctTitle')}
      lead={t('customers.correctLead')}
      focus
      testId="correction-form"
    >
      <form className="office-form" onSubmit={submit} noValidate>
        <Field
          label={t('customers.correctCredits')}
          hint={t('customers.correctCreditsHint')}
          error={missing.credits ? t('customers.creditsMissing') : null}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              autoComplete="off"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
              data-testid="correction-credits"
            />
          )}
        </Field>
        <Field
          label={t('customers.reason')}
          hint={t('customers.reasonHint')}
          error={missing.reason ? t('customers.reasonMissing') : null}
        >
          {(props) => (
            <textarea
              {...props}
              className="office-customers-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="correction-reason"
            />
          )}
        </Field>
        <Field label={t('customers.shop')}>
          {(props) => (
            <select {...props} value={shop} onChange={(e) => setShop(e.target.value)}>
              {me.shops.map((s) => (
                <option key={s.uuid} value={s.uuid}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {correct.isError ? (
          <Notice kind="error">
            {belowZero
              ? t('customers.belowZero', { credits: points(customer.credits, i18n.language) })
              : errorWords(t, correct.error, {
                  credits: t('customers.correctCredits'),
                  reason: t('customers.reason'),
                  shop_uuid: t('customers.shop'),
                })}
          </Notice>
        ) : null}
        <div className="office-actions">
          <Button type="submit" busy={correct.isPending}>
            {correct.isPending ? t('saving') : t('customers.correctSave')}
          </Button>
          <Button
            variant="quiet"
            onClick={() => {
              correct.reset();
              setOpened(false);
            }}
          >
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** The line's words: by its type, sign and facts; a reward by its own title. */
function lineTitle(t: OfficeT, line: CustomerHistoryLine): string {
  const negative = (line.credits ?? line.amount_in_cents ?? 0) < 0;
  switch (line.type) {
    case 'credit_reception':
      if (line.reason !== null) return t('customers.lines.corrected');
      if (line.is_reversal)
        return line.title === 'Credits returned'
          ? t('customers.lines.returned')
          : t('customers.lines.reversed');
      return negative ? t('customers.lines.deducted') : t('customers.lines.earned');
    case 'reward_reception':
      return t('customers.lines.reward', { title: line.title });
    case 'prepaid_transaction':
      if (line.is_reversal) return t('customers.lines.prepaidReversed');
      return negative ? t('customers.lines.prepaidPayment') : t('customers.lines.prepaidTopUp');
    default:
      if (line.is_reversal) return t('customers.lines.giftcardReversed');
      return negative ? t('customers.lines.giftcardPayment') : t('customers.lines.giftcardTopUp');
  }
}

const REVERSIBLE = new Set<string>(['credit_reception', 'reward_reception', 'giftcard_transaction']);

function History({ uuid, onDone }: { uuid: string; onDone: (text: string | null) => void }) {
  const { t, i18n } = useTranslation('office');
  const language = i18n.language;
  const history = useCustomerHistory(uuid);
  const reverse = useReverse(uuid);
  const [asking, setAsking] = useState<string | null>(null);
  const lines = history.data?.lines ?? [];
  return (
    <Panel title={t('customers.history')} testId="customer-history">
      <ListStates query={history} empty={lines.length === 0} emptyText={t('customers.historyNone')}>
        <ul className="office-list">
          {lines.map((line) => {
            const what = lineTitle(t, line);
            const date = formatDateTime(line.created_at, language);
            return (
              <li
                key={line.uuid}
                className="office-item office-customers-line"
                data-testid={`line-${line.uuid}`}
              >
                <div className="office-item-main">
                  <strong>
                    {what}{' '}
                    <span className="office-customers-amount">
                      {line.credits !== null
                        ? points(line.credits, language, true)
                        : formatSignedMoney(line.amount_in_cents ?? 0, language)}
                    </span>
                  </strong>
                  <span className="office-item-sub">
                    {[date, line.shop].filter(Boolean).join(' · ')}
                    {line.reversed ? ` · ${t('customers.wasReversed')}` : ''}
                  </span>
                  {line.reason ? <span className="office-item-sub">“{line.reason}”</span> : null}
                </div>
                {asking === line.uuid ? (
                  <Confirm
                    question={t('customers.reverseConfirm', { what, date })}
                    yes={t('customers.reverseYes')}
                    busy={reverse.isPending}
                    error={notReversible(reverse.error) ? null : reverse.error}
                    onNo={() => setAsking(null)}
                    onYes={() =>
                      reverse.mutate(
                        { type: line.type as ReversalType, uuid: line.uuid },
                        {
                          onSuccess: () => {
                            setAsking(null);
                            onDone(t('customers.reversedDone'));
                          },
                        },
                      )
                    }
                  />
                ) : REVERSIBLE.has(line.type) && !line.reversed && !line.is_reversal ? (
                  <div className="office-actions">
                    <Button
                      variant="quiet"
                      className="office-small-button"
                      aria-label={t('customers.reverseLabel', { what, date })}
                      onClick={() => {
                        reverse.reset();
                        onDone(null);
                        setAsking(line.uuid);
                      }}
                    >
                      {t('customers.reverse')}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
        {asking !== null && notReversible(reverse.error) ? (
          <Notice kind="error">{t('customers.notReversible')}</Notice>
        ) : null}
        {history.data?.other_shops ? <p className="office-muted">{t('customers.otherShops')}</p> : null}
      </ListStates>
    </Panel>
  );
}

/** Whether a reversal was refused by the API's rules (reversed already, a reversal, not the card's last). */
function notReversible(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 422);
}

function Privacy({
  uuid,
  onDone,
  onErased,
}: {
  uuid: string;
  onDone: (text: string | null) => void;
  onErased: () => void;
}) {
  const { t } = useTranslation('office');
  const exporting = useExportCustomer(uuid);
  const erase = useEraseCustomer(uuid);
  const [asking, setAsking] = useState(false);
  return (
    <Panel title={t('customers.privacy')} lead={t('customers.privacyLead')} testId="customer-privacy">
      {exporting.isError ? <Notice kind="error" error={exporting.error} /> : null}
      {asking ? (
        <Confirm
          question={t('customers.eraseConfirm')}
          yes={t('customers.eraseYes')}
          busy={erase.isPending}
          error={erase.error}
          onNo={() => setAsking(false)}
          onYes={() => erase.mutate(undefined, { onSuccess: onErased })}
        />
      ) : (
        <div className="office-actions">
          <Button
            variant="secondary"
            className="office-small-button"
            busy={exporting.isPending}
            onClick={() => exporting.mutate(undefined, { onSuccess: () => onDone(t('customers.exported')) })}
          >
            {t('customers.export')}
          </Button>
          <Button
            variant="quiet"
            className="office-small-button"
            onClick={() => {
              erase.reset();
              setAsking(true);
            }}
          >
            {t('customers.erase')}
          </Button>
        </div>
      )}
    </Panel>
  );
}
