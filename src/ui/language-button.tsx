import { useTranslation } from 'react-i18next';

/**
 * Switches the page between Dutch and English, labelled in the language it switches to; its words
 * (`language`, `languageLabel`) are the app's namespace `ns`. A pill on the page's header
 * (`.ui-pill-button`, ui.css).
 */
export function LanguageButton({ ns }: { ns: 'me' | 'office' }) {
  const { t, i18n } = useTranslation(ns);
  const other = i18n.language === 'nl' ? 'en' : 'nl';
  return (
    <button
      type="button"
      className="ui-pill-button"
      lang={other}
      aria-label={t('languageLabel')}
      onClick={() => void i18n.changeLanguage(other)}
      data-testid="language"
    >
      {t('language')}
    </button>
  );
}
