import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '../../ui/tokens.css';
import '../styles/cashier.css';
import { App } from './app';
import { createConsoleQueryClient, Providers } from './providers';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers client={createConsoleQueryClient()}>
        <App />
      </Providers>
    </StrictMode>,
  );
}
