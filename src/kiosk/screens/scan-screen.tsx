import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSettings } from '../../contract/portal';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';
import { useDelayedFlag } from '../hooks/use-delayed-flag';
import { ScanIllustration } from './scan-illustration';

// The decoders are large: they load only on a screen that uses the camera.
const CameraScanner = lazy(() =>
  import('../input/camera-scanner').then((module) => ({ default: module.CameraScanner })),
);

/**
 * How long a scanned code is checked before the screen says so: the scan beeps at once, and most
 * answers come sooner (the next screen then follows the scan screen directly).
 */
export const CHECKING_SHOWN_AFTER_MS = 300;

/** What a scan screen says: what to scan, and how. */
export interface ScanTexts {
  title: string;
  cameraHint: string;
  handHint: string;
  /** Shown while the scanned code is checked. */
  checking: string;
  /** Shown when the camera cannot be used (the hand scanner still works). */
  cameraUnavailable: string;
  illustration: string;
}

/**
 * Scan a code (a card, an app code, a gift card, a voucher): the camera preview (scanner_type
 * "camera"), else the hand-scanner illustration. A camera that is unavailable falls back to the
 * hand scanner, saying so. `intro` goes above the scanner (an amount to pay); `actions` beside the
 * camera switch (use e-mail, type the code).
 */
export function ScanScreen({
  settings,
  texts,
  testId = 'screen-scan',
  cameraFailed,
  onCameraUnavailable,
  onScan,
  checking,
  error,
  intro,
  actions,
  footer,
}: {
  settings: PortalSettings;
  texts: ScanTexts;
  testId?: string;
  cameraFailed: boolean;
  onCameraUnavailable: () => void;
  onScan: (value: string) => void;
  /** A scanned code is being checked (said on the screen once it takes CHECKING_SHOWN_AFTER_MS). */
  checking: boolean;
  error?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const [facingMode, setFacingMode] = useState(settings.facing_mode);
  const camera = settings.scanner_type === 'camera' && !cameraFailed;
  // The camera is imported after the screen's first commit: suspending in that render would cost
  // the first screen time (the import call, React's suspense passes).
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  const starting = <Spinner label={t('scan.cameraStarting')} />;
  const slowCheck = useDelayedFlag(checking, CHECKING_SHOWN_AFTER_MS);
  return (
    <Screen title={texts.title} testId={testId} footer={footer}>
      {intro}
      {cameraFailed ? (
        <p className="notice" role="status" data-testid="camera-unavailable">
          {texts.cameraUnavailable}
        </p>
      ) : null}
      <p className="lead">{camera ? texts.cameraHint : texts.handHint}</p>
      {camera ? (
        <div className="camera" data-testid="camera">
          <Suspense fallback={starting}>
            {committed ? (
              <CameraScanner
                facingMode={facingMode}
                engine={settings.camera_service}
                onScan={onScan}
                onUnavailable={onCameraUnavailable}
              />
            ) : (
              starting
            )}
          </Suspense>
        </div>
      ) : (
        <ScanIllustration label={texts.illustration} />
      )}
      {slowCheck ? <Spinner label={texts.checking} /> : null}
      {error}
      <div className="scan-actions">
        {camera ? (
          <Button
            variant="secondary"
            onClick={() => setFacingMode((mode) => (mode === 'user' ? 'environment' : 'user'))}
          >
            {t('scan.switchCamera')}
          </Button>
        ) : null}
        {actions}
      </div>
    </Screen>
  );
}
