import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/kiosk.css';
import { App } from './app';
import { Providers } from './providers';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
}
