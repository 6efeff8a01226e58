import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import type { ErrorReporter } from './error-reporting';

/**
 * Reports the errors behind 5xx answers. The error is noted when it is raised (`onError`, before the error
 * handler picks the status) and reported once the answer went out with its final status (`onResponse`), so
 * the error handler stays the one place that maps errors to statuses.
 */
export function reportRequestErrors(app: FastifyInstance, reporter: ErrorReporter): void {
  const raised = new WeakMap<FastifyRequest, unknown>();
  app.addHook('onError', async (request, _reply, error) => {
    raised.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const error = raised.get(request);
    if (error === undefined || !isUnexpected(error, reply.statusCode)) return;
    reporter.reportError(error, {
      userId: request.user?.id ?? null,
      requestId: request.id,
      method: request.method,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
    });
  });
}

/**
 * A 5xx that no code path chose, or a deliberate 500 (a crashed proofreading thread). The deliberate 502, 503
 * and 504 (maintenance, a language model or catalogue that is down) are the state of the world, not a bug:
 * they stay in the log.
 */
function isUnexpected(error: unknown, statusCode: number): boolean {
  if (statusCode < 500) return false;
  return !(error instanceof AppError) || error.statusCode === 500;
}
