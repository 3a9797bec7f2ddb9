import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';

/** The Done button that ends a session on a result screen; busy while the session is being completed. */
export function DoneActions({ onDone, finishing }: { onDone: () => void; finishing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button busy={finishing} onClick={onDone} data-testid="done-button">
        {t('common.done')}
      </Button>
    </div>
  );
}
