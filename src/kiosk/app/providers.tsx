import { MutationCache, notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { toApiError } from '../../web/api-error';
import { i18n } from '../i18n/i18n';
import { connection } from '../lib/connection';
import { ErrorBoundary } from './error-boundary';

/**
 * A query client whose failed actions on an ended session refetch every session (end screen), and
 * which refetches everything on screen when the connection comes back: the screen then shows the
 * service's state, never one it kept from before. Its notifications (an answer's render) run in a
 * microtask of the task that got the answer, not in a later task (TanStack's default setTimeout):
 * on a slow tablet the tasks queued in between held the next screen back by up to ~20 ms.
 */
export function createKioskQueryClient(): QueryClient {
  notifyManager.setScheduler(queueMicrotask);
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 2000, refetchOnWindowFocus: true } },
    mutationCache: new MutationCache({
      onError: (error) => {
        const { status } = toApiError(error);
        if (status === 404 || status === 410) void client.invalidateQueries({ queryKey: ['portal-session'] });
      },
    }),
  });
  connection.subscribe((state, previous) => {
    if (state.online && !previous.online) void client.invalidateQueries();
  });
  return client;
}

/** Error boundary, server-state cache (`client`, from createKioskQueryClient) and translations around the app. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
