import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../web/language';

/**
 * NL / EN buttons; the current language is pressed. The name is the visible code followed by the
 * language's name, so a voice-control user saying what they see ("NL") reaches it (WCAG 2.5.3).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('common.language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-button"
          aria-pressed={i18n.language === language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {language.toUpperCase()}
          <span className="visually-hidden"> {t(`language.${language}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
