import { useTranslation } from 'react-i18next';
import { useStats } from '../../api/get-stats';
import { Credits } from '../../components/credits';
import { Stat } from '../../components/stat';
import { formatShortDate } from '../../lib/format';

/**
 * The customer's visit stats beside their balances (inside the welcome's `<dl className="stats">`):
 * visits, the last visit's date ("Not yet" before the first) and every credit earned. Nothing
 * while they load or when they cannot be had: the balances above are what the screen is about.
 */
export function VisitStats({ sessionUuid }: { sessionUuid: string }) {
  const { t, i18n } = useTranslation();
  const stats = useStats(sessionUuid);
  if (!stats.data) return null;
  const { visits, last_visit_at, total_credits_earned } = stats.data;
  return (
    <>
      <Stat label={t('welcome.visits')} className="stat-minor" testId="stat-visits">
        {visits}
      </Stat>
      <Stat label={t('welcome.lastVisit')} className="stat-minor" testId="stat-last-visit">
        {last_visit_at ? formatShortDate(last_visit_at, i18n.language) : t('welcome.noVisit')}
      </Stat>
      <Stat label={t('welcome.earned')} className="stat-minor" testId="stat-earned">
        <Credits value={total_credits_earned} />
      </Stat>
    </>
  );
}
