import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState, PortalVoucher } from '../../contract/portal';
import { Button } from '../../ui/button';
import { identifyAction } from '../api/identify';
import { registerAction } from '../api/register';
import { releaseScreenFocus } from '../components/screen';
import { useAction } from '../hooks/use-action';
import { useScanner } from '../hooks/use-scanner';
import { currentLanguage, switchToLanguageOf } from '../i18n/i18n';
import {
  type IdentificationStep,
  identifyMethods,
  type OtherCode,
  stepAfterIdentify,
} from '../lib/identification';
import { CardNotLinkedScreen } from '../screens/card-not-linked-screen';
import { EmailScreen } from '../screens/email-screen';
import { EmailUnknownScreen } from '../screens/email-unknown-screen';
import { RegistrationScreen } from '../screens/registration-screen';
import { ScanScreen } from '../screens/scan-screen';
import { StakeLine } from './stake-line';
import { TermsStep } from './terms-step';

interface StepProps {
  session: PortalSessionState;
  go: (step: IdentificationStep) => void;
  /** The way out of every step (the cancel button). */
  footer: ReactNode;
  /** A voucher scanned instead of a card (vouchers sessions open it); without it the screen says what it is. */
  onVoucher?: (voucher: PortalVoucher) => void;
  /** A receipt scanned instead of a card, held for the customer (identify sessions); else the screen says what it is. */
  onReceipt?: (value: string) => void;
  /** Whether a receipt is held: the scan screen says so until the customer is identified. */
  receiptHeld?: boolean;
}

/** The identification screens of a contact flow, up to (not including) `identified`; the terms ask too. */
export function IdentificationSteps({ step, ...props }: StepProps & { step: IdentificationStep }) {
  const { settings } = props.session;
  const methods = identifyMethods(settings);
  const toScan = () => props.go({ step: 'scan', cameraFailed: false });
  const toEmail = methods.includes('email') ? () => props.go({ step: 'email' }) : undefined;
  const toStart = methods[0] === 'email' ? () => props.go({ step: 'email' }) : toScan;
  switch (step.step) {
    case 'scan':
      return <ScanStep {...props} cameraFailed={step.cameraFailed} onUseEmail={toEmail} />;
    case 'email':
      return <EmailStep {...props} onUseCard={toScan} />;
    case 'register':
      return <RegisterStep {...props} step={step} onBack={toStart} />;
    case 'card_not_linked':
      return <CardNotLinkedScreen onBack={toScan} onUseEmail={toEmail} footer={props.footer} />;
    case 'email_unknown':
      return <EmailUnknownScreen email={step.email} onBack={toEmail ?? toStart} footer={props.footer} />;
    case 'terms':
      return (
        <TermsStep
          session={props.session}
          onDone={() => props.go({ step: 'identified' })}
          footer={props.footer}
        />
      );
    case 'identified':
      return null;
  }
}

/**
 * The identify action of a step: moves on by its answer (an identified customer's screen in their
 * language); a scanned code that identifies nobody goes to `onOtherCode` (a voucher to `onVoucher`
 * when the flow takes one).
 */
function useIdentifyAction(
  { session, go, onVoucher, onReceipt }: StepProps,
  onOtherCode?: (code: OtherCode) => void,
) {
  return useAction(identifyAction, (result, body) => {
    const next = stepAfterIdentify(result, session.settings);
    // First, before the language and the screen change anything on the page.
    if (next) releaseScreenFocus();
    if (result.result === 'identified') switchToLanguageOf(result.contact);
    if (next) go(next);
    else if (result.result === 'other_code') {
      if (result.code.kind === 'voucher' && onVoucher) onVoucher(result.code.voucher);
      else if (result.code.kind === 'receipt_token' && onReceipt && 'value' in body) onReceipt(body.value);
      else onOtherCode?.(result.code);
    }
  });
}

function ScanStep(props: StepProps & { cameraFailed: boolean; onUseEmail?: () => void }) {
  const { t } = useTranslation();
  // What the last scan was when it identified nobody, said on the screen until the next scan.
  const [other, setOther] = useState<OtherCode['kind'] | null>(null);
  const { run, pending, error } = useIdentifyAction(props, (code) => setOther(code.kind));
  const onScan = useScanner((value) => {
    setOther(null);
    run({ value });
  }, pending);
  return (
    <ScanScreen
      settings={props.session.settings}
      texts={{
        title: t('scan.title'),
        cameraHint: t('scan.cameraHint'),
        handHint: t('scan.handHint'),
        checking: t('scan.checking'),
        cameraUnavailable: t(props.onUseEmail ? 'scan.cameraUnavailable' : 'scan.cameraUnavailableNoEmail'),
        illustration: t('scan.illustration'),
      }}
      intro={<StakeLine session={props.session} />}
      cameraFailed={props.cameraFailed}
      onCameraUnavailable={() => props.go({ step: 'scan', cameraFailed: true })}
      onScan={onScan}
      checking={pending}
      error={
        error ??
        (other ? (
          <p className="notice" role="alert" data-testid="scan-other-code" data-kind={other}>
            {t(`scan.other.${other}`)}
          </p>
        ) : props.receiptHeld ? (
          <p className="notice" role="status" data-testid="scan-receipt-held">
            {t('scan.receiptHeld')}
          </p>
        ) : null)
      }
      actions={
        props.onUseEmail ? (
          <Button variant="secondary" onClick={props.onUseEmail} data-testid="use-email">
            {t('scan.useEmail')}
          </Button>
        ) : null
      }
      footer={props.footer}
    />
  );
}

function EmailStep(props: StepProps & { onUseCard: () => void }) {
  const { run, pending, error } = useIdentifyAction(props);
  return (
    <EmailScreen
      keyboard={props.session.settings.enable_on_screen_keyboard}
      onSubmit={(email) => run({ email })}
      checking={pending}
      error={error}
      onUseCard={props.onUseCard}
      footer={props.footer}
    />
  );
}

function RegisterStep(
  props: StepProps & { step: Extract<IdentificationStep, { step: 'register' }>; onBack: () => void },
) {
  const register = useAction(registerAction, (contact) => {
    switchToLanguageOf(contact);
    props.go({ step: 'identified' });
  });
  return (
    <RegistrationScreen
      reason={props.step.reason}
      initialEmail={props.step.email}
      subscriptionTypes={props.session.subscription_types}
      termsUrl={props.session.kiosk.terms_url}
      privacyUrl={props.session.kiosk.privacy_url}
      keyboard={props.session.settings.enable_on_screen_keyboard}
      submitting={register.pending}
      error={register.error}
      onSubmit={(form) =>
        register.run({
          email: form.email,
          card_value: props.step.cardValue ?? undefined,
          subscription_type_ids: form.subscriptionTypeIds,
          accept_terms: true,
          locale: currentLanguage(),
        })
      }
      onBack={props.onBack}
      footer={props.footer}
    />
  );
}
