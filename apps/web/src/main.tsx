import './app/preact-options';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createRouter } from './app/router';
import { startDrawingInTurn } from './shared/ui/drawn-in-turn';

// The app starts in three tasks, not one long one, so a phone stays responsive while it starts
// (decisions 257 and 269): this module's evaluation; the router's creation, which matches the address
// and sets off the first screen's code and its data or the session; the first render (Preact,
// decision 268). index.html's boot splash stays in place until then. The first render leaves the
// parts marked InTurn (the top bar's tools, the dashboard's cards) to tasks of their own after it
// (decision 272). The screen's code, as it arrives, is evaluated in a task before the router's next
// step (decision 274).
startDrawingInTurn();
setTimeout(() => {
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  setTimeout(() =>
    createRoot(document.getElementById('root')!).render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  );
});
