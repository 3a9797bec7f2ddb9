import { type CSSProperties, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import type { BrandRequest, OfficeBrand, OfficeReward, RewardRequest } from '../../contract/office-rewards';
import { brandVariables, contrast, normalizeHex } from '../../ui/brand';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { formatDateTime } from '../../web/format';
import { errorWords, type OfficeT } from '../api/error-words';
import {
  pictureOf,
  useOfficeBrand,
  useOfficeRewards,
  useSaveBrand,
  useSaveReward,
} from '../api/rewards-queries';
import { Field } from '../components/field';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

/*
 * Rewards and the brand (docs/office.md "Rewards and the brand"): the rewards customers claim with
 * their points (list, add, edit, switch off and on) and the brand kit the counter screen wears,
 * with the terms and privacy links. The owner changes them; a manager reads them. The service
 * decides (pictures by their bytes, contrast, the claim's rules); this page asks and says why not.
 */

/** What went wrong, in words: a refused picture or contrast by its reason, else errorWords. */
function refusalWords(t: OfficeT, error: unknown, labels: Record<string, string>): string {
  if (error instanceof ApiError) {
    const field = error.fields.map((name) => labels[name]).find(Boolean) ?? '';
    if (error.reason === 'picture_type') return t('rewards.pictureType', { field });
    if (error.reason === 'picture_too_large' || error.status === 413)
      return t('rewards.pictureTooLarge', { field });
    if (error.reason === 'brand_contrast_too_low') return t('rewards.contrastRefused', { field });
  }
  return errorWords(t, error, labels);
}

/** The rewards and the brand, one under the other. */
export function RewardsScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const owner = me.staff.role === 'owner';
  return (
    <div className="office-stack">
      <h1>{t('rewards.title')}</h1>
      <p className="office-lead">{owner ? t('rewards.lead') : t('rewards.readOnly')}</p>
      <RewardList owner={owner} />
      <BrandPanel owner={owner} />
    </div>
  );
}

