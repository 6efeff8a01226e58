import { ANALYTICS_LIMITS, AnalyticsBatchRequest, AnalyticsSummaryQuery } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createRateLimiter } from '../../http/rate-limit';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { requireOperator } from './analytics.operators';
import { recordAnalyticsEvents, summarizeAnalytics } from './analytics.service';

/** Batches one client address may send a minute: a tab sends one every few seconds at most. */
export const ANALYTICS_RATE_LIMIT = { limit: 60, windowMs: 60_000 };

/**
 * POST /api/analytics/events: page views and events of a visitor who consented to analytics (public; the
 * body carries no personal data, and the client's address is used only to count its requests, never stored).
 * GET /api/analytics/summary?days=30: visits and events for the operators (OPERATOR_EMAILS).
 */
export async function analyticsRoutes(app: FastifyInstance, options: { db: Database; config: Config }): Promise<void> {
  const { db, config } = options;
  const limiter = createRateLimiter(ANALYTICS_RATE_LIMIT);

  app.post(
    '/analytics/events',
    { config: { auth: 'public' }, bodyLimit: ANALYTICS_LIMITS.batchBytes },
    async (request, reply) => {
      limiter.take(request.ip);
      const batch = validate(AnalyticsBatchRequest, request.body);
      const accepted = await recordAnalyticsEvents({ db, batch });
      return reply.code(202).send({ data: { accepted } });
    },
  );

  app.get('/analytics/summary', { config: { auth: 'user' } }, async (request, reply) => {
    await requireOperator({ db, config, userId: signedInUserId(request) });
    const { days } = validate(AnalyticsSummaryQuery, request.query);
    reply.header('cache-control', 'no-store');
    return { data: await summarizeAnalytics({ db, days }) };
  });
}
