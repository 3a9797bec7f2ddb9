import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { toPortalApiError } from '../../kiosk/api/portal-api-error';
import { i18n } from '../i18n/i18n';

/**
 * The console's server-state cache: reads are retried only when another try may help (no answer,
 * overload, server fault), never a refusal; actions are not retried (each keeps its own key).
 */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2000,
        refetchOnWindowFocus: true,
        retry: (count, error) => toPortalApiError(error).retryable && count < 3,
      },
      mutations: { retry: false },
    },
  });
}

/** Server-state cache (`client`, from createConsoleQueryClient) and translations around the console. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
