import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';

/** The user's-language message of a failed call: the server's, or a stand-in (logged) for anything else. */
export function failureMessage(error: unknown, doing: string): string {
  if (error instanceof ApiError) return error.message;
  console.error(`Cards: ${doing} failed`, error);
  return translate('errors:generic_error');
}

/** A plan without the tool or no words left: the limit dialog leads to the plans (spec §2). */
export function limitOf(error: unknown): { code: string; message: string } | null {
  return error instanceof ApiError && LIMIT_ERROR_CODES.includes(error.code)
    ? { code: error.code, message: error.message }
    : null;
}
