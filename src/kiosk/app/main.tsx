import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '../../ui/tokens.css';
import '../../ui/ui.css';
import '../styles/kiosk.css';
import '../styles/layout.css';
import { prepareFormats } from '../../web/format';
import { LANGUAGES } from '../../web/language';
import { deviceQueryOptions } from '../api/get-device';
import { sessionQueryOptions } from '../api/get-session';
import { listenForHandScanner } from '../input/hand-scanner';
import { prepareScanSound } from '../input/scan-sound';
import { watchBrowserConnection } from '../lib/connection';
import { parseKioskRoute } from '../lib/kiosk-route';
import { whenIdle } from '../lib/when-idle';
import { App } from './app';
import { createKioskQueryClient, Providers } from './providers';

const route = parseKioskRoute(window.location.search);
watchBrowserConnection(window);
// Before anything loads: a card scanned while the session is fetched reaches the first scan screen.
listenForHandScanner(window);
prepareScanSound(window);
const queryClient = createKioskQueryClient();
// The first request leaves before React renders: the screen's query finds it under way (same key).
const firstRequest =
  route.kind === 'session'
    ? queryClient.prefetchQuery(sessionQueryOptions(route.uuid))
    : route.kind === 'standby'
      ? queryClient.prefetchQuery(deviceQueryOptions(route.token))
      : Promise.resolve();

// After the first screen, while the page is idle (prefetchQuery never rejects): the number formats a
// customer's screens use, made now rather than when the customer waits for them.
void firstRequest.then(() => {
  for (const language of LANGUAGES) whenIdle(() => prepareFormats(language));
});

/**
 * The first render waits for the session (or standby device) at most this long: the service answers
 * within tens of milliseconds, so the first screen the page renders and paints is the session's own,
 * not a loading screen and then the session's screen. A slower answer gets the loading screen after
 * this wait.
 */
const FIRST_RENDER_WAIT_MS = 250;

const root = document.getElementById('root');
if (root) {
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <App route={route} />
        </Providers>
      </StrictMode>,
    );
  void Promise.race([firstRequest, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(
    render,
  );
}
