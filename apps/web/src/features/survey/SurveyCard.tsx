import { NO_USER_EMAIL } from '@quire/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { StarRating } from '../../components/rating/StarRating';
import { useTranslation } from '../../i18n/use-translation';
import { adoptStyles } from '../../lib/adopt-styles';
import { sendContactMessage } from '../contact';
import css from './survey.css?inline';

adoptStyles('quire-survey-styles', css);

type Step = 'rating' | 'comment' | 'thanks';

/** As long as the slide-down animation of survey.css. */
const LEAVE_MS = 220;

type Props = {
  /** The signed-in user's e-mail, sent with the answer. */
  email: string | null;
  /** The user is done with the survey: answered, or closed it. */
  onDone: () => void;
};

/**
 * The rating survey (spec §2, §4): a card fixed at the bottom that slides up, can be made small (slides down to
 * its title) and extended again, or closed. Steps: rating (continue disabled until rated) → comment → thanks.
 * The answer goes to POST /api/contact/ as a message of type survey.
 */
export function SurveyCard({ email, onDone }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const commentId = useId();
  const [step, setStep] = useState<Step>('rating');
  const [open, setOpen] = useState(true);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (step === 'comment') commentRef.current?.focus();
    if (step === 'thanks') thanksRef.current?.focus();
  }, [step]);

  /** Slides the card down, then lets it go (at once for users who prefer reduced motion). */
  function leave() {
    if (leaving) return;
    setLeaving(true);
    window.setTimeout(onDone, prefersReducedMotion() ? 0 : LEAVE_MS);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === null) return;
    setSending(true);
    setError(null);
    try {
      await sendContactMessage({ type: 'survey', rating, body: comment.trim(), email: email ?? NO_USER_EMAIL });
      setStep('thanks');
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('The survey answer could not be sent', failure);
      setError(failure instanceof ApiError ? failure.message : t('errors:generic_error'));
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      className={`survey-card${open ? '' : ' survey-card--collapsed'}${leaving ? ' survey-card--leaving' : ''}`}
      aria-labelledby={titleId}
      data-testid="survey-card"
      data-step={step}
    >
      <div className="survey-card__header">
        <h2 id={titleId} className="survey-card__title">
          {t('survey.title')}
        </h2>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          data-testid="survey-toggle"
        >
          {open ? t('survey.collapse') : t('survey.expand')}
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={leave}
          aria-label={t('survey.close')}
          title={t('survey.close')}
          data-testid="survey-close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div id={bodyId} className="survey-card__body" hidden={!open}>
        {step === 'rating' && (
          <div className="survey-card__step">
            <StarRating legend={t('survey.question')} value={rating} onChange={setRating} testId="survey-rating" />
            <button
              type="button"
              className="button button--small"
              disabled={rating === null}
              onClick={() => setStep('comment')}
              data-testid="survey-continue"
            >
              {t('survey.continue')}
            </button>
          </div>
        )}
        {step === 'comment' && (
          <form className="survey-card__step survey-card__step--comment" onSubmit={send} noValidate>
            <div className="field">
              <label htmlFor={commentId}>{t('survey.commentLabel')}</label>
              <textarea
                id={commentId}
                ref={commentRef}
                rows={3}
                maxLength={2_000}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                disabled={sending}
                data-testid="survey-comment"
              />
            </div>
            {error && (
              <p className="notice notice--error" role="alert" data-testid="survey-error">
                {error}
              </p>
            )}
            <div className="survey-card__actions">
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => setStep('rating')}
                disabled={sending}
              >
                {t('survey.back')}
              </button>
              <button type="submit" className="button button--small" disabled={sending} data-testid="survey-send">
                {sending ? t('survey.sending') : t('survey.send')}
              </button>
            </div>
          </form>
        )}
        {step === 'thanks' && (
          <div className="survey-card__step">
            <p ref={thanksRef} tabIndex={-1} role="status" data-testid="survey-thanks">
              {t('survey.thanks')}
            </p>
            <button type="button" className="button button--small" onClick={leave} data-testid="survey-finish">
              {t('survey.finish')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
