import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSettings } from '../../contract/portal';
import type { CaptureMode } from '../lib/capture';
import { CodeCapture } from './code-capture';

/**
 * The gift-card scan step shared by paying and topping up: a CodeCapture with the gift-card texts
 * whose code goes to the session's scan action (`scan`, from useAction over useScanGiftcard).
 */
export function GiftcardCapture({
  title,
  scan,
  ...rest
}: {
  title: string;
  scan: { run: (body: { value: string }) => void; pending: boolean; error: ReactNode };
  settings: PortalSettings;
  mode: CaptureMode;
  onMode: (mode: CaptureMode) => void;
  intro?: ReactNode;
  onBack?: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CodeCapture
      {...rest}
      texts={{
        title,
        cameraHint: t('giftcard.cameraHint'),
        handHint: t('giftcard.handHint'),
        checking: t('giftcard.checking'),
        illustration: t('giftcard.illustration'),
      }}
      typeTitle={t('giftcard.typeTitle')}
      typeLabel={t('giftcard.codeLabel')}
      testId="screen-giftcard"
      submit={(value) => scan.run({ value })}
      checking={scan.pending}
      error={scan.error}
    />
  );
}
