import type { FieldError } from '@quire/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';

export type Submission =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  /** `message` is null when the fields say it all (problems found before sending). */
  | { kind: 'error'; message: string | null; fields: FieldError[] };

/** The sending, thank-you and error states of a dialog's form; `fail` shows problems found before sending. */
export function useSubmission(what: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<Submission>({ kind: 'idle' });

  async function submit(send: () => Promise<unknown>) {
    setState({ kind: 'sending' });
    try {
      await send();
      setState({ kind: 'sent' });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(`${what} could not be sent`, error);
      setState(
        error instanceof ApiError
          ? { kind: 'error', message: error.message, fields: error.fields }
          : { kind: 'error', message: t('errors:generic_error'), fields: [] },
      );
    }
  }

  function fail(fields: FieldError[]) {
    setState({ kind: 'error', message: null, fields });
  }

  const fieldError = (path: string) =>
    state.kind === 'error' ? state.fields.find((field) => field.path === path)?.message : undefined;

  return { state, submit, fail, fieldError, sending: state.kind === 'sending' };
}
