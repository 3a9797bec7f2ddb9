import { useTranslation } from 'react-i18next';
import { useUnpair } from '../api/queries';

/** Unpairs this browser, after the browser's own confirmation. */
export function UnpairButton() {
  const { t } = useTranslation('cashier');
  const unpair = useUnpair();
  return (
    <p className="console-unpair">
      <button
        type="button"
        className="button button-link"
        onClick={() => {
          if (window.confirm(t('app.unpairConfirm'))) unpair.mutate();
        }}
      >
        {t('app.unpair')}
      </button>
    </p>
  );
}
