import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { reloadOnceForFailedPageLoad } from './app/page-load-recovery';
import { router } from './app/router';

// A page's code that failed to preload (replaced by a new release): one reload fetches it again.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForFailedPageLoad()) event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
