import { ANALYTICS_LIMITS, analyticsEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { createRateLimiter } from '../../http/rate-limit';
import { signedInUserId } from '../../http/signed-in-user';
import { requireOperator } from './analytics.operators';
import { recordAnalyticsEvents, summarizeAnalytics } from './analytics.service';

/** Batches one client address may send a minute: a tab sends one every few seconds at most. */
export const ANALYTICS_RATE_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * Events: page views and events of a visitor who consented to analytics (public; the
 * body carries no personal data, and the client's address is used only to count its requests, never stored).
 * The summary: visits and events for the operators (OPERATOR_EMAILS).
 */
export async function analyticsRoutes(app: FastifyInstance, options: { db: Database; config: Config }): Promise<void> {
  const { db, config } = options;
  const limiter = createRateLimiter(ANALYTICS_RATE_LIMIT);

  // Counted before the batch is read, so that invalid batches count too.
  const events = { config: { auth: 'public' }, bodyLimit: ANALYTICS_LIMITS.batchBytes } as const;
  endpointRoute(
    app,
    endpoints.events,
    { ...events, before: (request) => limiter.take(request.ip) },
    async ({ body }) => ({
      accepted: await recordAnalyticsEvents({ db, batch: body }),
    }),
  );

  // Others learn nothing, not even what a valid query is.
  const operator = (request: FastifyRequest) => requireOperator({ db, config, userId: signedInUserId(request) });
  endpointRoute(
    app,
    endpoints.summary,
    { config: { auth: 'user' }, before: operator },
    async ({ query }, _request, reply) => {
      reply.header('cache-control', 'no-store');
      return summarizeAnalytics({ db, days: query.days });
    },
  );
}
