import { useSyncExternalStore } from 'react';

/** The office's sections, in the order of the navigation; each is a `#name` of the URL. */
export const SECTIONS = [
  'shops',
  'devices',
  'staff',
  'keys',
  'rewards',
  'earning',
  'promotions',
  'customers',
  'reports',
  'import',
  'audit',
] as const;
export type Section = (typeof SECTIONS)[number];

function current(): Section {
  const name = window.location.hash.replace(/^#/, '');
  return SECTIONS.find((section) => section === name) ?? 'shops';
}

function subscribe(notify: () => void): () => void {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
}

/** The section the URL's hash names (shops when none): the browser's back button goes to the previous one. */
export function useSection(): Section {
  return useSyncExternalStore(subscribe, current, () => 'shops');
}

/**
 * The `?reset=` token of a password-reset link, taken out of the page's address at once (a
 * one-time token must not stay in the history, a bookmark or a shared screenshot); null when none.
 */
export function takeResetToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('reset');
  if (token === null) return null;
  url.searchParams.delete('reset');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}
