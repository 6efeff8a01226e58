import { z } from 'zod';

/**
 * The error catalogue of spec §8 plus the technical codes every HTTP API needs.
 * Each code has an HTTP status and a message under `errors:<code>` in every locale.
 */
export const ERROR_STATUS = {
  generic_error: 500,
  request_failed: 502,
  update_failed: 500,
  upload_error_generic: 422,
  upload_error_url: 422,
  upload_error_high_no_content: 422,
  /** Processing a source ran past JOB_TIME_LIMIT_SECONDS. */
  upload_error_time_limit: 422,
  /** Processing a source needed more memory than JOB_MEMORY_LIMIT_MB. */
  upload_error_memory_limit: 422,
  /** A PDF has more pages than MAX_PDF_PAGES: refused before any page is read. */
  upload_error_too_many_pages: 422,
  upload_too_large: 413,
  upload_not_pdf: 415,
  payload_too_large: 413,
  no_snippets_found_error: 422,
  model_failed: 502,
  model_timeout: 504,
  /** A tool produced no text (spec §4: 'Something went wrong. Please try again.'). */
  empty_result: 502,
  search_unavailable: 503,
  source_not_ready: 409,
  account_deletion_error: 409,
  trial_unavailable: 409,
  cancellation_failed: 502,
  booking_failed: 502,
  login_failed: 401,
  subscription_required: 402,
  word_limit_reached: 402,
  /** No flashcards could be made from the text or source (too little usable text). */
  cards_not_generated: 422,
  /** A reorder that does not list every card of the deck exactly once. */
  cards_order_mismatch: 409,
  /** A deck is full (DECK_LIMITS.cards). */
  deck_full: 409,
  /** An imported CSV file without a single front,back row. */
  cards_import_empty: 422,
  /** The user has as many own applications as allowed (OWN_APP_LIMITS.apps). */
  own_apps_limit: 409,
  maintenance: 503,
  validation_error: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
export const ErrorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** One invalid field, as the server reports it and the web form shows it. */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The body of every failed response. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.object({ fields: z.array(FieldError).optional() }).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** The body of every successful response. */
export type ApiSuccess<T> = { data: T };
export const apiSuccess = <T extends z.ZodType>(data: T) => z.object({ data });
