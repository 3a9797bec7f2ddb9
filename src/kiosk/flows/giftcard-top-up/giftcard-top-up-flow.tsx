import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftcardTopUpResult, PortalGiftcard, PortalSessionState } from '../../../contract/portal';
import { scanGiftcardAction } from '../../api/scan-giftcard';
import { topUpGiftcardAction } from '../../api/top-up-giftcard';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import type { IdleRule } from '../../lib/idle-rule';
import { GiftcardCapture } from '../../screens/giftcard-capture';
import { TopUpAmountScreen } from './top-up-amount-screen';
import { TopUpConfirmScreen } from './top-up-confirm-screen';
import { TopUpResultScreen } from './top-up-result-screen';
import { TOP_UP_START, type TopUpStep } from './top-up-step';

/** What each step does when left alone (lib/idle-rule.ts): a scanned card's balance ends the session. */
const IDLE: Record<TopUpStep['step'], IdleRule> = {
  scan: 'start',
  amount: 'customer',
  confirm: 'customer',
  done: 'result',
};

/**
 * The `top_up_giftcards` session: scan a gift card, see its balance, choose a preset or type an
 * amount (at most what the program allows on it), confirm, see the new balance. A card that cannot
 * be topped up is explained before any amount is asked. Left alone: the first scan starts over,
 * a scanned card's screens cancel the session, the result completes it.
 */
export default function GiftcardTopUpFlow({ session }: { session: PortalSessionState }) {
  const { t } = useTranslation();
  const { state, round, go, reset } = useFlowStore<TopUpStep>(() => TOP_UP_START);
  const { finish, footer } = useFlowFinish();
  const scan = useAction(scanGiftcardAction, (giftcard: PortalGiftcard) => go({ step: 'amount', giftcard }));
  const topUp = useAction(topUpGiftcardAction, (result: GiftcardTopUpResult) => go({ step: 'done', result }));
  const toScan = () => {
    scan.clear();
    go({ step: 'scan', capture: 'scan' });
  };

  let screen: ReactNode;
  switch (state.step) {
    case 'scan':
      screen = (
        <GiftcardCapture
          key={round}
          title={t('topUp.scanTitle')}
          scan={scan}
          settings={session.settings}
          mode={state.capture}
          onMode={(capture) => go({ step: 'scan', capture })}
          footer={footer}
        />
      );
      break;
    case 'amount':
      screen = (
        <TopUpAmountScreen
          giftcard={state.giftcard}
          minInCents={session.kiosk.min_amount_in_cents}
          onAmount={(amount) => {
            topUp.clear();
            go({ step: 'confirm', giftcard: state.giftcard, amountInCents: amount });
          }}
          onOtherCard={toScan}
          footer={footer}
        />
      );
      break;
    case 'confirm':
      screen = (
        <TopUpConfirmScreen
          giftcard={state.giftcard}
          amountInCents={state.amountInCents}
          onConfirm={() =>
            topUp.run({ giftcard_uuid: state.giftcard.uuid, amount_in_cents: state.amountInCents })
          }
          confirming={topUp.pending}
          error={topUp.error}
          onChangeAmount={() => go({ step: 'amount', giftcard: state.giftcard })}
          footer={footer}
        />
      );
      break;
    case 'done':
      screen = <TopUpResultScreen result={state.result} {...finish} />;
      break;
  }
  return (
    <>
      {screen}
      <IdleGuard
        session={session}
        rule={IDLE[state.step]}
        screen={`${state.step}-${round}`}
        onReset={reset}
      />
    </>
  );
}
