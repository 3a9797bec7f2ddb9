import { useSyncExternalStore } from 'react';

/** The signed-in page's sections, in the order of the tab bar; each is a `#name` of the URL. */
export const SECTIONS = ['home', 'rewards', 'activity', 'cards', 'account'] as const;
export type Section = (typeof SECTIONS)[number];

function current(): Section {
  const name = window.location.hash.replace(/^#/, '');
  return SECTIONS.find((section) => section === name) ?? 'home';
}

function subscribe(notify: () => void): () => void {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
}

/** The section the URL's hash names (home when none): the phone's back button goes to the previous one. */
export function useSection(): Section {
  return useSyncExternalStore(subscribe, current, () => 'home');
}

/**
 * The page's address without `?token=` (a one-time link token must not stay in the history,
 * a bookmark or a shared screenshot); null when it has none.
 */
export function takeLinkToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}
