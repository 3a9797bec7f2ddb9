import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';

/**
 * The visible countdown before an idle reset (`closing`: before the session ends), with a big
 * "I'm still here".
 */
export function IdleCountdown({
  secondsLeft,
  closing,
  onStay,
}: {
  secondsLeft: number;
  closing: boolean;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <div className="overlay">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="idle-title"
        aria-describedby="idle-body"
        data-testid="idle-countdown"
      >
        <h2 id="idle-title">{t('idle.title')}</h2>
        <p id="idle-body" aria-live="polite">
          {t(closing ? 'terminal.closing' : 'idle.body', { count: secondsLeft })}
        </p>
        <Button ref={stay} onClick={onStay}>
          {t('idle.stay')}
        </Button>
      </div>
    </div>
  );
}
