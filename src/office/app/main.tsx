import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '../../ui/tokens.css';
import '../../ui/ui.css';
import '../styles/office.css';
import { App } from './app';
import { createOfficeQueryClient, Providers } from './providers';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers client={createOfficeQueryClient()}>
        <App />
      </Providers>
    </StrictMode>,
  );
}
