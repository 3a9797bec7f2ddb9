import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '../tokens.css';
import '../ui.css';
import './catalogue.css';
import { brandVariables } from '../brand';
import { Catalogue } from './catalogue';

// A development page (`npm run dev:catalogue`): every component of src/ui, in both orientations.
const root = document.getElementById('root');
if (root) {
  const params = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(
    brandVariables({
      small_logo_url: null,
      large_logo_url: null,
      cover_image_url: null,
      primary_color: params.get('primary') ?? '#6b3e26',
      secondary_color: params.get('secondary') ?? '#f4e9dc',
      tertiary_color: null,
      quaternary_color: '#dba543',
      font_color: null,
      description: null,
      corner_theme: null,
      font_family: null,
    }),
  ))
    document.documentElement.style.setProperty(name, value);
  createRoot(root).render(
    <StrictMode>
      <Catalogue show={params.get('show')} />
    </StrictMode>,
  );
}
