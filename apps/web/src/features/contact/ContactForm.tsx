import { type FieldError, NO_USER_EMAIL } from '@quire/contracts';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../auth';
import { sendContactMessage } from './contact.api';

type FormState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'error'; message: string; fields: FieldError[] };

type Props = {
  /** Set for forms with a fixed purpose (the error page sends "errorpage"). */
  subject?: string;
  /** Hidden: the logged-in user's e-mail, or "nouser"; shown: the visitor types it. */
  emailField: 'hidden' | 'visible';
  messageLabel: string;
};

/** A message to the Quire team with its sending, thank-you and error states. */
export function ContactForm({ subject, emailField, messageLabel }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const id = useId();
  const [body, setBody] = useState('');
  const [typedEmail, setTypedEmail] = useState(session?.profile?.email ?? '');
  const [state, setState] = useState<FormState>({ kind: 'idle' });

  const email = emailField === 'hidden' ? (session?.profile?.email ?? NO_USER_EMAIL) : typedEmail.trim();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: FieldError[] = [];
    if (!body.trim()) missing.push({ path: 'body', message: t('validation:required', { field: t('fields:body') }) });
    if (emailField === 'visible' && !email) {
      missing.push({ path: 'email', message: t('validation:required', { field: t('fields:email') }) });
    }
    if (missing.length > 0) {
      setState({ kind: 'error', message: t('errors:validation_error'), fields: missing });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await sendContactMessage({ type: 'message', body: body.trim(), email, ...(subject ? { subject } : {}) });
      setState({ kind: 'sent' });
    } catch (error) {
      if (error instanceof ApiError) {
        setState({ kind: 'error', message: error.message, fields: error.fields });
      } else {
        console.error('Contact message failed', error);
        setState({ kind: 'error', message: t('errors:generic_error'), fields: [] });
      }
    }
  }

  if (state.kind === 'sent') {
    return (
      <p className="notice notice--success" role="status" data-testid="contact-thanks">
        {t('contact.thanks')}
      </p>
    );
  }

  const fieldError = (path: string) =>
    state.kind === 'error' ? state.fields.find((field) => field.path === path)?.message : undefined;
  const bodyError = fieldError('body');
  const emailError = fieldError('email');
  const sending = state.kind === 'sending';

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-busy={sending}>
      {emailField === 'hidden' ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('fields:email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={typedEmail}
            onChange={(event) => setTypedEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          {emailError && (
            <p className="field__error" id={`${id}-email-error`}>
              {emailError}
            </p>
          )}
        </div>
      )}
      {subject && <input type="hidden" name="subject" value={subject} />}
      <div className="field">
        <label htmlFor={`${id}-body`}>{messageLabel}</label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={5}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? `${id}-body-error` : undefined}
        />
        {bodyError && (
          <p className="field__error" id={`${id}-body-error`}>
            {bodyError}
          </p>
        )}
      </div>
      {state.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? t('contact.sending') : t('contact.send')}
      </button>
    </form>
  );
}
