import { type ErrorReportingSettings, statusEndpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointRoute } from '../../http/endpoint-route';
import { createRateLimiter } from '../../http/rate-limit';
import { forwardEnvelope } from './error-reports.service';

/** Envelopes one client address may send a minute: a page that keeps failing, not a flood. */
export const ERROR_REPORTS_RATE_LIMIT = { limit: 30, windowMs: 60_000 };

const ENVELOPE_LIMIT_BYTES = 200 * 1024;

/**
 * The web app's Sentry envelopes (the SDK's `tunnel`), passed on to SENTRY_DSN's
 * ingest. Through our own origin the content security policy stays at 'self', blockers of third-party
 * requests do not swallow the reports, and Sentry never sees the visitor's address. Registered only when
 * SENTRY_DSN is set.
 */
export async function errorReportsRoutes(
  app: FastifyInstance,
  options: { settings: ErrorReportingSettings },
): Promise<void> {
  const limiter = createRateLimiter(ERROR_REPORTS_RATE_LIMIT);
  // The SDK posts the envelope as text (text/plain, which Fastify reads already); other SDKs name its own type.
  app.addContentTypeParser('application/x-sentry-envelope', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  endpointRoute(
    app,
    statusEndpoints.errorReport,
    // The Sentry SDK posts text/plain, which the API refuses on routes that do not declare it (route-policy.ts).
    { config: { auth: 'public', formBody: 'text/plain' }, bodyLimit: ENVELOPE_LIMIT_BYTES },
    async ({ body }, request) => {
      limiter.take(request.ip);
      await forwardEnvelope({ envelope: typeof body === 'string' ? body : '', settings: options.settings });
      return { forwarded: true } as const;
    },
  );
}
