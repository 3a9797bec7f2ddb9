import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, OfficeMe } from '../../contract/office';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../web/format';
import { type AuditFilters, useAudit, useStaff } from '../api/queries';
import { Field } from '../components/field';
import { ListStates, Notice } from '../components/notice';

/**
 * A value as read: nothing as "–", a list item by item, a thing that has a name (a shop) by its
 * name, a uuid the page knows (a shop's, from `known`) by its name.
 */
const show = (value: unknown, known: ReadonlyMap<string, string>): string => {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.length ? value.map((v) => show(v, known)).join(', ') : '–';
  if (typeof value !== 'object') return known.get(String(value)) ?? String(value);
  const { name } = value as { name?: unknown };
  return typeof name === 'string' ? name : JSON.stringify(value);
};

/**
 * An entry's change as lines "field: before → after", only the fields that differ; uuids the page
 * knows the names of (`known`: the shops) by their names.
 */
export function changeLines(
  entry: Pick<AuditEntry, 'before' | 'after'>,
  known: ReadonlyMap<string, string> = new Map(),
): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names
    .filter((name) => show(before[name], known) !== show(after[name], known))
    .map((name) => `${name}: ${show(before[name], known)} → ${show(after[name], known)}`);
}

const NONE: AuditFilters = { staff_uuid: '', shop_uuid: '', from: '', to: '' };

/** The audit log: a table of changes, newest first, filtered by person, shop and dates, "older" paging. */
export function AuditScreen({ me }: { me: OfficeMe }) {
  const { t, i18n } = useTranslation('office');
  const actionWords = t('audit.actions', { returnObjects: true }) as Record<string, string>;
  const shopNames = new Map(me.shops.map((shop) => [shop.uuid, shop.name]));
  const [filters, setFilters] = useState<AuditFilters>(NONE);
  const audit = useAudit(filters);
  const staff = useStaff();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters((old) => ({ ...old, [name]: event.target.value }));
  return (
    <div className="office-stack">
      <h1>{t('audit.title')}</h1>
      <p className="office-lead">{t('audit.lead')}</p>
      <form
        className="office-card office-filters"
        aria-label={t('audit.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t('audit.person')}>
          {(props) => (
            <select
              {...props}
              value={filters.staff_uuid}
              onChange={set('staff_uuid')}
              data-testid="filter-person"
            >
              <option value="">{t('audit.everyone')}</option>
              {(staff.data ?? []).map((member) => (
                <option key={member.uuid} value={member.uuid}>
                  {member.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('audit.shop')}>
          {(props) => (
            <select
              {...props}
              value={filters.shop_uuid}
              onChange={set('shop_uuid')}
              data-testid="filter-shop"
            >
              <option value="">{t('audit.everywhere')}</option>
              {me.shops.map((shop) => (
                <option key={shop.uuid} value={shop.uuid}>
                  {shop.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('audit.from')}>
          {(props) => <input {...props} type="date" value={filters.from} onChange={set('from')} />}
        </Field>
        <Field label={t('audit.to')}>
          {(props) => <input {...props} type="date" value={filters.to} onChange={set('to')} />}
        </Field>
      </form>
      <ListStates query={audit} empty={entries.length === 0} emptyText={t('audit.none')}>
        <div className="office-table-wrap">
          <table className="office-table" data-testid="audit-table">
            <caption className="office-sr">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.where')}</th>
                <th scope="col">{t('audit.what')}</th>
                <th scope="col">{t('audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td data-label={t('audit.when')}>{formatDateTime(entry.at, i18n.language)}</td>
                  <td data-label={t('audit.who')}>{entry.staff?.name ?? t('audit.system')}</td>
                  <td data-label={t('audit.where')}>
                    {[entry.device, entry.address].filter(Boolean).join(' · ') || '–'}
                  </td>
                  {/* One element per cell: on a phone each cell is a row of label and value. */}
                  <td data-label={t('audit.what')}>
                    <div>
                      <span title={entry.action}>
                        {actionWords[entry.action.replaceAll('.', '_')] ?? entry.action}
                      </span>
                      {entry.shop ? <span className="office-item-sub"> {entry.shop.name}</span> : null}
                    </div>
                  </td>
                  <td data-label={t('audit.change')}>
                    <div>
                      {entry.before === null && entry.after !== null ? (
                        <span className="office-item-sub">{t('audit.made')} </span>
                      ) : entry.after === null && entry.before !== null ? (
                        <span className="office-item-sub">{t('audit.deleted')} </span>
                      ) : null}
                      <ul className="office-changes">
                        {changeLines(entry, shopNames).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {audit.isFetchNextPageError ? <Notice kind="error" error={audit.error} /> : null}
        {audit.hasNextPage ? (
          <Button
            variant="secondary"
            busy={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
            data-testid="older"
          >
            {audit.isFetchingNextPage ? t('audit.loadingOlder') : t('audit.older')}
          </Button>
        ) : (
          <p className="office-muted">{t('audit.end')}</p>
        )}
      </ListStates>
    </div>
  );
}
