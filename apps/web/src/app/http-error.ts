import { isRouteErrorResponse } from 'react-router';

/** An error that carries the HTTP status the error page shows (404 → not-found page). */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
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
export function errorMessage(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    return typeof error.data === 'string' && error.data ? error.data : error.statusText || undefined;
  }
  if (error instanceof Error) return error.message || undefined;
  return typeof error === 'string' && error ? error : undefined;
}

function isHttpStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}
