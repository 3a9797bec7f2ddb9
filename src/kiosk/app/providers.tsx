import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { toPortalApiError } from '../api/portal-api-error';
import { i18n } from '../i18n/i18n';
import { ErrorBoundary } from './error-boundary';

/** A query client whose failed actions on an ended session refetch every session (end screen). */
export function createKioskQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 2000, refetchOnWindowFocus: true } },
    mutationCache: new MutationCache({
      onError: (error) => {
        const { status } = toPortalApiError(error);
        if (status === 404 || status === 410) void client.invalidateQueries({ queryKey: ['portal-session'] });
      },
    }),
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
