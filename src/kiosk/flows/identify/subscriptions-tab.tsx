import { useTranslation } from 'react-i18next';
import type { PortalSubscription } from '../../../contract/portal';
import { Content } from '../../../ui/wording';
import { changeSubscriptionAction } from '../../api/change-subscription';
import { useSubscriptions } from '../../api/get-subscriptions';
import { QueryContent } from '../../components/query-content';
import { useAction } from '../../hooks/use-action';

/**
 * The customer's e-mail subscriptions as switches; a double opt-in one, once switched on, waits for
 * the customer's confirmation ("check your inbox to confirm").
 */
export function SubscriptionsTab({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions(sessionUuid);
  const change = useAction(changeSubscriptionAction);
  return (
    <QueryContent query={subscriptions} empty={t('subscriptions.none')}>
      {(items) => (
        <div className="switches" data-testid="subscription-list">
          {change.error}
          {items.map((item) => (
            <SubscriptionSwitch
              key={item.id}
              subscription={item}
              busy={change.pending}
              onToggle={(subscribed) => change.run({ subscription_type_id: item.id, subscribed })}
            />
          ))}
        </div>
      )}
    </QueryContent>
  );
}

function SubscriptionSwitch({
  subscription,
  busy,
  onToggle,
}: {
  subscription: PortalSubscription;
  busy: boolean;
  onToggle: (subscribed: boolean) => void;
}) {
  const { t } = useTranslation();
  const on = subscription.status !== 'UNSUBSCRIBED';
  const pending = subscription.status === 'PENDING_CONFIRMATION';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="switch"
      disabled={busy}
      onClick={() => onToggle(!on)}
      data-testid={`subscription-${subscription.id}`}
      data-status={subscription.status}
    >
      <span className="switch-text">
        <span className="tile-title">
          <Content text={subscription.name} />
        </span>
        {subscription.description ? (
          <span className="tile-text">
            <Content text={subscription.description} />
          </span>
        ) : null}
        {pending ? (
          <span className="switch-pending" data-testid="subscription-pending">
            {t('subscriptions.pending')}
          </span>
        ) : null}
      </span>
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
    </button>
  );
}
