import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/tokens.css';
import '../styles/kiosk.css';
import '../styles/layout.css';
import { deviceQueryOptions } from '../api/get-device';
import { sessionQueryOptions } from '../api/get-session';
import { listenForHandScanner } from '../input/hand-scanner';
import { watchBrowserConnection } from '../lib/connection';
import { parseKioskRoute } from '../lib/kiosk-route';
import { App } from './app';
import { createKioskQueryClient, Providers } from './providers';

const route = parseKioskRoute(window.location.search);
watchBrowserConnection(window);
// Before anything loads: a card scanned while the session is fetched reaches the first scan screen.
listenForHandScanner(window);
const queryClient = createKioskQueryClient();
// The first request leaves before React renders: the screen's query finds it under way (same key).
if (route.kind === 'session') void queryClient.prefetchQuery(sessionQueryOptions(route.uuid));
if (route.kind === 'standby') void queryClient.prefetchQuery(deviceQueryOptions(route.token));

// The bundled variable font (latin subset, 48 KB) is fetched after the first screen, not before it:
// until it arrives the text shows in "Inter Fallback", sized alike (styles/tokens.css).
const loadFont = () => void import('@fontsource-variable/inter/wght.css');
if ('requestIdleCallback' in window) window.requestIdleCallback(loadFont, { timeout: 1500 });
else setTimeout(loadFont, 300);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers client={queryClient}>
        <App route={route} />
      </Providers>
    </StrictMode>,
  );
}
