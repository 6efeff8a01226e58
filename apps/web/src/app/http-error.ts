import { isRouteErrorResponse } from 'react-router';
import { translate } from '../i18n/i18n';

/** A catalogue key with its parameters, translated when shown rather than when thrown. */
export type MessageKey = { key: string; params?: Record<string, string | number> };

/**
 * An error that carries the HTTP status the error page shows (404 → not-found page). A loader can fail
 * before the catalogues of the visitor's language are loaded, so a message given as a key is translated
 * now (for logs) and again when the error page shows it.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey | undefined;

  constructor(statusCode: number, message: string | MessageKey, options?: { cause?: unknown }) {
    super(typeof message === 'string' ? message : translate(message.key, message.params), options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messageKey = typeof message === 'string' ? undefined : message;
  }
}

/**
 * The status of anything a page can throw: react-router's error responses, then the error's
 * `statusCode`, its `status`, its `response.status`; 500 when none is a valid HTTP status.
 */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (typeof error !== 'object' || error === null) return 500;
  const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } | null };
  for (const value of [candidate.statusCode, candidate.status, candidate.response?.status]) {
    if (isHttpStatus(value)) return value;
  }
  return 500;
}

/** A human-readable message of a thrown value, for the error page's technical details. */
export function errorMessage(
  error: unknown,
  translate?: (key: string, params?: Record<string, string | number>) => string,
): string | undefined {
  if (error instanceof HttpError && error.messageKey && translate) {
    return translate(error.messageKey.key, error.messageKey.params);
  }
  if (isRouteErrorResponse(error)) {
    return typeof error.data === 'string' && error.data ? error.data : error.statusText || undefined;
  }
  if (error instanceof Error) return error.message || undefined;
  return typeof error === 'string' && error ? error : undefined;
}

function isHttpStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}
