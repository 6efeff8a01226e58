import { ERROR_STATUS, type ErrorCode, type ValidationMessage } from '@quire/contracts';

/** An expected failure: a catalogue code, translated at the edge by the error handler. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields: ValidationMessage[];

  constructor(
    code: ErrorCode,
    options: { params?: Record<string, string | number>; fields?: ValidationMessage[]; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause });
    this.code = code;
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
