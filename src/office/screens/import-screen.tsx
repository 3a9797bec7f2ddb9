import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import type { MemberImport } from '../../contract/office-import';
import { Button } from '../../ui/button';
import { formatMoney } from '../../web/format';
import { useMemberImport, useStartMemberImport } from '../api/import-queries';
import { Field } from '../components/field';
import { Notice } from '../components/notice';
import { Panel } from '../components/panel';

/**
 * Importing members from a CSV file (owners only; docs/office.md "Importing members"): choose a
 * file, check it (a dry run listing every refused row by number, column and reason), then import
 * it; a progress bar shows a running job's phase. The service decides every rule: the page only
 * sends the file's text and shows the job.
 */
export function ImportScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  if (me.staff.role !== 'owner')
    return (
      <div className="office-stack">
        <h1>{t('import.title')}</h1>
        <Notice kind="info" testId="import-owner-only">
          {t('import.ownerOnly')}
        </Notice>
      </div>
    );
  return <ImportForm />;
}

/**
 * A file larger than the service takes (contract/office-import.ts MEMBER_IMPORT_MAX_CHARS, which the
 * page cannot import: the contract builds zod schemas) is refused before it is read and sent.
 */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

function ImportForm() {
  const { t } = useTranslation('office');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobUuid, setJobUuid] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const start = useStartMemberImport();
  const job = useMemberImport(jobUuid);
  const current = job.data;
  const running = reading || start.isPending || current?.status === 'running';

  const run = async (dryRun: boolean) => {
    setFileError(null);
    if (!file) return setFileError(t('import.fileMissing'));
    if (file.size > MAX_FILE_BYTES) return setFileError(t('import.fileTooLarge'));
    setReading(true);
    try {
      // Read as UTF-8 (a byte order mark dropped); the service checks the text.
      const content = await file.text();
      start.mutate(
        { file_name: file.name, content, dry_run: dryRun },
        { onSuccess: (answer) => setJobUuid(answer.uuid) },
      );
    } finally {
      setReading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(true);
  };

  return (
    <div className="office-stack">
      <h1>{t('import.title')}</h1>
      <p className="office-lead">{t('import.lead')}</p>
      <details className="office-card office-import-format" data-testid="import-format">
        <summary>{t('import.format')}</summary>
        <p>{t('import.formatText')}</p>
        <p>{t('import.columns')}</p>
        <pre className="office-import-example">
          {
            'email;firstname;lastname;cards;points;prepaid\nanna@example.com;Anna;de Vries;7001234|7001235;120;12,50'
          }
        </pre>
        <p>{t('import.existing')}</p>
      </details>
      <form className="office-form office-card" onSubmit={submit} noValidate data-testid="import-form">
        <Field label={t('import.file')} hint={t('import.fileHint')} error={fileError}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv"
              data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(null);
                setJobUuid(null);
                start.reset();
              }}
            />
          )}
        </Field>
        {start.isError ? <Notice kind="error" error={start.error} /> : null}
        <div className="office-actions">
          <Button type="submit" busy={running} data-testid="import-check">
            {running && current?.dry_run !== false ? t('import.checking') : t('import.check')}
          </Button>
        </div>
      </form>
      {running ? <ProgressPanel job={current?.status === 'running' ? current : undefined} /> : null}
      {job.isError ? <Notice kind="error" error={job.error} retry={() => void job.refetch()} /> : null}
      {current && current.status !== 'running' ? (
        <ResultPanel job={current} busy={running} onImport={() => void run(false)} />
      ) : null}
    </div>
  );
}

/** The running job's phase and progress, as a progress bar announced to screen readers. */
function ProgressPanel({ job }: { job: MemberImport | undefined }) {
  const { t } = useTranslation('office');
  const progress = job?.progress ?? 0;
  const percent = Math.round(progress * 100);
  const phase = job?.phase ?? 'reading';
  return (
    <section className="office-card office-import-progress" data-testid="import-progress">
      <p role="status">
        {t(`import.phases.${phase}`)} {percent}%
      </p>
      <progress max={1} value={progress} aria-label={t('import.progress')} />
    </section>
  );
}

/** A finished job: its counts, its refused rows, and after a clean check the import button. */
function ResultPanel({ job, busy, onImport }: { job: MemberImport; busy: boolean; onImport: () => void }) {
  const { t, i18n } = useTranslation('office');
  const s = job.summary;
  const title = job.dry_run
    ? t('import.checkedTitle', { file: job.file_name })
    : job.status === 'done'
      ? t('import.doneTitle', { file: job.file_name })
      : job.status === 'refused'
        ? t('import.refusedTitle', { file: job.file_name })
        : t('import.failedTitle', { file: job.file_name });
  const toImport = s ? s.new_members + s.existing_members : 0;
  const clean = job.status === 'done' && job.problems_total === 0;
  const reasons = t('import.reasons', { returnObjects: true }) as Record<string, string>;
  return (
    <Panel title={title} focus testId="import-result">
      {job.status === 'failed' ? (
        <Notice kind="error">{job.failure ?? t('import.nothingImported')}</Notice>
      ) : null}
      {job.status === 'refused' ? <Notice kind="error">{t('import.nothingImported')}</Notice> : null}
      {clean && job.dry_run ? <Notice kind="success">{t('import.allGood')}</Notice> : null}
      {s ? (
        <dl className="office-import-summary" data-testid="import-summary">
          <dt>{t('import.summary.rows')}</dt>
          <dd>{s.rows}</dd>
          <dt>{t('import.summary.new_members')}</dt>
          <dd>{s.new_members}</dd>
          <dt>{t('import.summary.existing_members')}</dt>
          <dd>{s.existing_members}</dd>
          <dt>{t('import.summary.cards_added')}</dt>
          <dd>{s.cards_added}</dd>
          <dt>{t('import.summary.opening_points')}</dt>
          <dd>{s.opening_points.toLocaleString(i18n.language)}</dd>
          <dt>{t('import.summary.opening_prepaid')}</dt>
          <dd>{formatMoney(s.opening_prepaid_in_cents, i18n.language)}</dd>
          {s.balances_left > 0 ? (
            <>
              <dt>{t('import.summary.balances_left')}</dt>
              <dd>{s.balances_left}</dd>
            </>
          ) : null}
          {s.refused_rows > 0 ? (
            <>
              <dt>{t('import.summary.refused_rows')}</dt>
              <dd>{s.refused_rows}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {job.problems_total > 0 ? (
        <>
          <p data-testid="import-bad-rows">
            {t('import.badRows', { count: s?.refused_rows ?? job.problems_total })}
            {job.problems.length < job.problems_total
              ? ` ${t('import.shownOf', { shown: job.problems.length, total: job.problems_total })}`
              : null}
          </p>
          <div className="office-table-wrap">
            <table className="office-table" data-testid="import-problems">
              <caption className="office-sr">{t('import.problemsLabel')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('import.row')}</th>
                  <th scope="col">{t('import.column')}</th>
                  <th scope="col">{t('import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {job.problems.map((p) => (
                  <tr key={`${p.row}-${p.field}-${p.reason}`} data-testid="import-problem">
                    <td data-label={t('import.row')}>{p.row}</td>
                    <td data-label={t('import.column')}>{p.field}</td>
                    <td data-label={t('import.reason')}>{reasons[p.reason] ?? p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {clean && job.dry_run && toImport > 0 ? (
        <div className="office-actions">
          <Button onClick={onImport} busy={busy} data-testid="import-start">
            {busy ? t('import.importing') : t('import.start', { count: toImport })}
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
