import { FeedbackRequest, ReportResultRequest } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { createRateLimiter } from '../../http/rate-limit';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { presentFeedback, presentResultReport } from './feedback.present';
import { reportResult, sendFeedback } from './feedback.service';

/** Messages one user may send in an hour, feedback and reports counted apart: plenty for people, none for a loop. */
export const FEEDBACK_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/** POST /api/feedback (the feedback dialog) and POST /api/reports ("report a result"), for signed-in users. */
export async function feedbackRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;
  const feedbackLimiter = createRateLimiter(FEEDBACK_RATE_LIMIT);
  const reportLimiter = createRateLimiter(FEEDBACK_RATE_LIMIT);

  app.post('/feedback', { config: { auth: 'user' }, bodyLimit: JSON_BODY_LIMIT_BYTES }, async (request, reply) => {
    const userId = signedInUserId(request);
    const feedback = validate(FeedbackRequest, request.body);
    feedbackLimiter.take(userId);
    const row = await sendFeedback({ db, userId, feedback, locale: request.locale });
    return reply.code(201).send({ data: presentFeedback(row) });
  });

  app.post('/reports', { config: { auth: 'user' }, bodyLimit: JSON_BODY_LIMIT_BYTES }, async (request, reply) => {
    const userId = signedInUserId(request);
    const report = validate(ReportResultRequest, request.body);
    reportLimiter.take(userId);
    const row = await reportResult({ db, userId, report, locale: request.locale });
    return reply.code(201).send({ data: presentResultReport(row) });
  });
}
