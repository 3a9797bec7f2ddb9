import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { errorWords } from '../api/error-words';
import { Notice } from './notice';

/**
 * A form's end: why saving failed, in words (a refused field named by `labels`, the API's field
 * name → the form's label), then Save (busy while `save` is pending) and Cancel.
 */
export function FormEnd({
  save,
  labels,
  onCancel,
}: {
  save: { isPending: boolean; isError: boolean; error: unknown };
  labels: Record<string, string>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('office');
  return (
    <>
      {save.isError ? <Notice kind="error">{errorWords(t, save.error, labels)}</Notice> : null}
      <div className="office-actions">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
        <Button variant="quiet" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </>
  );
}
