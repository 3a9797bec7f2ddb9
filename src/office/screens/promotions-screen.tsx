import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import type { OfficePromotion } from '../../contract/office-programme-rules';
import { Button } from '../../ui/button';
import { errorWords } from '../api/error-words';
import {
  type PromotionValues,
  useDownloadVouchers,
  useMakeVouchers,
  usePromotions,
  useSavePromotion,
} from '../api/programme-rules-queries';
import { Field } from '../components/field';
import { FormEnd } from '../components/form-end';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

/*
 * Promotions (docs/office.md "Earning and promotions"): each promotion with how many vouchers it
 * has and how many were redeemed; the owner adds and changes them, makes a batch of voucher codes
 * and downloads them as a CSV file. The page never shows the codes themselves: the file holds them.
 */

export function PromotionsScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const promotions = usePromotions();
  const owner = me.staff.role === 'owner';
  const [editing, setEditing] = useState<OfficePromotion | 'new' | null>(null);
  const [batchFor, setBatchFor] = useState<OfficePromotion | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const download = useDownloadVouchers();
  const list = promotions.data ?? [];
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('programmeRules.promotionsTitle')}</h1>
        {owner && editing === null ? (
          <Button
            className="office-small-button"
            onClick={() => {
              setDone(null);
              setBatchFor(null);
              setEditing('new');
            }}
          >
            {t('programmeRules.addPromotion')}
          </Button>
        ) : null}
      </div>
      <p className="office-lead">
        {owner ? t('programmeRules.promotionsLead') : t('programmeRules.readOnly')}
      </p>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {download.isError ? <Notice kind="error">{errorWords(t, download.error)}</Notice> : null}
      {editing !== null ? (
        <PromotionForm
          promotion={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setDone(message || null);
          }}
        />
      ) : null}
      {batchFor ? (
        <BatchForm
          promotion={batchFor}
          onDone={(message) => {
            setBatchFor(null);
            setDone(message || null);
          }}
        />
      ) : null}
      <ListStates query={promotions} empty={list.length === 0} emptyText={t('programmeRules.noPromotions')}>
        <ul className="office-list" data-testid="promotion-list">
          {list.map((promotion) => (
            <li key={promotion.uuid} className="office-item" data-testid={`promotion-${promotion.name}`}>
              <div className="office-item-main">
                <strong>{promotion.name}</strong>
                <span className="office-item-sub">
                  {[
                    promotion.description,
                    t('programmeRules.voucherCounts', {
                      count: promotion.vouchers,
                      redeemed: promotion.redeemed,
                    }),
                    promotion.voucher_limit === null
                      ? null
                      : t('programmeRules.voucherLimitShort', { limit: promotion.voucher_limit }),
                    promotion.expiration_duration === null
                      ? null
                      : t('programmeRules.validDays', { count: promotion.expiration_duration }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {owner ? (
                <div className="office-actions">
                  <Button
                    variant="secondary"
                    className="office-small-button"
                    aria-label={`${t('edit')}: ${promotion.name}`}
                    onClick={() => {
                      setDone(null);
                      setBatchFor(null);
                      setEditing(promotion);
                    }}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="office-small-button"
                    aria-label={t('programmeRules.makeCodesFor', { name: promotion.name })}
                    onClick={() => {
                      setDone(null);
                      setEditing(null);
                      setBatchFor(promotion);
                    }}
                  >
                    {t('programmeRules.makeCodes')}
                  </Button>
                  <Button
                    variant="quiet"
                    className="office-small-button"
                    aria-label={t('programmeRules.downloadFor', { name: promotion.name })}
                    busy={download.isPending && download.variables === promotion.uuid}
                    disabled={promotion.vouchers === 0}
                    onClick={() =>
                      download.mutate(promotion.uuid, {
                        onSuccess: () => setDone(t('programmeRules.downloaded', { name: promotion.name })),
                      })
                    }
                  >
                    {t('programmeRules.download')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

const whole = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

function PromotionForm({
  promotion,
  onDone,
}: {
  promotion: OfficePromotion | null;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('office');
  const save = useSavePromotion();
  const [name, setName] = useState(promotion?.name ?? '');
  const [description, setDescription] = useState(promotion?.description ?? '');
  const [limit, setLimit] = useState(promotion?.voucher_limit?.toString() ?? '');
  const [perContact, setPerContact] = useState(promotion?.limit_per_contact?.toString() ?? '');
  const [days, setDays] = useState(promotion?.expiration_duration?.toString() ?? '');
  const [missing, setMissing] = useState(false);
  const labels = {
    name: t('programmeRules.name'),
    description: t('programmeRules.description'),
    voucher_limit: t('programmeRules.voucherLimit'),
    limit_per_contact: t('programmeRules.limitPerContact'),
    expiration_duration: t('programmeRules.expirationDays'),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    setMissing(false);
    const values: PromotionValues = {
      name: name.trim(),
      description: description.trim() || null,
      voucher_limit: whole(limit),
      limit_per_contact: whole(perContact),
      expiration_duration: whole(days),
    };
    save.mutate(
      { uuid: promotion?.uuid ?? null, values },
      {
        onSuccess: () =>
          onDone(promotion ? t('programmeRules.saved') : t('programmeRules.added', { name: values.name })),
      },
    );
  };
  const number = (value: string, set: (v: string) => void) => (props: { id: string }) => (
    <input {...props} inputMode="numeric" value={value} onChange={(e) => set(e.target.value)} />
  );
  return (
    <Panel
      title={
        promotion
          ? t('programmeRules.editPromotion', { name: promotion.name })
          : t('programmeRules.newPromotion')
      }
      focus
      testId="promotion-form"
    >
      <form className="office-form" onSubmit={submit} noValidate>
        <Field label={labels.name} error={missing ? t('programmeRules.nameMissing') : null}>
          {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={labels.description} optional={t('optional')}>
          {(props) => (
            <input {...props} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        <div className="office-earning-row">
          <Field label={labels.voucher_limit} hint={t('programmeRules.noLimitHint')} optional={t('optional')}>
            {number(limit, setLimit)}
          </Field>
          <Field
            label={labels.limit_per_contact}
            hint={t('programmeRules.noLimitHint')}
            optional={t('optional')}
          >
            {number(perContact, setPerContact)}
          </Field>
          <Field
            label={labels.expiration_duration}
            hint={t('programmeRules.noEndHint')}
            optional={t('optional')}
          >
            {number(days, setDays)}
          </Field>
        </div>
        <FormEnd save={save} labels={labels} onCancel={() => onDone('')} />
      </form>
    </Panel>
  );
}

/**
 * The most codes of one batch, as contract/office-programme-rules.ts VOUCHER_BATCH_MAX (the page takes no
 * values from the contract at run time): only to say so before asking; the service decides.
 */
const VOUCHER_BATCH_MAX = 10_000;

function BatchForm({ promotion, onDone }: { promotion: OfficePromotion; onDone: (message: string) => void }) {
  const { t } = useTranslation('office');
  const make = useMakeVouchers();
  const [count, setCount] = useState('100');
  const [wrong, setWrong] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > VOUCHER_BATCH_MAX) return setWrong(true);
    setWrong(false);
    make.mutate(
      { uuid: promotion.uuid, count: n },
      {
        onSuccess: (batch) =>
          onDone(t('programmeRules.codesMade', { count: batch.count, name: promotion.name })),
      },
    );
  };
  return (
    <Panel title={t('programmeRules.makeCodesFor', { name: promotion.name })} focus testId="batch-form">
      <form className="office-form" onSubmit={submit} noValidate>
        <Field
          label={t('programmeRules.codeCount')}
          hint={t('programmeRules.codeCountHint', { max: VOUCHER_BATCH_MAX.toLocaleString() })}
          error={
            wrong ? t('programmeRules.codeCountWrong', { max: VOUCHER_BATCH_MAX.toLocaleString() }) : null
          }
        >
          {(props) => (
            <input {...props} inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          )}
        </Field>
        {make.isError ? (
          <Notice kind="error">{errorWords(t, make.error, { count: t('programmeRules.codeCount') })}</Notice>
        ) : null}
        <div className="office-actions">
          <Button type="submit" busy={make.isPending}>
            {t('programmeRules.makeCodes')}
          </Button>
          <Button variant="quiet" onClick={() => onDone('')}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
