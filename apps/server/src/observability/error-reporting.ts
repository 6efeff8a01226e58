import type { ErrorReportingSettings } from '@quire/contracts';
import type { ErrorEvent } from '@sentry/node';
import type { Logger } from 'pino';

/** Where an error happened, as far as it may be told: never a body, an address, a query or an e-mail. */
export type ErrorContext = {
  /** The signed-in user's id, the only thing about the user that is sent. */
  userId?: string | null;
  requestId?: string;
  method?: string;
  /** The route's pattern (`/api/history/:id`) rather than the URL, whose query may carry tokens. */
  route?: string;
  statusCode?: number;
};

export type ErrorReporter = {
  /** Sends the error in the background; reporting never fails or slows the caller. */
  reportError(error: unknown, context?: ErrorContext): void;
  /** Sends what is still waiting (for a short while at most) and stops. */
  close(): Promise<void>;
};

/** SENTRY_DSN is empty: errors go to the log only, and @sentry/node is never loaded. */
export const NO_ERROR_REPORTING: ErrorReporter = {
  reportError() {},
  async close() {},
};

const CLOSE_TIMEOUT_MS = 2_000;

/** Drizzle puts a failed query's bound values (e-mail addresses, users' text) on a line of its message. */
const QUERY_PARAMS = /\nparams:[\s\S]*$/;
/** PostgreSQL quotes the value it refused (`invalid input syntax for type integer: "ada@example.org"`). */
const EMAIL_ADDRESS = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/**
 * Starts reporting to Sentry when SENTRY_DSN is set, with its own client rather than the SDK's global
 * `init()`: nothing in the process is patched or instrumented, and only what is passed to `reportError`
 * is sent. Should the SDK not load, the server runs on and says so in the log.
 */
export async function startErrorReporting(
  settings: ErrorReportingSettings | null,
  logger: Logger,
): Promise<ErrorReporter> {
  if (!settings) return NO_ERROR_REPORTING;
  let sentry: typeof import('@sentry/node');
  try {
    sentry = await import('@sentry/node');
  } catch (error) {
    logger.error({ err: error }, 'SENTRY_DSN is set, but @sentry/node could not be loaded: errors go to the log only');
    return NO_ERROR_REPORTING;
  }
  const client = new sentry.NodeClient({
    dsn: settings.dsn,
    environment: settings.environment,
    transport: sentry.makeNodeTransport,
    stackParser: sentry.defaultStackParser,
    // The error's causes (a driver's error below Drizzle's), and the runtime and OS it happened on.
    integrations: [sentry.linkedErrorsIntegration(), sentry.nodeContextIntegration()],
    maxBreadcrumbs: 0,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
    },
    beforeSend: keepPrivate,
  });
  const scope = new sentry.Scope();
  scope.setClient(client);
  client.init();
  logger.info({ environment: settings.environment }, 'unexpected errors are reported to Sentry');

  return {
    reportError(error, context = {}) {
      const event = scope.clone();
      if (context.userId) event.setUser({ id: context.userId });
      if (context.route) event.setTag('route', context.route);
      if (context.method) event.setTag('method', context.method);
      if (context.statusCode) event.setTag('status_code', context.statusCode);
      if (context.requestId) event.setTag('request_id', context.requestId);
      event.captureException(error);
    },
    async close() {
      await client.close(CLOSE_TIMEOUT_MS);
    },
  };
}

/**
 * The last word on what leaves the server: the user's id alone, no request data, and no query values or
 * e-mail addresses in the error messages (the causes' included).
 */
export function keepPrivate(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.breadcrumbs;
  event.user = event.user?.id === undefined ? undefined : { id: event.user.id };
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) {
      exception.value = exception.value.replace(QUERY_PARAMS, '\nparams: [removed]').replace(EMAIL_ADDRESS, '[email]');
    }
  }
  return event;
}
