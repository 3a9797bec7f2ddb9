import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe, OfficeShop } from '../../contract/office';
import { Button } from '../../ui/button';
import { type ShopValues, useCloseShop, useSaveShop, useShops } from '../api/queries';
import { Confirm } from '../components/confirm';
import { Field } from '../components/field';
import { FormEnd } from '../components/form-end';
import { ListStates, Notice } from '../components/notice';
import { Panel } from '../components/panel';

const ADDRESS = ['street', 'housenumber', 'postalcode', 'city', 'country'] as const;

/** A shop's address on one line: "Damrak 1, 1012 LG Amsterdam". */
export function addressLine(shop: OfficeShop): string {
  const a = shop.address;
  if (!a) return '';
  const street = [a.street, a.housenumber].filter(Boolean).join(' ');
  const city = [a.postalcode, a.city].filter(Boolean).join(' ');
  return [street, city, a.country].filter(Boolean).join(', ');
}

/** Shops: the list (open ones first), add, edit (name, reference, address) and close (confirmed). */
export function ShopsScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const shops = useShops();
  const close = useCloseShop();
  const [editing, setEditing] = useState<OfficeShop | 'new' | null>(null);
  const [closing, setClosing] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const owner = me.staff.role === 'owner';
  const list = [...(shops.data ?? [])].sort((a, b) => Number(!!a.closed_at) - Number(!!b.closed_at));
  return (
    <div className="office-stack">
      <div className="office-title-row">
        <h1>{t('shops.title')}</h1>
        {owner && editing === null ? (
          <Button
            className="office-small-button"
            onClick={() => {
              setDone(null);
              setEditing('new');
            }}
          >
            {t('shops.add')}
          </Button>
        ) : null}
      </div>
      {done ? <Notice kind="success">{done}</Notice> : null}
      {editing !== null ? (
        <ShopForm
          shop={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      ) : null}
      <ListStates query={shops} empty={list.length === 0} emptyText={t('shops.none')}>
        <ul className="office-list" data-testid="shop-list">
          {list.map((shop) => (
            <li key={shop.uuid} className="office-item" data-testid={`shop-${shop.name}`}>
              <div className="office-item-main">
                <strong>{shop.name}</strong>
                <span className="office-item-sub">
                  {[shop.reference, addressLine(shop)].filter(Boolean).join(' · ')}
                </span>
              </div>
              <span className={`office-badge office-badge-${shop.closed_at ? 'off' : 'on'}`}>
                {shop.closed_at ? t('shops.closed') : t('shops.open')}
              </span>
              {closing === shop.uuid ? (
                <Confirm
                  question={t('shops.closeConfirm', { name: shop.name })}
                  yes={t('shops.closeYes')}
                  busy={close.isPending}
                  error={close.error}
                  onNo={() => setClosing(null)}
                  onYes={() =>
                    close.mutate(shop.uuid, {
                      onSuccess: () => {
                        setClosing(null);
                        setDone(t('shops.closedNote', { name: shop.name }));
                      },
                    })
                  }
                />
              ) : shop.closed_at ? null : (
                <div className="office-actions">
                  <Button
                    variant="secondary"
                    className="office-small-button"
                    aria-label={`${t('edit')}: ${shop.name}`}
                    onClick={() => {
                      setDone(null);
                      setEditing(shop);
                    }}
                  >
                    {t('edit')}
                  </Button>
                  {owner ? (
                    <Button
                      variant="quiet"
                      className="office-small-button"
                      aria-label={t('shops.closeLabel', { name: shop.name })}
                      onClick={() => {
                        close.reset();
                        setDone(null);
                        setClosing(shop.uuid);
                      }}
                    >
                      {t('shops.close')}
                    </Button>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

const blank = (value: string) => value.trim() || null;

/** Adding (`shop` null) or changing a shop. */
function ShopForm({ shop, onDone }: { shop: OfficeShop | null; onDone: (message: string) => void }) {
  const { t } = useTranslation('office');
  const save = useSaveShop();
  const [name, setName] = useState(shop?.name ?? '');
  const [reference, setReference] = useState(shop?.reference ?? '');
  const [address, setAddress] = useState<Record<(typeof ADDRESS)[number], string>>(() => ({
    street: shop?.address?.street ?? '',
    housenumber: shop?.address?.housenumber ?? '',
    postalcode: shop?.address?.postalcode ?? '',
    city: shop?.address?.city ?? '',
    country: shop?.address?.country ?? '',
  }));
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    setMissing(false);
    const parts = Object.fromEntries(ADDRESS.map((part) => [part, blank(address[part])]));
    const values: ShopValues = {
      name: name.trim(),
      reference: blank(reference),
      address: Object.values(parts).some(Boolean) ? (parts as ShopValues['address']) : null,
    };
    save.mutate(
      { uuid: shop?.uuid ?? null, values },
      { onSuccess: () => onDone(shop ? t('shops.saved') : t('shops.added', { name: values.name })) },
    );
  };
  const labels = {
    name: t('shops.name'),
    reference: t('shops.reference'),
    ...Object.fromEntries(ADDRESS.map((p) => [p, t(`shops.${p}`)])),
  };
  return (
    <Panel
      title={shop ? t('shops.editTitle', { name: shop.name }) : t('shops.addTitle')}
      focus
      testId="shop-form"
    >
      <form className="office-form" onSubmit={submit} noValidate>
        <Field label={t('shops.name')} error={missing ? t('shops.nameMissing') : null}>
          {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('shops.reference')} hint={t('shops.referenceHint')} optional={t('optional')}>
          {(props) => <input {...props} value={reference} onChange={(e) => setReference(e.target.value)} />}
        </Field>
        <fieldset className="office-fieldset">
          <legend>
            {t('shops.address')} <span className="office-optional">{t('optional')}</span>
          </legend>
          <div className="office-address">
            {ADDRESS.map((part) => (
              <Field key={part} label={t(`shops.${part}`)}>
                {(props) => (
                  <input
                    {...props}
                    className={`office-address-${part}`}
                    value={address[part]}
                    onChange={(e) => setAddress((old) => ({ ...old, [part]: e.target.value }))}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        <FormEnd save={save} labels={labels} onCancel={() => onDone('')} />
      </form>
    </Panel>
  );
}
