import { useEffect } from 'react';
import { switchToLanguageOf } from '../i18n/i18n';

/**
 * Switches to an identified contact's language, once per contact (the switch stays usable). A
 * contact identified on this screen already speaks it (identify and register answers switch at
 * once); this covers one that arrives by a refetch (identified at the till).
 */
export function useContactLanguage(
  contact: { uuid: string; locale: string | null } | null | undefined,
): void {
  const uuid = contact?.uuid;
  const locale = contact?.locale ?? null;
  useEffect(() => {
    if (uuid) switchToLanguageOf({ locale });
  }, [uuid, locale]);
}
