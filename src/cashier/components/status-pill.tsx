import { useTranslation } from 'react-i18next';
import type { CashierSessionSummary } from '../../contract/cashier';

/** A session's status as a coloured pill. */
export function StatusPill({ status, testId }: { status: CashierSessionSummary['status']; testId?: string }) {
  const { t } = useTranslation('cashier');
  return (
    <span className={`pill pill-${status}`} data-testid={testId}>
      {t(`live.status.${status}`)}
    </span>
  );
}
