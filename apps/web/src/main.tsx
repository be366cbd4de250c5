import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { locationToPath } from './lib/redirect';
import './index.css';

const queryClient = createQueryClient();
const router = createAppRouter();

// A 401 on a call made with a token: the session cookies are already cleared; drop cached
// data of the old session and go to /login, remembering the page for after the next login.
setUnauthorizedHandler(() => {
  queryClient.clear();
  const from = locationToPath(router.state.location);
  void router.navigate('/login', { replace: true, state: from.startsWith('/login') ? undefined : { from } });
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
