import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import './i18n';
import './styles.css';
import { reloadAfterChunkFailure } from './app/lazy-page';
import { routes } from './app/routes';
import { SessionListener } from './lib/session/session-listener';

// Vite reports a failed dynamic import of a stale chunk here.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkFailure()) event.preventDefault();
});

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionListener />
    <RouterProvider router={router} />
  </StrictMode>,
);
