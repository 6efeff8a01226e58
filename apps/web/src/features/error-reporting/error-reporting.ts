import type { ErrorReportingSettings } from '@quire/contracts';
import { useEffect } from 'react';
import type { ErrorSink } from './error-sink';

type SentryModule = { startSentry(settings: ErrorReportingSettings): ErrorSink };

/** The SDK's own chunk, fetched only once a DSN and the visitor's consent are both there. */
const loadSentry = (): Promise<SentryModule> => import('./sentry-browser');

/** Errors kept while no reporter runs: a page can fail before the server status (and with it the DSN) arrived. */
const WAITING_LIMIT = 10;

let active: Promise<ErrorSink | null> | null = null;
let waiting: unknown[] = [];

/**
 * Loads the SDK and starts reporting uncaught errors; the returned function stops it again (consent
 * withdrawn). Reporting is a nicety: when the SDK does not load, the app runs on and says so in the console.
 */
export function startErrorReporting(settings: ErrorReportingSettings, load = loadSentry): () => void {
  const started = load()
    .then((module) => module.startSentry(settings))
    .catch((error: unknown) => {
      console.warn('Error reporting could not start', error);
      return null;
    });
  active = started;
  const earlier = waiting;
  waiting = [];
  for (const error of earlier) reportError(error);
  return () => {
    if (active === started) active = null;
    void started.then((sink) => sink?.close());
  };
}

/**
 * Reports an error the app caught itself (the error pages'). While reporting is off the last few wait, and go
 * out only if it starts (the status arrives, the visitor consents) before the page is left.
 */
export function reportError(error: unknown): void {
  if (active) {
    void active.then((sink) => sink?.report(error));
    return;
  }
  waiting = [...waiting, error].slice(-WAITING_LIMIT);
}

/**
 * Reporting while `settings` (the server's SENTRY_DSN, given only with the visitor's analytics consent) are
 * there; without them not a byte of the SDK is fetched.
 */
export function useErrorReporting(settings: ErrorReportingSettings | null): void {
  const dsn = settings?.dsn;
  const environment = settings?.environment;
  useEffect(() => {
    if (!dsn || !environment) return;
    return startErrorReporting({ dsn, environment });
  }, [dsn, environment]);
}
