import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';
import { importWithReload } from '../../lib/chunk-reload';
import { PageFallback } from '../PageFallback';

// Loaded only when something fails, so no visitor pays for the error page up front. Should this chunk
// itself not load, the failure reaches the root's ErrorFallback, which needs nothing more.
const ErrorPageContent = lazy(() =>
  importWithReload(() => import('./ErrorPageContent')).then((module) => ({ default: module.ErrorPageContent })),
);

/** The router's error element for every page. */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <Suspense fallback={<PageFallback />}>
      <ErrorPageContent error={error} />
    </Suspense>
  );
}
