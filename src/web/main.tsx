import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/app-providers';
import { createRouter } from './app/router';

// Not a top-level await: the bundler would then split everything the pages share out of this file (pages
// cannot import from an entry still awaiting them), a dozen more files to fetch before the first paint.
void createRouter().then((router) => {
  const container = document.getElementById('root')!;
  const app = (
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // a page the server sent already drawn (decision 184) is taken over where it stands; any other is drawn here
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
