import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';

/**
 * The Done button that ends a session on a result screen; busy while the session is being
 * completed. `children`: other ways on, in the same row before it.
 */
export function DoneActions({
  onDone,
  finishing,
  children,
}: {
  onDone: () => void;
  finishing: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      {children}
      <Button busy={finishing} onClick={onDone} data-testid="done-button">
        {t('common.done')}
      </Button>
    </div>
  );
}
