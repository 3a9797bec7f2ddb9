import { useEffect } from 'react';
import { i18n } from '../i18n/i18n';
import { languageFor } from '../i18n/language';

/** Switches to an identified contact's language, once per contact (the switch stays usable). */
export function useContactLanguage(
  contact: { uuid: string; locale: string | null } | null | undefined,
): void {
  const uuid = contact?.uuid;
  const locale = contact?.locale;
  useEffect(() => {
    const language = languageFor(locale);
    if (uuid && language) void i18n.changeLanguage(language);
  }, [uuid, locale]);
}
