import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSettings } from '../../contract/portal';
import { Button } from '../../ui/button';
import { useScanner } from '../hooks/use-scanner';
import type { CaptureMode } from '../lib/capture';
import { CodeEntryScreen } from './code-entry-screen';
import { ScanScreen, type ScanTexts } from './scan-screen';

/**
 * A step that captures one code (a gift card, a voucher, a card to add): scanned by camera or hand
 * scanner, or typed on the on-screen code keyboard when the session enables it. `mode` lives in the
 * flow's store; `onMode` moves it. `onBack` (when given) leads back out of the step.
 */
export function CodeCapture({
  settings,
  mode,
  onMode,
  texts,
  typeTitle,
  typeLabel,
  testId,
  submit,
  checking,
  error,
  intro,
  onBack,
  footer,
}: {
  settings: PortalSettings;
  mode: CaptureMode;
  onMode: (mode: CaptureMode) => void;
  texts: Omit<ScanTexts, 'cameraUnavailable'>;
  typeTitle: string;
  typeLabel: string;
  /** data-testid prefix: `<testId>-scan` and `<testId>-code`. */
  testId: string;
  submit: (code: string) => void;
  checking: boolean;
  error?: ReactNode;
  intro?: ReactNode;
  /** Back to where the flow came from, beside Cancel. */
  onBack?: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const keyboard = settings.enable_on_screen_keyboard;
  const footerWithBack = onBack ? (
    <div className="footer-row">
      <Button variant="secondary" onClick={onBack} data-testid="back-button">
        {t('common.back')}
      </Button>
      {footer}
    </div>
  ) : (
    footer
  );
  if (mode === 'type') {
    return (
      <CodeEntryScreen
        title={typeTitle}
        label={typeLabel}
        testId={`${testId}-code`}
        onSubmit={submit}
        checking={checking}
        error={error}
        intro={intro}
        onBack={() => onMode('scan')}
        footer={footerWithBack}
      />
    );
  }
  return (
    <ScanStep
      settings={settings}
      texts={{
        ...texts,
        cameraUnavailable: t(keyboard ? 'code.cameraUnavailableType' : 'scan.cameraUnavailableNoEmail'),
      }}
      testId={`${testId}-scan`}
      cameraFailed={mode === 'scan_no_camera'}
      onCameraUnavailable={() => onMode('scan_no_camera')}
      submit={submit}
      checking={checking}
      error={error}
      intro={intro}
      actions={
        keyboard ? (
          <Button variant="secondary" onClick={() => onMode('type')} data-testid="type-code">
            {t('code.typeInstead')}
          </Button>
        ) : null
      }
      footer={footerWithBack}
    />
  );
}

function ScanStep({
  submit,
  checking,
  ...props
}: Omit<Parameters<typeof ScanScreen>[0], 'onScan'> & { submit: (code: string) => void }) {
  const onScan = useScanner(submit, checking);
  return <ScanScreen {...props} checking={checking} onScan={onScan} />;
}
