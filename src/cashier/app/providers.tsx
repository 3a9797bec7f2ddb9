import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { toApiError } from '../../web/api-error';
import { deviceKey, isUnpaired, needsPersonAtTill } from '../api/queries';
import { i18n } from '../i18n/i18n';

/**
 * The console's server-state cache: reads are retried only when another try may help (no answer,
 * overload, server fault), never a refusal; actions are not retried (each keeps its own key). A call
 * of any kind refused because the device is not paired any more (revoked from the fixture, its
 * console session ended) forgets everything the console holds of its shop: the app then turns to
 * pairing and says the device is no longer paired, without a reload. An action refused because
 * nobody is signed in at the till any more (the person was removed) asks for the device again: the
 * app then asks who is at the till.
 */
export function createConsoleQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => forgetRefusedDevice(client, error) }),
    mutationCache: new MutationCache({
      onError: (error) => {
        forgetRefusedDevice(client, error);
        if (needsPersonAtTill(error)) void client.invalidateQueries({ queryKey: deviceKey });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 2000,
        refetchOnWindowFocus: true,
        retry: (count, error) => toApiError(error).retryable && count < 3,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

// Only while paired: pairing's own refusal (a wrong code) and the device's refetch after a reset
// find no device to forget.
function forgetRefusedDevice(client: QueryClient, error: unknown): void {
  if (isUnpaired(error) && client.getQueryData(deviceKey) !== undefined) {
    void client.resetQueries({ queryKey: ['cashier'] });
  }
}

/** Server-state cache (`client`, from createConsoleQueryClient) and translations around the console. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
