import { type ApiErrorBody, type ErrorCode, type LocaleCode, negotiateLocale } from '@quire/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { translateValidation, translator } from './i18n';

/** Turns every failure into `{ error: { code, message } }` in the request's language; never leaks a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: appError.code, reason: errorMessage(error) }, 'request refused');
    }
    return sendError(reply, request.locale, appError);
  });
}

/**
 * The router's own refusals (a malformed percent-encoding, a path parameter over the length limit) come
 * before any hook, so they get the envelope here instead of Fastify's own body.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.info({ code: error.code, reason: error.message }, 'request refused');
  const locale = negotiateLocale(request.headers['accept-language']);
  return sendError(reply, locale, new AppError('validation_error', { cause: error }));
}

/** JSON 404 for API paths no route serves. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, request.locale, new AppError('not_found'));
}

/** Retry-After of a refusal that does not know better when the client may try again. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

export function sendError(reply: FastifyReply, locale: LocaleCode, error: AppError): FastifyReply {
  const t = translator(locale);
  const body: ApiErrorBody = { error: { code: error.code, message: t(`errors:${error.code}`, error.params) } };
  if (error.fields.length > 0) {
    const fields = error.fields.map((field) => ({ path: field.path, message: translateValidation(locale, field) }));
    body.error.details = { fields };
    // The first field's message is the most useful one-line summary for a client that shows only `message`.
    body.error.message = fields[0]?.message ?? body.error.message;
  }
  if (error.code === 'rate_limited' || error.code === 'service_unavailable' || error.code === 'maintenance') {
    reply.header('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  }
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError> & { code?: string };
  const code = frameworkErrorCode(fastifyError);
  if (code === 'validation_error' && isJsonSyntaxError(fastifyError)) {
    return new AppError(code, { fields: [{ path: '', field: 'value', key: 'invalidJson', params: {} }], cause: error });
  }
  return new AppError(code, { cause: error });
}

/** Maps Fastify's own errors and database connection failures onto catalogue codes. */
function frameworkErrorCode(error: Partial<FastifyError> & { code?: string }): ErrorCode {
  if (isDatabaseUnavailable(error)) return 'service_unavailable';
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'validation_error';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'validation_error';
    case 'FST_ERR_NOT_FOUND':
      return 'not_found';
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  if (status >= 400 && status < 500) return 'validation_error';
  return 'internal_error';
}

function isJsonSyntaxError(error: Partial<FastifyError> & { code?: string }): boolean {
  return (
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400)
  );
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
]);

/** Drizzle wraps driver errors, so the connection failure may sit one level down in `cause`. */
function isDatabaseUnavailable(error: { code?: string; message?: string; cause?: unknown }): boolean {
  for (const candidate of [error, error.cause as typeof error | undefined]) {
    if (!candidate || typeof candidate !== 'object') continue;
    if (candidate.code && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
        candidate.message ?? '',
      )
    ) {
      return true;
    }
  }
  return false;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
