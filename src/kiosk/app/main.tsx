import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/kiosk.css';
import { deviceQueryOptions } from '../api/get-device';
import { sessionQueryOptions } from '../api/get-session';
import { watchBrowserConnection } from '../lib/connection';
import { parseKioskRoute } from '../lib/kiosk-route';
import { App } from './app';
import { createKioskQueryClient, Providers } from './providers';

const route = parseKioskRoute(window.location.search);
watchBrowserConnection(window);
const queryClient = createKioskQueryClient();
// The first request leaves before React renders: the screen's query finds it under way (same key).
if (route.kind === 'session') void queryClient.prefetchQuery(sessionQueryOptions(route.uuid));
if (route.kind === 'standby') void queryClient.prefetchQuery(deviceQueryOptions(route.token));

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
