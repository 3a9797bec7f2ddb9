import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../web/language';

/** NL / EN: the console's language, kept on this device. */
export function LanguageButtons() {
  const { t, i18n } = useTranslation('cashier');
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form fieldset
    <div className="languages" role="group" aria-label={t('app.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language"
          lang={language}
          aria-pressed={i18n.language === language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
