import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState } from '../../contract/portal';
import { formatMoney } from '../../web/format';
import type { PrepaidSessionType } from '../api/prepaid-transaction';
import { IdleGuard } from '../components/idle-guard';
import { useFlowFinish } from '../hooks/use-flow-finish';
import { ChoiceScreen } from '../screens/choice-screen';

const PrepaidFlow = lazy(() => import('../flows/prepaid/prepaid-flow'));

/** The way a prepaid session went, from its events: a top-up asks for its payment first. */
function prepaidWayTaken(session: PortalSessionState): PrepaidSessionType | null {
  for (const event of session.events) {
    if (event.type === 'payment_due') return 'top_up_prepaid';
    if (event.type === 'prepaid_transaction') {
      return (event.data as { amount_in_cents: number }).amount_in_cents < 0
        ? 'pay_prepaid'
        : 'top_up_prepaid';
    }
  }
  return null;
}

/**
 * The `prepaid` session: the customer chooses to pay from their prepaid balance or to top it up,
 * then that flow runs (identification, amount, confirm). Once money moved, the way it went is the
 * service's; a session makes one prepaid transaction.
 */
export default function PrepaidChoiceFlow({ session }: { session: PortalSessionState }) {
  const { t, i18n } = useTranslation();
  const { footer } = useFlowFinish(session);
  const [chosen, setChosen] = useState<PrepaidSessionType | null>(null);
  const way = prepaidWayTaken(session) ?? chosen;
  if (way) return <PrepaidFlow session={session} type={way} />;
  const amount =
    session.amount_in_cents === null ? null : formatMoney(session.amount_in_cents, i18n.language);
  return (
    <>
      <ChoiceScreen
        title={t('choice.prepaidTitle')}
        testId="screen-prepaid-choice"
        choices={[
          {
            label: t('choice.pay'),
            hint: amount ? t('choice.payPrepaidAmountHint', { amount }) : t('choice.payPrepaidHint'),
            testId: 'choose-pay',
            onSelect: () => setChosen('pay_prepaid'),
          },
          {
            label: t('choice.topUp'),
            hint: t('choice.topUpPrepaidHint'),
            testId: 'choose-top-up',
            onSelect: () => setChosen('top_up_prepaid'),
          },
        ]}
        footer={footer}
      />
      <IdleGuard session={session} rule="start" screen="prepaid-choice" onReset={() => undefined} />
    </>
  );
}
