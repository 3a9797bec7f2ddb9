import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Notice } from './notice';

/**
 * An inline "are you sure?" in place of the row's actions: the question (focused, so a screen
 * reader reads it), the danger button and "No, keep it"; a refusal shows under it.
 */
export function Confirm({
  question,
  yes,
  busy,
  error,
  onYes,
  onNo,
}: {
  question: string;
  yes: string;
  busy: boolean;
  error: unknown;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useTranslation('office');
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => text.current?.focus(), []);
  return (
    <div className="office-confirm" data-testid="confirm">
      <p ref={text} tabIndex={-1}>
        {question}
      </p>
      {error ? <Notice kind="error" error={error} /> : null}
      <div className="office-actions">
        <Button className="office-danger office-small-button" busy={busy} onClick={onYes}>
          {yes}
        </Button>
        <Button variant="quiet" className="office-small-button" onClick={onNo}>
          {t('keep')}
        </Button>
      </div>
    </div>
  );
}
