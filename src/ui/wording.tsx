/*
 * How the account's screens word things (contract/portal.ts AccountWording), for the kiosk and the
 * console alike: Dutch "je" or "u", the account's own word for its credits, how many decimals a
 * number of credits shows, and the account's content in the screen's language. The account comes
 * with every session, standby and console answer; applyWording puts it in place before the screens
 * that read it render.
 */
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AccountWording } from '../contract/portal';

/** Texts that replace some of a language's texts: the same nesting as the full texts, strings only. */
export type TextOverrides = { [key: string]: string | TextOverrides };

/** The wording of an account that sets none: je, points / punten, whole points, no translations. */
export const DEFAULT_WORDING: AccountWording = {
  dutch_address: 'je',
  credit_name: { nl: null, en: null },
  credit_decimals: 0,
  translations: {},
};

let current: AccountWording = DEFAULT_WORDING;
let appliedKey = '';

/** The wording in place now (DEFAULT_WORDING until an account's is applied). */
export function currentWording(): AccountWording {
  return current;
}

/**
 * Puts `wording` in place for an i18next instance: its namespace `namespace` gets the base `texts`
 * of each language again, the formal Dutch `nlFormal` over them when the account says "u", and the
 * account's credit word as `unit.point`, `unit.points` and `unit.Points` (the texts nest `$t(unit.points)`). Cheap
 * when nothing changed, so a screen may call it on every render.
 */
export function applyWording(
  i18n: I18n,
  namespace: string,
  texts: Record<'nl' | 'en', object>,
  nlFormal: TextOverrides | null,
  wording: AccountWording = DEFAULT_WORDING,
): void {
  const key = `${namespace} ${JSON.stringify(wording)}`;
  current = wording;
  if (key === appliedKey) return;
  appliedKey = key;
  for (const language of ['nl', 'en'] as const) {
    // Copies: i18next merges into the objects it holds, which must never be the texts themselves.
    i18n.addResourceBundle(language, namespace, structuredClone(texts[language]), true, true);
    if (language === 'nl' && wording.dutch_address === 'u' && nlFormal)
      i18n.addResourceBundle(language, namespace, structuredClone(nlFormal), true, true);
    const word = wording.credit_name[language];
    if (word) {
      i18n.addResource(language, namespace, 'unit.point', word.toLocaleLowerCase(language));
      i18n.addResource(language, namespace, 'unit.points', word.toLocaleLowerCase(language));
      i18n.addResource(language, namespace, 'unit.Points', capitalise(word, language));
    }
  }
}

/** The account's text in `language` (its `translations`), else the text as the account wrote it. */
export function contentText(text: string, language: string): string {
  return current.translations[language.slice(0, 2)]?.[text] ?? text;
}

/**
 * A number of credits rounded to the account's decimals: `down` for what someone has (never show
 * more than there is), `up` for what is still needed (never promise less), `nearest` for a change.
 */
export function roundCredits(credits: number, direction: 'down' | 'up' | 'nearest' = 'down'): number {
  const scale = 10 ** current.credit_decimals;
  // The epsilon keeps 0.1 + 0.2 style sums on the figure they mean.
  const scaled = credits * scale;
  const rounded =
    direction === 'down'
      ? Math.floor(scaled + 1e-9)
      : direction === 'up'
        ? Math.ceil(scaled - 1e-9)
        : Math.round(scaled);
  return rounded / scale;
}

/** A word with its first letter in upper case, as the language writes it ("punten" → "Punten"). */
export function capitalise(word: string, language: string): string {
  return word.charAt(0).toLocaleUpperCase(language) + word.slice(1);
}

/** The account's content in the screen's language: `(text) => text as translated, else as written`. */
export function useContent(): (text: string) => string {
  const { i18n } = useTranslation();
  return (text: string) => contentText(text, i18n.language);
}

/** The account's text (a reward's title, a voucher's name) in the screen's language. */
export function Content({ text }: { text: string }) {
  return useContent()(text);
}
