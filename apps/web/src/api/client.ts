import { type ErrorCode, type FieldError, isErrorCode, type ServiceGroup } from '@quire/contracts';
import { currentLocale, translate } from '../i18n/i18n';

/** Base URLs of the three route groups (spec §7); same origin unless configured at build time. */
export const API_BASE_URLS: Record<ServiceGroup, string> = {
  api: withoutTrailingSlash(import.meta.env.VITE_API_URL || '/api'),
  doc: withoutTrailingSlash(import.meta.env.VITE_DOC_URL || '/doc'),
  gen: withoutTrailingSlash(import.meta.env.VITE_GEN_URL || '/gen'),
};

/** Where the client gets the session's access token and renews it; given by the auth feature at start-up. */
export type SessionTokens = {
  current: () => string | null;
  /** A new access token after the server refused `rejected`, or null when the session is over. */
  renew: (rejected: string) => Promise<string | null>;
};

// Until the auth feature connects, calls go without a token.
let sessionTokens: SessionTokens = { current: () => null, renew: async () => null };

/** Connects the client to the session; the auth feature calls it once at start-up. */
export function setSessionTokens(tokens: SessionTokens): void {
  sessionTokens = tokens;
}

/** A failed call: the server's `{ error }` body, or a translated stand-in when there was none. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly fields: FieldError[];

  constructor(options: { code: ErrorCode; status: number; message: string; fields?: FieldError[]; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.fields = options.fields ?? [];
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is for FormData (uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  service?: ServiceGroup;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sent without the access token, and never refreshes it (the sign-in configuration itself). */
  anonymous?: boolean;
};

/**
 * Calls the Quire server: sends the current locale and the access token, returns the `data` of the
 * answer, and throws an ApiError for `{ error }` answers and unreachable servers. A 401 to a request that
 * carried a token renews the token once and replays the request once; when the session cannot be renewed,
 * the visitor is sent to the login page and the call fails with `unauthorized`.
 * An aborted call rejects with the AbortError itself, so callers can tell a cancel from a failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendWithSession((token) => send(path, options, token), options.anonymous);
  return unwrapAnswer<T>(response.status, response.status === 204 ? undefined : parsePayload(await response.text()));
}

/**
 * Sends a request through `send` with the session's access token (none when `anonymous`). A 401 to a request
 * that carried a token renews the token once and sends once more with the new one. Shared by `apiRequest` and
 * transports fetch cannot replace (an upload that reports its progress).
 */
export async function sendWithSession<R extends { status: number }>(
  send: (token: string | null) => Promise<R>,
  anonymous = false,
): Promise<R> {
  const token = anonymous ? null : sessionTokens.current();
  const answer = await send(token);
  if (answer.status !== 401 || !token) return answer;
  const renewed = await renewToken(token);
  return renewed ? await send(renewed) : answer;
}

/** The headers every call carries: JSON answers, the current locale and, when there is one, the access token. */
export function requestHeaders(token: string | null, extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLocale());
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** The `data` of a successful answer (or the whole payload without one); an ApiError for any other status. */
export function unwrapAnswer<T>(status: number, payload: unknown): T {
  if (status < 200 || status > 299) throw toApiError(status, payload);
  if (isRecord(payload) && 'data' in payload) return payload.data as T;
  return payload as T;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers = requestHeaders(token, options.headers);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  try {
    return await fetch(buildUrl(options.service ?? 'api', path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw unreachable(error);
  }
}

/** The refreshed access token, or null when the session is over; the provider not answering is a failed call. */
async function renewToken(rejected: string): Promise<string | null> {
  try {
    return await sessionTokens.renew(rejected);
  } catch (error) {
    console.warn('Could not renew the session', error);
    throw unreachable(error);
  }
}

/** The translated failure of a call that never got an answer. */
export function unreachable(cause: unknown): ApiError {
  return new ApiError({ code: 'request_failed', status: 0, message: translate('errors:request_failed'), cause });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Full URL of a path in a route group, with its query string. */
export function buildUrl(service: ServiceGroup, path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URLS[service]}/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${url}?${queryString}` : url;
}

/** Error codes for answers that carry no `{ error }` body (a proxy's 502 page, for example). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'unauthorized',
  402: 'subscription_required',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'upload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

function toApiError(status: number, payload: unknown): ApiError {
  const error = isRecord(payload) && isRecord(payload.error) ? payload.error : undefined;
  const code = error && isErrorCode(error.code) ? error.code : (CODE_BY_STATUS[status] ?? 'request_failed');
  const message =
    error && typeof error.message === 'string' && error.message ? error.message : translate(`errors:${code}`);
  const details = error && isRecord(error.details) ? error.details : undefined;
  return new ApiError({ code, status, message, fields: readFields(details?.fields) });
}

function readFields(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (field): field is FieldError =>
      isRecord(field) && typeof field.path === 'string' && typeof field.message === 'string',
  );
}

/** An answer's body: JSON when it parses, else the text; undefined when empty. */
export function parsePayload(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbortError(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
