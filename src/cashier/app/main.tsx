import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '../styles/cashier.css';
import { toPortalApiError } from '../../kiosk/api/portal-api-error';
import { i18n } from '../i18n/i18n';
import { App } from './app';

// Reads are retried only when another try may help (no answer, overload, server fault), never a refusal.
const client = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 2000,
      refetchOnWindowFocus: true,
      retry: (count, error) => toPortalApiError(error).retryable && count < 3,
    },
    mutations: { retry: false },
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
