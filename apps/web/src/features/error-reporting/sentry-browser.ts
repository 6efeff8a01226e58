import { type ErrorReportingSettings, matchPage } from '@quire/contracts';
import {
  captureException,
  dedupeIntegration,
  type ErrorEvent,
  globalHandlersIntegration,
  init,
  linkedErrorsIntegration,
} from '@sentry/react';
import type { ErrorSink } from './error-sink';

/** Where envelopes go: our own server passes them on to the ingest (CSP 'self'; Sentry never sees the visitor). */
export const ERROR_REPORTS_TUNNEL = '/api/error-reports';

const CLOSE_TIMEOUT_MS = 2_000;

/**
 * Sentry for uncaught errors and rejections (and what the error pages report), nothing else: no tracing,
 * replays, sessions or breadcrumbs, and nothing about the visitor.
 */
export function startSentry(settings: ErrorReportingSettings): ErrorSink {
  const client = init({
    dsn: settings.dsn,
    environment: settings.environment,
    tunnel: ERROR_REPORTS_TUNNEL,
    defaultIntegrations: false,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    maxBreadcrumbs: 0,
    sendClientReports: false,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    beforeSend: keepAnonymous,
  });
  return {
    report: (error) => {
      captureException(error);
    },
    close: async () => {
      await client?.close(CLOSE_TIMEOUT_MS);
    },
  };
}

/** No user, no URL (a share link's path holds its token): the page is named by its id instead. */
function keepAnonymous(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  event.tags = { ...event.tags, page: matchPage(window.location.pathname)?.id ?? 'unknown' };
  return event;
}
