import { QueryClient } from '@tanstack/react-query';
import renderToString from 'preact-render-to-string';
import type { PortalSessionState } from '../../contract/portal';
import { sessionKey } from '../api/get-session';
import { i18n } from '../i18n/i18n';
import { acceptedLocales, defaultLanguage, type Language } from '../i18n/language';
import { App } from './app';
import { Providers } from './providers';

/** A first screen rendered ahead: the markup of `#root` and the language it is in. */
export interface PrerenderedScreen {
  html: string;
  language: Language;
}

/**
 * The kiosk's first screen for a session, rendered by the service into the page it serves (built
 * for Node by vite.prerender.config.ts; docs/design.md "The first screen, from the service").
 * `session`: the portal API's answer for it (GET /portal/api/sessions/{uuid}, its `data`);
 * `acceptLanguage`: the request's header, which picks the language as `navigator.languages` does
 * in the page. The same components as in the page, from the same answer, so the page's own first
 * render finds the same elements and only takes them over. Synchronous: the shared i18n instance
 * holds the request's language only while this runs.
 * @returns null when that screen cannot be rendered ahead (a flow the page loads on demand); the page
 * then renders it itself, as without this. Throws what a component throws.
 */
export function prerenderSessionScreen(input: {
  uuid: string;
  session: PortalSessionState;
  acceptLanguage: string | undefined;
}): PrerenderedScreen | null {
  const language = defaultLanguage(acceptedLocales(input.acceptLanguage));
  // Not createKioskQueryClient: that one follows the page's connection for as long as it lives.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(sessionKey(input.uuid), input.session);
  void i18n.changeLanguage(language);
  try {
    const html = renderToString(
      <Providers client={client}>
        <App route={{ kind: 'session', uuid: input.uuid }} />
      </Providers>,
    );
    // A flow loaded on demand leaves its Suspense fallback (the loading screen): not the first screen.
    if (html.includes('data-testid="screen-loading"')) return null;
    return { html, language };
  } finally {
    client.clear();
  }
}
