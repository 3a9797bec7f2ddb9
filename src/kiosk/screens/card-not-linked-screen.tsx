import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';

/** A card no account owns, on a screen without registration: say so, offer the way back. */
export function CardNotLinkedScreen({
  onBack,
  onUseEmail,
  footer,
}: {
  onBack: () => void;
  onUseEmail?: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Screen
      title={t('cardNotLinked.title')}
      testId="screen-card-not-linked"
      status="warning"
      tone="warning"
      footer={footer}
    >
      <p className="lead">{t(onUseEmail ? 'cardNotLinked.bodyEmail' : 'cardNotLinked.body')}</p>
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack}>
          {t('common.back')}
        </Button>
        {onUseEmail ? (
          <Button onClick={onUseEmail} data-testid="use-email">
            {t('scan.useEmail')}
          </Button>
        ) : null}
      </div>
    </Screen>
  );
}
