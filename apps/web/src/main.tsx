import { matchPage, parseLocalePath } from '@quire/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bindProgressToRouter } from './app/progress-binding';
import { buildRoutes } from './app/routes';
import { loadingProgress } from './components/progress/progress.store';
import { connectApiToSession } from './features/auth/connect-api';
import { setSessionExpiredHandler } from './features/auth/refresh';
import { loginPath } from './features/auth/return-path';
import { captureReferral } from './features/referral/referral-cookie';
import { initI18n } from './i18n/i18n';
import { setReloadTarget } from './lib/chunk-reload';
import { queryClient } from './lib/query-client';
import './styles/global.css';

// Back/forward restore the scroll position themselves (react-router's ScrollRestoration), not the browser.
window.history.scrollRestoration = 'manual';
// Before the router reads the address: a referral link's `?ref=` is remembered and taken off it.
captureReferral();

connectApiToSession();
const router = createBrowserRouter(buildRoutes());
bindProgressToRouter(router, loadingProgress);
setReloadTarget(() => {
  const target = router.state.navigation.location;
  return target ? router.createHref(target) : undefined;
});

// A session that can no longer be renewed leads to the login page, which brings the visitor back here.
setSessionExpiredHandler(() => {
  const { pathname, search } = router.state.location;
  if (matchPage(pathname)?.id === 'login') return;
  void router.navigate(loginPath(parseLocalePath(pathname).locale, `${pathname}${search}`));
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The router's first loaders run meanwhile; the catalogues of the URL's language load in parallel.
const { pathname } = window.location;
initI18n(parseLocalePath(pathname).locale, matchPage(pathname)?.id === 'home' ? 'landing' : 'full')
  .catch((error: unknown) => console.error('Could not load the translations', error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
