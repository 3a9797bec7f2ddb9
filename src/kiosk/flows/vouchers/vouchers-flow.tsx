import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState, PortalVoucher } from '../../../contract/portal';
import { useVouchers } from '../../api/get-vouchers';
import { redeemVoucherAction } from '../../api/redeem-voucher';
import { IdleGuard } from '../../components/idle-guard';
import { useAction } from '../../hooks/use-action';
import { type FinishProps, useFlowFinish } from '../../hooks/use-flow-finish';
import { useFlowStore } from '../../hooks/use-flow-store';
import { IdentificationSteps } from '../../identification/identification-steps';
import { useIdentificationFlow } from '../../identification/use-identification-flow';
import { identificationIdleRule } from '../../lib/identification';
import { CodeCapture } from '../../screens/code-capture';
import { LoadingScreen } from '../../screens/loading-screen';
import { VoucherConfirmScreen } from './voucher-confirm-screen';
import { VoucherListScreen } from './voucher-list-screen';
import { VoucherRedeemedScreen } from './voucher-redeemed-screen';
import { VOUCHERS_START, type VouchersStep } from './vouchers-step';

/**
 * The `vouchers` session: identification, then the customer's active vouchers as cards; tap one
 * (or scan a voucher code), confirm, and it is redeemed. Refusals (already redeemed, expired, being
 * redeemed elsewhere, someone else's, unknown) are explained on the confirmation. Left alone:
 * identification starts over, the customer's screens end the session, the redeemed one completes it.
 */
export default function VouchersFlow({ session }: { session: PortalSessionState }) {
  const identification = useIdentificationFlow(session);
  const { state, go, reset } = useFlowStore<VouchersStep>(() => VOUCHERS_START);
  const { finish, footer } = useFlowFinish();
  const identified = identification.state.step === 'identified';
  const startOver = () => {
    identification.reset();
    reset();
  };

  let screen: ReactNode;
  if (!identified) {
    screen = (
      <IdentificationSteps
        key={identification.round}
        session={session}
        step={identification.state}
        go={identification.go}
        footer={footer}
      />
    );
  } else if (!session.contact) {
    screen = <LoadingScreen />;
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
            ? identificationIdleRule(identification.state, session.settings)
            : state.step === 'redeemed'
              ? 'result'
              : 'customer'
        }
        screen={identified ? state.step : `${identification.state.step}-${identification.round}`}
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
  const redeem = useAction(redeemVoucherAction, (voucher: PortalVoucher) =>
    go({ step: 'redeemed', voucher }),
  );
  const confirm = (code: string) => {
    redeem.clear();
    const voucher = vouchers.data?.find((v) => v.code.toUpperCase() === code.toUpperCase()) ?? null;
    go({ step: 'confirm', code: voucher?.code ?? code, voucher });
  };
  const toList = () => {
    redeem.clear();
    go({ step: 'list' });
  };
  switch (state.step) {
    case 'list':
      return (
        <VoucherListScreen
          query={vouchers}
          onSelect={(voucher) => confirm(voucher.code)}
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
          texts={{
            title: t('voucher.scanTitle'),
            cameraHint: t('voucher.cameraHint'),
            handHint: t('voucher.handHint'),
            checking: t('common.loading'),
            illustration: t('voucher.illustration'),
          }}
          typeTitle={t('voucher.typeTitle')}
          typeLabel={t('voucher.codeLabel')}
          testId="screen-voucher"
          submit={confirm}
          checking={false}
          onBack={toList}
          footer={footer}
        />
      );
    case 'confirm':
      return (
        <VoucherConfirmScreen
          code={state.code}
          voucher={state.voucher}
          onConfirm={() => redeem.run({ code: state.code })}
          confirming={redeem.pending}
          error={redeem.error}
          onBack={toList}
          footer={footer}
        />
      );
    case 'redeemed':
      return <VoucherRedeemedScreen voucher={state.voucher} onAnother={toList} {...finish} />;
  }
}