function RewardList({ owner }: { owner: boolean }) {
  const { t, i18n } = useTranslation('office');
  const rewards = useOfficeRewards();
  const save = useSaveReward();
  const [editing, setEditing] = useState<OfficeReward | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = rewards.data ?? [];
  const toggle = (reward: OfficeReward) => {
    setDone(null);
    save.mutate(
      {
        uuid: reward.uuid,
        values: { title: reward.title, required_credits: reward.required_credits, active: !reward.active },
      },
      {
        onSuccess: () =>
          setDone(t(reward.active ? 'rewards.switchedOff' : 'rewards.switchedOn', { title: reward.title })),
      },
    );
  };
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : null);
  return (
    <section className="office-stack" aria-labelledby="office-rewards-list">
      <div className="office-title-row">
        <h2 id="office-rewards-list">{t('rewards.listTitle')}</h2>
        {owner && editing === null ? (
          <Button
            className="office-small-button"
            onClick={() => {
              setDone(null);
              setEditing('new');
            }}
          >
            {t('rewards.add')}
          </Button>
        ) : null}
      </div>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {save.isError && editing === null ? (
        <Notice kind="error">{refusalWords(t, save.error, {})}</Notice>
      ) : null}
      {editing !== null ? (
        <RewardForm
          reward={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setDone(message || null);
          }}
        />
      ) : null}
      <ListStates query={rewards} empty={list.length === 0} emptyText={t('rewards.none')}>
        <ul className="office-list office-card" data-testid="reward-list">
          {list.map((reward) => (
            <li key={reward.uuid} className="office-item" data-testid={`reward-${reward.title}`}>
              {reward.picture_url ? (
                <img
                  className="office-rewards-thumb"
                  src={reward.picture_url}
                  alt=""
                  width={56}
                  height={56}
                />
              ) : (
                <span className="office-rewards-thumb office-rewards-thumb-none" aria-hidden="true" />
              )}
              <div className="office-item-main">
                <strong>{reward.title}</strong>
                <span className="office-item-sub">
                  {[
                    t('rewards.points', { count: reward.required_credits }),
                    reward.stock === null
                      ? t('rewards.unlimited')
                      : t('rewards.inStock', { count: reward.stock }),
                    reward.claim_limit_per_contact === null
                      ? null
                      : t('rewards.limitShort', { count: reward.claim_limit_per_contact }),
                    reward.active_from ? t('rewards.fromShort', { date: when(reward.active_from) }) : null,
                    reward.active_until ? t('rewards.untilShort', { date: when(reward.active_until) }) : null,
                    t('rewards.claimed', { count: reward.claimed }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <span className={`office-badge office-badge-${reward.active ? 'on' : 'off'}`}>
                {reward.active ? t('rewards.active') : t('rewards.inactive')}
              </span>
              {owner ? (
                <div className="office-actions">
                  <Button
                    variant="secondary"
                    className="office-small-button"
                    aria-label={`${t('edit')}: ${reward.title}`}
                    onClick={() => {
                      setDone(null);
                      setEditing(reward);
                    }}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    variant="quiet"
                    className="office-small-button"
                    busy={save.isPending && save.variables?.uuid === reward.uuid && editing === null}
                    aria-label={t(reward.active ? 'rewards.switchOffLabel' : 'rewards.switchOnLabel', {
                      title: reward.title,
                    })}
                    onClick={() => toggle(reward)}
                  >
                    {reward.active ? t('rewards.switchOff') : t('rewards.switchOn')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

/** `2026-05-04T10:15` (a datetime-local input's value, the browser's time) of an ISO timestamp. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Adding (`reward` null) or changing a reward, with its picture. */
function RewardForm({ reward, onDone }: { reward: OfficeReward | null; onDone: (message: string) => void }) {
  const { t } = useTranslation('office');
  const save = useSaveReward();
  const [title, setTitle] = useState(reward?.title ?? '');
  const [description, setDescription] = useState(reward?.description ?? '');
  const [points, setPoints] = useState(reward ? String(reward.required_credits) : '');
  const [stock, setStock] = useState(reward?.stock === null || !reward ? '' : String(reward.stock));
  const [limit, setLimit] = useState(
    reward?.claim_limit_per_contact === null || !reward ? '' : String(reward.claim_limit_per_contact),
  );
  const [from, setFrom] = useState(localInput(reward?.active_from ?? null));
  const [until, setUntil] = useState(localInput(reward?.active_until ?? null));
  const [active, setActive] = useState(reward?.active ?? true);
  const [file, setFile] = useState<File | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const labels = {
    title: t('rewards.titleField'),
    description: t('rewards.description'),
    required_credits: t('rewards.pointsField'),
    stock: t('rewards.stock'),
    claim_limit_per_contact: t('rewards.limit'),
    active_from: t('rewards.from'),
    active_until: t('rewards.until'),
    picture: t('rewards.picture'),
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setMissing('title');
    if (points.trim() === '' || Number.isNaN(Number(points))) return setMissing('required_credits');
    setMissing(null);
    const values: RewardRequest = {
      title: title.trim(),
      description: description.trim() || null,
      required_credits: Number(points),
      stock: wholeOrNull(stock),
      claim_limit_per_contact: wholeOrNull(limit),
      active,
      active_from: isoOf(from),
      active_until: isoOf(until),
      ...(file ? { picture: await pictureOf(file) } : removePicture ? { picture: null } : {}),
    };
    save.mutate(
      { uuid: reward?.uuid ?? null, values },
      { onSuccess: () => onDone(reward ? t('rewards.saved') : t('rewards.added', { title: values.title })) },
    );
  };
  return (
    <Panel
      title={reward ? t('rewards.editTitle', { title: reward.title }) : t('rewards.addTitle')}
      focus
      testId="reward-form"
    >
      <form className="office-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={labels.title} error={missing === 'title' ? t('rewards.titleMissing') : null}>
          {(props) => (
            <input {...props} value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
          )}
        </Field>
        <Field label={labels.description} optional={t('optional')}>
          {(props) => (
            <textarea
              {...props}
              rows={2}
              maxLength={1000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <div className="office-rewards-row">
          <Field
            label={labels.required_credits}
            error={missing === 'required_credits' ? t('rewards.pointsMissing') : null}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={points}
                onChange={(e) => setPoints(e.target.value)}
              />
            )}
          </Field>
          <Field label={labels.stock} hint={t('rewards.stockHint')} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={stock}
                onChange={(e) => setStock(e.target.value)}
              />
            )}
          </Field>
          <Field
            label={labels.claim_limit_per_contact}
            hint={t('rewards.limitHint')}
            optional={t('optional')}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="office-rewards-row">
          <Field label={labels.active_from} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </Field>
          <Field label={labels.active_until} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={labels.picture} hint={t('rewards.pictureHint')} optional={t('optional')}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="reward-picture"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        {reward?.picture_url && !file ? (
          <label className="office-check">
            <input
              type="checkbox"
              checked={removePicture}
              onChange={(e) => setRemovePicture(e.target.checked)}
            />
            {t('rewards.removePicture')}
          </label>
        ) : null}
        <label className="office-check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('rewards.activeField')}
        </label>
        {save.isError ? <Notice kind="error">{refusalWords(t, save.error, labels)}</Notice> : null}
        <div className="office-actions">
          <Button type="submit" busy={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
          <Button variant="quiet" onClick={() => onDone('')}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

const COLOURS = ['primary_color', 'secondary_color', 'tertiary_color', 'quaternary_color'] as const;
type Colour = (typeof COLOURS)[number];

function BrandPanel({ owner }: { owner: boolean }) {
  const { t } = useTranslation('office');
  const brand = useOfficeBrand();
  return (
    <section className="office-stack" aria-labelledby="office-rewards-brand">
      <h2 id="office-rewards-brand">{t('rewards.brandTitle')}</h2>
      <ListStates query={brand} empty={false} emptyText="">
        {brand.data ? <BrandForm brand={brand.data} owner={owner} /> : null}
      </ListStates>
    </section>
  );
}

/** The brand kit's form with a live preview of the counter screen's colours. */
function BrandForm({ brand, owner }: { brand: OfficeBrand; owner: boolean }) {
  const { t } = useTranslation('office');
  const save = useSaveBrand();
  const [colours, setColours] = useState<Record<Colour, string>>(() => ({
    primary_color: brand.brand.primary_color ?? '#1f4e79',
    secondary_color: brand.brand.secondary_color ?? '#eef3f8',
    tertiary_color: brand.brand.tertiary_color ?? brand.brand.primary_color ?? '#1f4e79',
    quaternary_color: brand.brand.quaternary_color ?? '#f2b705',
  }));
  const [font, setFont] = useState(brand.brand.font_family ?? '');
  const [description, setDescription] = useState(brand.brand.description ?? '');
  const [terms, setTerms] = useState(brand.terms_url ?? '');
  const [privacy, setPrivacy] = useState(brand.privacy_url ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const labels: Record<string, string> = {
    primary_color: t('rewards.primary'),
    secondary_color: t('rewards.secondary'),
    tertiary_color: t('rewards.accent'),
    quaternary_color: t('rewards.highlight'),
    font_color: t('rewards.primary'),
    font_family: t('rewards.font'),
    description: t('rewards.welcome'),
    logo: t('rewards.logo'),
    cover: t('rewards.cover'),
    terms_url: t('rewards.terms'),
    privacy_url: t('rewards.privacy'),
  };
  const preview = { ...brand.brand, ...colours, font_family: font || null };
  const ratio = (colour: string) => contrast(normalizeHex(colour) ?? '#000000', '#ffffff');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const values: BrandRequest = {
      ...colours,
      font_family: (font || null) as BrandRequest['font_family'],
      description: description.trim() || null,
      terms_url: terms.trim() || null,
      privacy_url: privacy.trim() || null,
      ...(logo ? { logo: await pictureOf(logo) } : {}),
      ...(cover ? { cover: await pictureOf(cover) } : {}),
    };
    save.mutate(values, { onSuccess: () => setDone(true) });
  };
  return (
    <div className="office-rewards-brand">
      <form
        className="office-form office-card"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid="brand-form"
      >
        <fieldset className="office-fieldset" disabled={!owner}>
          <legend>{t('rewards.colours')}</legend>
          <p className="office-hint">{t('rewards.coloursHint', { ratio: brand.min_contrast })}</p>
          <div className="office-rewards-colours">
            {COLOURS.map((field) => (
              <Field key={field} label={labels[field]!}>
                {(props) => {
                  // The contrast of the colours drawn as text on the cards, read with the field.
                  const text = field === 'primary_color' || field === 'tertiary_color';
                  const ratioId = `${props.id}-ratio`;
                  return (
                    <>
                      <input
                        {...props}
                        {...(text ? { 'aria-describedby': ratioId } : {})}
                        type="color"
                        data-testid={`brand-${field}`}
                        value={colours[field]}
                        onChange={(e) => setColours((old) => ({ ...old, [field]: e.target.value }))}
                      />
                      {text ? (
                        <p className="office-hint" id={ratioId}>
                          {t('rewards.ratio', { ratio: ratio(colours[field]).toFixed(1) })}
                        </p>
                      ) : null}
                    </>
                  );
                }}
              </Field>
            ))}
          </div>
        </fieldset>
        <fieldset className="office-fieldset" disabled={!owner}>
          <legend>{t('rewards.lookTitle')}</legend>
          <Field label={labels.font_family!} hint={t('rewards.fontHint')}>
            {(props) => (
              <select {...props} value={font} onChange={(e) => setFont(e.target.value)}>
                <option value="">{t('rewards.fontDefault')}</option>
                {brand.fonts.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={labels.description!} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                value={description}
                maxLength={300}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </Field>
          <Field label={labels.logo!} hint={t('rewards.pictureHint')} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <Field label={labels.cover!} hint={t('rewards.pictureHint')} optional={t('optional')}>
            {(props) => (
              <input
                {...props}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => setCover(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
        </fieldset>
        <fieldset className="office-fieldset" disabled={!owner}>
          <legend>{t('rewards.termsTitle')}</legend>
          <Field label={labels.terms_url!} hint={t('rewards.linkHint')} optional={t('optional')}>
            {(props) => (
              <input {...props} type="url" value={terms} onChange={(e) => setTerms(e.target.value)} />
            )}
          </Field>
          <Field label={labels.privacy_url!} optional={t('optional')}>
            {(props) => (
              <input {...props} type="url" value={privacy} onChange={(e) => setPrivacy(e.target.value)} />
            )}
          </Field>
        </fieldset>
        {save.isError ? <Notice kind="error">{refusalWords(t, save.error, labels)}</Notice> : null}
        {done ? <Notice kind="success">{t('rewards.brandSaved')}</Notice> : null}
        {owner ? (
          <div className="office-actions">
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? t('saving') : t('rewards.brandSave')}
            </Button>
          </div>
        ) : null}
      </form>
      <figure className="office-rewards-preview" data-testid="brand-preview">
        <figcaption>{t('rewards.previewTitle')}</figcaption>
        <div className="office-rewards-screen" style={brandVariables(preview) as CSSProperties}>
          <div className="office-rewards-screen-bar">
            {brand.brand.small_logo_url ? (
              <img src={brand.brand.small_logo_url} alt="" width={28} height={28} />
            ) : null}
            <span>{t('rewards.previewShop')}</span>
          </div>
          <div className="office-rewards-screen-card">
            <p className="office-rewards-screen-heading">{t('rewards.previewHeading')}</p>
            <p>{t('rewards.previewText')}</p>
            <span className="office-rewards-screen-chip">{t('rewards.previewChip')}</span>
            <span className="office-rewards-screen-button">{t('rewards.previewButton')}</span>
          </div>
        </div>
      </figure>
    </div>
  );
}
