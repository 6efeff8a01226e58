import { lazy } from 'react';
import { importWithReload } from '../../lib/chunk-reload';

// What other features use of analytics; they import it from here only (see .dependency-cruiser.cjs).

/** The tracker in its own chunk, loaded only once the visitor consented. */
export const AnalyticsTracker = lazy(() =>
  importWithReload(() => import('./AnalyticsTracker')).then((module) => ({ default: module.AnalyticsTracker })),
);
