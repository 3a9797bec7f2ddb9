import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftcardTopUpResult, PortalGiftcard, PortalSessionState } from '../../../contract/portal';
import { useScanGiftcard } from '../../api/scan-giftcard';
import { useTopUpGiftcard } from '../../api/top-up-giftcard';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { GiftcardCapture } from '../../screens/giftcard-capture';
import { TopUpAmountScreen } from './top-up-amount-screen';
import { TopUpConfirmScreen } from './top-up-confirm-screen';
import { TopUpResultScreen } from './top-up-result-screen';
import { TOP_UP_START, type TopUpStep } from './top-up-step';

/**
 * The `top_up_giftcards` session: scan a gift card, see its balance, choose a preset or type an
 * amount (at most what the program allows on it), confirm, see the new balance. A card that cannot
 * be topped up is explained before any amount is asked. Idle: the result completes the session,
 * any other screen starts over.
 */
export default function GiftcardTopUpFlow({ session }: { session: PortalSessionState }) {
  const { t } = useTranslation();
  const { state, go, reset } = useFlowStore<TopUpStep>(() => TOP_UP_START);
  const { done, finish, footer } = useFlowFinish(session.uuid);
  const scan = useAction(useScanGiftcard(session.uuid), 'giftcard-scan', (giftcard: PortalGiftcard) =>
    go({ step: 'amount', giftcard }),
  );
  const topUp = useAction(useTopUpGiftcard(session.uuid), 'giftcard-top-up', (result: GiftcardTopUpResult) =>
    go({ step: 'done', result }),
  );
  const toScan = () => {
    scan.clear();
    go({ step: 'scan', capture: 'scan' });
  };

  let screen: ReactNode;
  switch (state.step) {
    case 'scan':
      screen = (
        <GiftcardCapture
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
          onAmount={(amount) => {
            topUp.clear();
            go({ step: 'confirm', giftcard: state.giftcard, amount });
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
          amount={state.amount}
          onConfirm={() => topUp.run({ giftcard_uuid: state.giftcard.uuid, amount_in_cents: state.amount })}
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
      <IdleGuard seconds={session.kiosk.idle_seconds} onReset={state.step === 'done' ? done.run : reset} />
    </>
  );
}
