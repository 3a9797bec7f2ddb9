import { useTranslation } from 'react-i18next';

/** Switches the page between Dutch and English; labelled in the language it switches to. */
export function LanguageButton() {
  const { t, i18n } = useTranslation('office');
  const other = i18n.language === 'nl' ? 'en' : 'nl';
  return (
    <button
      type="button"
      className="office-language"
      lang={other}
      aria-label={t('languageLabel')}
      onClick={() => void i18n.changeLanguage(other)}
      data-testid="language"
    >
      {t('language')}
    </button>
  );
}
