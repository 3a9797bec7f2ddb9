import { useTranslation } from 'react-i18next';

/** Switches the page between Dutch and English; labelled in the language it switches to. */
export function LanguageButton() {
  const { t, i18n } = useTranslation('me');
  const other = i18n.language === 'nl' ? 'en' : 'nl';
  return (
    <button
      type="button"
      className="me-language"
      lang={other}
      aria-label={t('languageLabel')}
      onClick={() => void i18n.changeLanguage(other)}
      data-testid="language"
    >
      {t('language')}
    </button>
  );
}
