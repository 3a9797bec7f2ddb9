import { useTranslation } from 'react-i18next';
import type { CashierSessionSummary } from '../../contract/cashier';
import { sessionPhase, statusLine } from '../lib/session-status';

/** A session's status as a pill coloured by its phase: "Done · paid €12.00", "Open", "Cancelled". */
export function StatusPill({ session, testId }: { session: CashierSessionSummary; testId?: string }) {
  const { t, i18n } = useTranslation('cashier');
  return (
    <span className={`pill pill-${sessionPhase(session)}`} data-testid={testId}>
      {statusLine(session, t, i18n.language)}
    </span>
  );
}
