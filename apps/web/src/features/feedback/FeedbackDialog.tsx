import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog } from '../../components/dialog/Dialog';
import { StarRating } from '../../components/rating/StarRating';
import { useTranslation } from '../../i18n/use-translation';
import { sendFeedback } from './feedback.api';
import { ThanksDialog } from './ThanksDialog';
import { useSubmission } from './use-submission';
import './feedback-styles';

/** The feedback dialog (spec §2): a message and, if the user wants, a rating from one to five stars. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { pathname } = useLocation();
  const [body, setBody] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const { state, submit, fail, fieldError, sending } = useSubmission('Feedback');

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.trim()) {
      // The feature's own wording: on the start page only its own strings are loaded, not the form messages.
      fail([{ path: 'body', message: t('feedback.bodyRequired') }]);
      return;
    }
    void submit(() => sendFeedback({ body: body.trim(), path: pathname, ...(rating ? { rating } : {}) }));
  }

  if (state.kind === 'sent') {
    return (
      <ThanksDialog
        title={t('feedback.title')}
        text={t('feedback.thanks')}
        onClose={onClose}
        testIds={{ dialog: 'feedback-dialog', thanks: 'feedback-thanks' }}
      />
    );
  }

  const bodyError = fieldError('body');
  return (
    <Dialog title={t('feedback.title')} onClose={onClose} busy={sending} testId="feedback-dialog">
      <form className="feedback-form" onSubmit={send} noValidate aria-busy={sending}>
        <p className="muted">{t('feedback.intro')}</p>
        <div className="field">
          <label htmlFor={`${id}-body`}>{t('feedback.bodyLabel')}</label>
          <textarea
            id={`${id}-body`}
            rows={5}
            maxLength={2_000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            disabled={sending}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? `${id}-body-error` : undefined}
            data-testid="feedback-body"
          />
          {bodyError && (
            <p className="field__error" id={`${id}-body-error`}>
              {bodyError}
            </p>
          )}
        </div>
        <StarRating
          legend={t('feedback.ratingLegend')}
          value={rating}
          onChange={setRating}
          disabled={sending}
          testId="feedback-rating"
        />
        {state.kind === 'error' && state.message && (
          <p className="notice notice--error" role="alert" data-testid="feedback-error">
            {state.message}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={sending}>
            {t('feedback.cancel')}
          </button>
          <button type="submit" className="button" disabled={sending} data-testid="feedback-send">
            {sending ? t('feedback.sending') : t('feedback.send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
