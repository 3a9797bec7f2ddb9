import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState, PortalVoucher, ScannedCode } from '../../../contract/portal';
import { useVouchers } from '../../api/get-vouchers';
import { scanLookupAction } from '../../api/identify';
import { redeemVoucherAction } from '../../api/redeem-voucher';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { useCodeCaptureTexts } from '../../hooks/use-code-capture-texts';
import { type FinishProps, useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { VerifyStep } from '../../identification/verify-step';
import { identificationIdleRule } from '../../lib/identification';
import { CodeCapture } from '../../screens/code-capture';
import { LoadingScreen } from '../../screens/loading-screen';
import { VoucherConfirmScreen } from '../../screens/voucher-confirm-screen';
import { VoucherRedeemedScreen } from '../../screens/voucher-redeemed-screen';
import { VoucherListScreen } from './voucher-list-screen';
import { VOUCHERS_START, type VouchersStep } from './vouchers-step';

/**
 * The `vouchers` session: identification (a customer known by e-mail alone then confirms it is
 * them), then the customer's active vouchers as cards; tap one (or scan a voucher code), confirm,
 * and it is redeemed. A voucher scanned on the first screen instead of a card opens that voucher,
 * then identification, then its confirmation. A scanned code is looked up first (scan-lookup): a
 * card, a gift card or an unknown code is said for what it is; a voucher that cannot be used
 * (expired, used, in use elsewhere…) says why on that first screen and is never offered. Another
 * customer's voucher is refused on the confirmation. Left alone: identification starts over, the
 * customer's screens end the session, the redeemed one completes it.
 */
export default function VouchersFlow({
  session,
  voucher,
}: {
  session: PortalSessionState;
  /** A voucher scanned before the flow (a scan-anything session): its confirmation comes first. */
  voucher?: PortalVoucher;
}) {
  const identification = useIdentificationFlow(session);
  const { state, go, reset } = useFlowStore<VouchersStep>(
    () => (voucher ? { step: 'confirm', voucher } : VOUCHERS_START),
    () => VOUCHERS_START,
  );
  const { finish, footer } = useFlowFinish(session);
  const identified = identification.state.step === 'identified';
  const startOver = () => {
    identification.reset();
    reset();
  };

  let screen: ReactNode;
  if (!identified && state.step === 'confirm' && !state.identifying) {
    // A voucher scanned instead of a card: shown first; using it starts with identification.
    screen = (
      <VoucherConfirmScreen
        voucher={state.voucher}
        identifyFirst
        onConfirm={() => go({ ...state, identifying: true })}
        confirming={false}
        onBack={startOver}
      />
    );
  } else if (!identified) {
    screen = (
      <IdentificationSteps
        key={identification.round}
        session={session}
        step={identification.state}
        go={identification.go}
        onVoucher={(voucher) => go({ step: 'confirm', voucher })}
        footer={footer}
      />
    );
  } else if (!session.contact) {
    screen = <LoadingScreen />;
  } else if (!session.contact_proof?.proven) {
    screen = <VerifyStep session={session} onBack={startOver} footer={footer} />;
  } else {
    screen = <IdentifiedVouchers session={session} state={state} go={go} finish={finish} footer={footer} />;
  }
  return (
    <>
      {screen}
      <IdleGuard
        session={session}
        rule={
          !identified
            ? state.step === 'confirm'
              ? 'entry'
              : identificationIdleRule(identification.state, session.settings)
            : state.step === 'redeemed'
              ? 'result'
              : 'customer'
        }
        screen={
          identified
            ? state.step
            : `${state.step === 'confirm' && !state.identifying ? 'voucher' : identification.state.step}-${identification.round}`
        }
        onReset={startOver}
      />
    </>
  );
}

function IdentifiedVouchers({
  session,
  state,
  go,
  finish,
  footer,
}: {
  session: PortalSessionState;
  state: VouchersStep;
  go: (step: VouchersStep) => void;
  finish: FinishProps;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const vouchers = useVouchers(session.uuid);
  const captureTexts = useCodeCaptureTexts('voucher');
  const redeem = useAction(redeemVoucherAction, (voucher: PortalVoucher) =>
    go({ step: 'redeemed', voucher }),
  );
  const confirm = (voucher: PortalVoucher) => {
    redeem.clear();
    go({ step: 'confirm', voucher });
  };
  // A scanned or typed code is looked up first: only a voucher goes on to the confirmation.
  const [other, setOther] = useState<'card' | 'giftcard' | 'receipt_token' | 'unknown' | null>(null);
  const lookup = useAction(scanLookupAction, (code: ScannedCode) => {
    if (code.kind === 'voucher') confirm(code.voucher);
    else setOther(code.kind === 'app_token' ? 'card' : code.kind === 'receipt_token' ? 'unknown' : code.kind);
  });
  const submitCode = (value: string) => {
    setOther(null);
    lookup.run({ value });
  };
  const toList = () => {
    redeem.clear();
    setOther(null);
    go({ step: 'list' });
  };
  switch (state.step) {
    case 'list':
      return (
        <VoucherListScreen
          query={vouchers}
          onSelect={confirm}
          onScan={() => go({ step: 'scan', capture: 'scan' })}
          footer={footer}
        />
      );
    case 'scan':
      return (
        <CodeCapture
          settings={session.settings}
          mode={state.capture}
          onMode={(capture) => go({ step: 'scan', capture })}
          {...captureTexts}
          testId="screen-voucher"
          submit={submitCode}
          checking={lookup.pending}
          error={
            lookup.error ??
            (other ? (
              <p className="notice" role="alert" data-testid="voucher-other-code" data-kind={other}>
                {t(`voucher.other.${other}`)}
              </p>
            ) : null)
          }
          onBack={toList}
          footer={footer}
        />
      );
    case 'confirm':
      return (
        <VoucherConfirmScreen
          voucher={state.voucher}
          onConfirm={() => redeem.run({ code: state.voucher.code })}
          confirming={redeem.pending}
          error={redeem.error}
          onBack={toList}
        />
      );
    case 'redeemed':
      return <VoucherRedeemedScreen voucher={state.voucher} onAnother={toList} {...finish} />;
  }
}
