import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSettings } from '../../contract/portal';
import { Button } from '../components/button';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';
import { ScanIllustration } from './scan-illustration';

// The decoders are large: they load only on a screen that uses the camera.
const CameraScanner = lazy(() =>
  import('../input/camera-scanner').then((module) => ({ default: module.CameraScanner })),
);

/**
 * Identify by scanning a card or an app code: the camera preview (scanner_type "camera"), else the
 * hand-scanner illustration. A camera that is unavailable falls back to the hand scanner, saying so.
 */
export function ScanScreen({
  settings,
  cameraFailed,
  onCameraUnavailable,
  onScan,
  checking,
  error,
  onUseEmail,
  footer,
}: {
  settings: PortalSettings;
  cameraFailed: boolean;
  onCameraUnavailable: () => void;
  onScan: (value: string) => void;
  /** An identification is under way. */
  checking: boolean;
  error?: ReactNode;
  onUseEmail?: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const [facingMode, setFacingMode] = useState(settings.facing_mode);
  const camera = settings.scanner_type === 'camera' && !cameraFailed;
  return (
    <Screen title={t('scan.title')} testId="screen-scan" footer={footer}>
      {cameraFailed ? (
        <p className="notice" role="status" data-testid="camera-unavailable">
          {t(onUseEmail ? 'scan.cameraUnavailable' : 'scan.cameraUnavailableNoEmail')}
        </p>
      ) : null}
      <p className="lead">{t(camera ? 'scan.cameraHint' : 'scan.handHint')}</p>
      {camera ? (
        <div className="camera" data-testid="camera">
          <Suspense fallback={<Spinner label={t('scan.cameraStarting')} />}>
            <CameraScanner
              facingMode={facingMode}
              engine={settings.camera_service}
              onScan={onScan}
              onUnavailable={onCameraUnavailable}
            />
          </Suspense>
        </div>
      ) : (
        <ScanIllustration label={t('scan.illustration')} />
      )}
      {checking ? <Spinner label={t('scan.checking')} /> : null}
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
        {onUseEmail ? (
          <Button variant="secondary" onClick={onUseEmail} data-testid="use-email">
            {t('scan.useEmail')}
          </Button>
        ) : null}
      </div>
    </Screen>
  );
}
