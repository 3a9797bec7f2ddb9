import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../web/format';
import { useStats } from '../../api/get-stats';
import { Credits } from '../../components/credits';
import { Stat } from '../../components/stat';

/**
 * The customer's visit stats beside their balances (inside the welcome's `<dl className="stats">`):
 * visits, the last visit's date and every credit earned, each only when there is one (no
 * "Visits 0 · Last visit: not yet"). Nothing while they load or when they cannot be had: the
 * balances above are what the screen is about.
 */
export function VisitStats({ sessionUuid }: { sessionUuid: string }) {
  const { t, i18n } = useTranslation();
  const stats = useStats(sessionUuid);
  if (!stats.data) return null;
  const { visits, last_visit_at, total_credits_earned } = stats.data;
  return (
    <>
      {visits > 0 ? (
        <Stat label={t('welcome.visits')} className="stat-minor" testId="stat-visits">
          {visits}
        </Stat>
      ) : null}
      {last_visit_at ? (
        <Stat label={t('welcome.lastVisit')} className="stat-minor" testId="stat-last-visit">
          {formatShortDate(last_visit_at, i18n.language)}
        </Stat>
      ) : null}
      {total_credits_earned > 0 ? (
        <Stat label={t('welcome.earned')} className="stat-minor" testId="stat-earned">
          <Credits value={total_credits_earned} />
        </Stat>
      ) : null}
    </>
  );
}
