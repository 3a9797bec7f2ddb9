import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  IdentifyResult,
  PortalCreditReception,
  PortalGiftcard,
  PortalSessionState,
  PortalVoucher,
  ScannedCode,
} from '../../contract/portal';
import { Button } from '../../ui/button';
import { claimReceiptAction } from '../api/claim-receipt';
import { identifyAction, scanLookupAction } from '../api/identify';
import { scanGiftcardAction } from '../api/scan-giftcard';
import { IdleGuard } from '../components/idle-guard';
import { Screen } from '../components/screen';
import { IdentifyFlow } from '../flows/identify/identify-flow';
import { useAction } from '../hooks/use-action';
import { useCodeCaptureTexts } from '../hooks/use-code-capture-texts';
import { useFlowFinish } from '../hooks/use-flow-finish';
import { IdentificationSteps } from '../identification/identification-steps';
import { useIdentificationFlow } from '../identification/use-identification-flow';
import { CAPTURE_START, type CaptureMode } from '../lib/capture';
import { giftcardWayTaken } from '../lib/giftcards';
import { identificationIdleRule } from '../lib/identification';
import { joinedHere } from '../lib/session-outcome';
import { CodeCapture } from '../screens/code-capture';
import { CreditResultScreen } from '../screens/credit-result-screen';

const GiftcardChoiceFlow = lazy(() => import('./giftcard-choice-flow'));
const VouchersFlow = lazy(() => import('../flows/vouchers/vouchers-flow'));

/**
 * Where a scan-anything session stands: the first scan; then what it opened — the customer's
 * portal (a card or app code), a voucher's redemption, a gift card's pay-or-top-up, a receipt's
 * credits.
 */
type ScanAnythingStep =
  | { step: 'scan'; capture: CaptureMode }
  | { step: 'portal' }
  | { step: 'voucher'; voucher: PortalVoucher }
  | { step: 'giftcard'; giftcard?: PortalGiftcard }
  | { step: 'receipt'; value: string };

/** What was scanned that opens nothing: said on the scan screen. */
type NotOpened = 'unknown' | 'not_linked';

// Where a reloaded session stands: what the service says moved, else the customer known, else the scan.
function firstStep(session: PortalSessionState): ScanAnythingStep {
  if (giftcardWayTaken(session)) return { step: 'giftcard' };
  if (session.contact) return { step: 'portal' };
  return { step: 'scan', capture: CAPTURE_START };
}

/**
 * The `scan_anything` session: one scan screen for whatever the customer holds, looked up by the
 * service (scan-lookup). A loyalty card or app code identifies them and opens their portal; a
 * voucher opens its confirmation (judged at the scan: one that cannot be used says why); a gift
 * card asks whether to pay with it or top it up; a receipt code collects its credits once the
 * customer is known; anything else is "not recognised", on the same screen.
 */
export default function ScanAnythingFlow({ session }: { session: PortalSessionState }) {
  const { t } = useTranslation();
  const { footer } = useFlowFinish(session);
  const captureTexts = useCodeCaptureTexts('scanAnything');
  const [state, setState] = useState<ScanAnythingStep>(() => firstStep(session));
  const [notOpened, setNotOpened] = useState<NotOpened | null>(null);
  const identify = useAction(identifyAction, (result: IdentifyResult) => {
    if (result.result === 'identified') setState({ step: 'portal' });
    else setNotOpened(result.result === 'unregistered_card' ? 'not_linked' : 'unknown');
  });
  const giftcard = useAction(scanGiftcardAction, (card: PortalGiftcard) =>
    setState({ step: 'giftcard', giftcard: card }),
  );
  const lookup = useAction(scanLookupAction, (code: ScannedCode, { value }) => {
    switch (code.kind) {
      case 'card':
      case 'app_token':
        return identify.run({ value });
      case 'voucher':
        return setState({ step: 'voucher', voucher: code.voucher });
      case 'giftcard':
        return giftcard.run({ value });
      case 'receipt_token':
        return setState({ step: 'receipt', value });
      case 'unknown':
        return setNotOpened('unknown');
    }
  });

  switch (state.step) {
    case 'portal':
      return <IdentifyFlow session={session} />;
    case 'voucher':
      return <VouchersFlow session={session} voucher={state.voucher} />;
    case 'giftcard':
      return <GiftcardChoiceFlow session={session} giftcard={state.giftcard} />;
    case 'receipt':
      return <ReceiptCredits session={session} value={state.value} />;
    case 'scan':
      return (
        <>
          <CodeCapture
            settings={session.settings}
            mode={state.capture}
            onMode={(capture) => setState({ step: 'scan', capture })}
            {...captureTexts}
            testId="screen-scan-anything"
            submit={(value) => {
              setNotOpened(null);
              lookup.run({ value });
            }}
            checking={lookup.pending || identify.pending || giftcard.pending}
            error={
              lookup.error ??
              identify.error ??
              giftcard.error ??
              (notOpened ? (
                <p className="notice" role="alert" data-testid="scan-not-recognised" data-kind={notOpened}>
                  {t(`scanAnything.${notOpened === 'unknown' ? 'notRecognised' : 'notLinked'}`)}
                </p>
              ) : null)
            }
            footer={footer}
          />
          <IdleGuard
            session={session}
            rule="start"
            screen="scan-anything"
            onReset={() => setNotOpened(null)}
          />
        </>
      );
  }
}

/**
 * A scanned receipt's credits: the customer identifies (a scan of their card, or their e-mail:
 * earning needs no proof), then collects them. Where the service takes no receipts it says so.
 */
function ReceiptCredits({ session, value }: { session: PortalSessionState; value: string }) {
  const { t } = useTranslation();
  const { finish, footer } = useFlowFinish(session);
  const identification = useIdentificationFlow(session);
  const [reception, setReception] = useState<PortalCreditReception | null>(null);
  const claim = useAction(claimReceiptAction, setReception);
  let screen: ReactNode;
  let rule = identificationIdleRule(identification.state, session.settings);
  if (reception) {
    screen = (
      <CreditResultScreen
        reception={reception}
        joined={joinedHere(session.events)}
        accountName={session.account.name}
        {...finish}
      />
    );
    rule = 'result';
  } else if (identification.state.step !== 'identified') {
    screen = (
      <IdentificationSteps
        key={identification.round}
        session={session}
        step={identification.state}
        go={identification.go}
        footer={footer}
      />
    );
  } else {
    rule = 'customer';
    screen = (
      <Screen title={t('scanAnything.receiptTitle')} testId="screen-receipt" footer={footer}>
        <p className="lead">{t('scanAnything.receiptBody')}</p>
        {claim.error}
        <Button data-testid="collect-receipt" busy={claim.pending} onClick={() => claim.run({ value })}>
          {t('scanAnything.collect')}
        </Button>
      </Screen>
    );
  }
  return (
    <>
      {screen}
      <IdleGuard
        session={session}
        rule={rule}
        screen={`receipt-${identification.state.step}`}
        onReset={identification.reset}
      />
    </>
  );
}
