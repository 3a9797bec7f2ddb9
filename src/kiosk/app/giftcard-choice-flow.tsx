import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard, PortalSessionState } from '../../contract/portal';
import { formatMoney } from '../../web/format';
import { IdleGuard } from '../components/idle-guard';
import { Money } from '../components/money';
import { useFlowFinish } from '../hooks/use-flow-finish';
import { giftcardWayTaken, redeemProblem } from '../lib/giftcards';
import { ChoiceScreen } from '../screens/choice-screen';

const GiftcardRedeemFlow = lazy(() => import('../flows/giftcard-redeem/giftcard-redeem-flow'));
const GiftcardTopUpFlow = lazy(() => import('../flows/giftcard-top-up/giftcard-top-up-flow'));

/**
 * The `giftcard` session (and a gift card scanned in a scan-anything session): the customer
 * chooses to pay the session's amount with a gift card or to top one up, then that flow runs. A
 * session without an amount only tops up. Once money moved, the way it went is the service's
 * (a reload shows that flow); the other way is then refused by the service too.
 */
export default function GiftcardChoiceFlow({
  session,
  giftcard,
}: {
  session: PortalSessionState;
  giftcard?: PortalGiftcard;
}) {
  const { t, i18n } = useTranslation();
  const { footer } = useFlowFinish(session);
  const [chosen, setChosen] = useState<'pay' | 'top_up' | null>(null);
  const canPay = session.giftcard_payment !== null;
  const way = giftcardWayTaken(session) ?? chosen ?? (canPay ? null : 'top_up');
  if (way === 'pay') return <GiftcardRedeemFlow session={session} giftcard={giftcard} />;
  if (way === 'top_up') return <GiftcardTopUpFlow session={session} giftcard={giftcard} />;
  return (
    <>
      <ChoiceScreen
        title={t('choice.giftcardTitle')}
        testId="screen-giftcard-choice"
        lead={
          giftcard ? (
            <p className="lead" data-testid="choice-balance">
              {t('choice.balance')}{' '}
              {/* A balance this card cannot pay with (expired, not active) is greyed and struck. */}
              <span
                className={
                  redeemProblem(giftcard) && giftcard.balance_in_cents > 0 ? 'ui-unusable' : undefined
                }
                data-unusable={
                  (redeemProblem(giftcard) !== null && giftcard.balance_in_cents > 0) || undefined
                }
              >
                <Money cents={giftcard.balance_in_cents} />
              </span>
            </p>
          ) : null
        }
        choices={[
          {
            label: t('choice.pay'),
            hint: t('choice.payGiftcardHint', {
              amount: formatMoney(session.amount_in_cents ?? 0, i18n.language),
            }),
            testId: 'choose-pay',
            onSelect: () => setChosen('pay'),
          },
          {
            label: t('choice.topUp'),
            hint: t('choice.topUpGiftcardHint'),
            testId: 'choose-top-up',
            onSelect: () => setChosen('top_up'),
          },
        ]}
        footer={footer}
      />
      <IdleGuard
        session={session}
        rule={giftcard ? 'customer' : 'start'}
        screen="giftcard-choice"
        onReset={() => undefined}
      />
    </>
  );
}
