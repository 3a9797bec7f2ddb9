import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../../web/api-error';
import { endSession, SESSION_KEY } from '../api/queries';
import { i18n } from '../i18n/i18n';

/**
 * The office's query client: a refusal (4xx) is not tried again (the answer will not change), a
 * network fault or server error twice. Any call answered 401 (the session ended: expired, signed
 * out everywhere, the person removed) shows the sign-in screen at once; the sign-in calls
 * themselves (mutation meta `public`) are the screen's own business.
 */
export function createOfficeQueryClient(): QueryClient {
  const ended = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401)
      endSession(client, { state: 'signed-out', note: 'expired' });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey !== SESSION_KEY) ended(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _context, mutation) => {
        if (!mutation.meta?.public) ended(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The server-state cache (`client`) and the translations around the page. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
