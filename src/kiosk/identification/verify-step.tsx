import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSessionState } from '../../contract/portal';
import { Button } from '../../ui/button';
import { identifyAction } from '../api/identify';
import { sendCodeAction, verifyCodeAction } from '../api/verification';
import { DigitKeypad } from '../components/digit-keypad';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';
import { useAction } from '../hooks/use-action';
import { useScanner } from '../hooks/use-scanner';
import { ScanScreen } from '../screens/scan-screen';

/** The digits of a code sent by e-mail. */
const CODE_LENGTH = 6;

/**
 * "Confirm it's you" (docs/trust-model.md): a customer known by their e-mail address alone proves
 * it is them before anything spends or changes their account — by scanning their card or app code
 * (the scan screen, camera or hand scanner), or by the six-digit code e-mailed to them, typed on the
 * keypad (sent when asked; again when asked). Five tries per session, said as they run out; then no
 * more codes. In a demo account without a mail server it says the code is in the service's log.
 * The caller shows what comes next once the session says the customer is proven. `intro` says why
 * (default: an e-mail address is no proof; the phone link says its own: it opens their account).
 */
export function VerifyStep({
  session,
  onBack,
  intro,
  footer,
}: {
  session: PortalSessionState;
  /** Back to where the customer came from; without it, only Cancel. */
  onBack?: () => void;
  /** Why the proof is asked for, when not the default's. */
  intro?: string;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const proof = session.contact_proof;
  const [typing, setTyping] = useState(proof?.code != null);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [code, setCode] = useState('');
  const [otherCode, setOtherCode] = useState(false);
  const identify = useAction(identifyAction, (result) => setOtherCode(result.result !== 'identified'));
  const send = useAction(sendCodeAction, () => setTyping(true));
  const verify = useAction(verifyCodeAction);
  const onScan = useScanner((value) => {
    setOtherCode(false);
    identify.run({ value });
  }, identify.pending);
  const sendCode = () => {
    verify.clear();
    setCode('');
    send.run({});
  };
  const back = onBack ? (
    <Button variant="secondary" onClick={onBack} data-testid="verify-back">
      {t('common.back')}
    </Button>
  ) : null;
  if (!proof || !session.contact) return null;

  if (proof.locked) {
    return (
      <Screen title={t('verify.lockedTitle')} testId="screen-verify-locked" tone="warning" footer={footer}>
        <p className="lead" data-testid="verify-locked">
          {t('verify.lockedBody')}
        </p>
        <div className="form-actions">{back}</div>
      </Screen>
    );
  }
  if (!typing) {
    return (
      <ScanScreen
        settings={session.settings}
        testId="screen-verify"
        texts={{
          title: t('verify.title'),
          cameraHint: t('verify.cameraHint'),
          handHint: t('verify.handHint'),
          checking: t('scan.checking'),
          cameraUnavailable: t('scan.cameraUnavailableNoEmail'),
          illustration: t('scan.illustration'),
        }}
        intro={<p className="lead">{intro ?? t('verify.intro')}</p>}
        cameraFailed={cameraFailed}
        onCameraUnavailable={() => setCameraFailed(true)}
        onScan={onScan}
        checking={identify.pending}
        error={
          identify.error ??
          send.error ??
          (otherCode ? (
            <p className="notice" role="alert" data-testid="verify-other-code">
              {t('verify.otherCode')}
            </p>
          ) : null)
        }
        actions={
          <>
            <Button busy={send.pending} onClick={sendCode} data-testid="send-code">
              {t('verify.sendCode', { email: session.contact.email_hint })}
            </Button>
            {back}
          </>
        }
        footer={footer}
      />
    );
  }
  const sentTo = proof.code?.sent_to ?? session.contact.email_hint;
  return (
    <Screen title={t('verify.codeTitle')} testId="screen-verify-code" footer={footer}>
      <p className="lead">{t('verify.codeSent', { email: sentTo })}</p>
      {proof.code?.code_in_log ? (
        <p className="notice" data-testid="verify-demo-log">
          {t('verify.demoLog')}
        </p>
      ) : null}
      <DigitKeypad
        value={code}
        length={CODE_LENGTH}
        label={t('verify.codeLabel')}
        disabled={verify.pending}
        onChange={(next) => {
          verify.clear();
          if (next.length < CODE_LENGTH) {
            setCode(next);
            return;
          }
          // Sent as soon as it is complete; the keypad is empty for a next try.
          setCode('');
          verify.run({ code: next });
        }}
      />
      {verify.pending ? <Spinner label={t('verify.checking')} /> : (verify.error ?? send.error)}
      {proof.attempts_left < 5 ? (
        <p className="muted" data-testid="verify-attempts">
          {t('verify.attemptsLeft', { count: proof.attempts_left })}
        </p>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" busy={send.pending} onClick={sendCode} data-testid="send-code-again">
          {t('verify.sendAgain')}
        </Button>
        {back}
      </div>
    </Screen>
  );
}
