import type { ErrorReportingSettings } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from '../../http/rate-limit';
import { forwardEnvelope } from './error-reports.service';

/** Envelopes one client address may send a minute: a page that keeps failing, not a flood. */
export const ERROR_REPORTS_RATE_LIMIT = { limit: 30, windowMs: 60_000 };

const ENVELOPE_LIMIT_BYTES = 200 * 1024;

/**
 * POST /api/error-reports: the web app's Sentry envelopes (the SDK's `tunnel`), passed on to SENTRY_DSN's
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

  app.post(
    '/error-reports',
    // The Sentry SDK posts text/plain, which the API refuses on routes that do not declare it (route-policy.ts).
    { config: { auth: 'public', formBody: 'text/plain' }, bodyLimit: ENVELOPE_LIMIT_BYTES },
    async (request, reply) => {
      limiter.take(request.ip);
      const envelope = typeof request.body === 'string' ? request.body : '';
      await forwardEnvelope({ envelope, settings: options.settings });
      return reply.code(202).send({ data: { forwarded: true } });
    },
  );
}
