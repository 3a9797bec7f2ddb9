import { useTranslation } from 'react-i18next';
import type { PortalActivity } from '../../../contract/portal';
import { Content } from '../../../ui/wording';
import { useActivity } from '../../api/get-activity';
import { QueryContent } from '../../components/query-content';
import { activityTitleKey } from '../../lib/activity';
import { formatDateTime, formatSignedCredits, formatSignedMoney } from '../../lib/format';

/** Recent activity, newest first: when, what (and where), and the credits or money it moved. */
export function ActivityTab({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation();
  const activity = useActivity(sessionUuid);
  return (
    <QueryContent query={activity} empty={t('activity.none')}>
      {(items) => (
        <ul className="lines" data-testid="activity-list">
          {items.map((item) => (
            <ActivityLine key={`${item.type}-${item.uuid}`} item={item} />
          ))}
        </ul>
      )}
    </QueryContent>
  );
}

function ActivityLine({ item }: { item: PortalActivity }) {
  const { t, i18n } = useTranslation();
  const titleKey = activityTitleKey(item);
  return (
    <li className="line" data-type={item.type}>
      <span className="line-main">
        <span className="line-title">{titleKey ? t(titleKey) : <Content text={item.title} />}</span>
        <span className="line-note">
          {formatDateTime(item.created_at, i18n.language)}
          {item.shop ? ` · ${item.shop}` : ''}
        </span>
      </span>
      <span className="line-amount">
        {item.credits !== null
          ? t('activity.credits', { credits: formatSignedCredits(item.credits, i18n.language) })
          : item.amount_in_cents !== null
            ? formatSignedMoney(item.amount_in_cents, i18n.language)
            : null}
      </span>
    </li>
  );
}
