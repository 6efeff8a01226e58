import { feedbackEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { createRateLimiter } from '../../http/rate-limit';
import { signedInUserId } from '../../http/signed-in-user';
import { presentFeedback, presentResultReport } from './feedback.present';
import { reportResult, sendFeedback } from './feedback.service';

/** Messages one user may send in an hour, feedback and reports counted apart: plenty for people, none for a loop. */
export const FEEDBACK_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/** The feedback dialog and "report a result", for signed-in users. */
export async function feedbackRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const feedbackLimiter = createRateLimiter(FEEDBACK_RATE_LIMIT);
  const reportLimiter = createRateLimiter(FEEDBACK_RATE_LIMIT);

  const json = { config: { auth: 'user' }, bodyLimit: JSON_BODY_LIMIT_BYTES } as const;

  endpointRoute(app, endpoints.send, json, async ({ body: feedback }, request) => {
    const userId = signedInUserId(request);
    feedbackLimiter.take(userId);
    return presentFeedback(await sendFeedback({ db, userId, feedback, locale: request.locale }));
  });

  endpointRoute(app, endpoints.report, json, async ({ body: report }, request) => {
    const userId = signedInUserId(request);
    reportLimiter.take(userId);
    return presentResultReport(await reportResult({ db, userId, report, locale: request.locale }));
  });
}
