import { ERROR_STATUS, type ErrorCode, type ValidationMessage } from '@quire/contracts';

/** An expected failure: a catalogue code, translated at the edge by the error handler. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields: ValidationMessage[];
  /** When the client may try again, for answers that send Retry-After (rate_limited, service_unavailable). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      params?: Record<string, string | number>;
      fields?: ValidationMessage[];
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.code = code;
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
