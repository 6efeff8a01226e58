import { useId } from 'react';
import { StarRating } from '../../components/rating/StarRating';
import { useTranslation } from '../../i18n/use-translation';
import { adoptStyles } from '../../lib/adopt-styles';
import css from './survey.css?inline';
import { useSurveyCard } from './use-survey-card';

adoptStyles('quire-survey-styles', css);

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
  const survey = useSurveyCard({ email, onDone });
  const { step, open, rating, sending } = survey;

  return (
    <section
      className={`survey-card${open ? '' : ' survey-card--collapsed'}${survey.leaving ? ' survey-card--leaving' : ''}`}
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
          onClick={survey.toggleOpen}
          data-testid="survey-toggle"
        >
          {open ? t('survey.collapse') : t('survey.expand')}
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={survey.leave}
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
            <StarRating
              legend={t('survey.question')}
              value={rating}
              onChange={survey.setRating}
              testId="survey-rating"
            />
            <button
              type="button"
              className="button button--small"
              disabled={rating === null}
              onClick={() => survey.setStep('comment')}
              data-testid="survey-continue"
            >
              {t('survey.continue')}
            </button>
          </div>
        )}
        {step === 'comment' && (
          <form className="survey-card__step survey-card__step--comment" onSubmit={survey.send} noValidate>
            <div className="field">
              <label htmlFor={commentId}>{t('survey.commentLabel')}</label>
              <textarea
                id={commentId}
                ref={survey.commentRef}
                rows={3}
                maxLength={2_000}
                value={survey.comment}
                onChange={(event) => survey.setComment(event.target.value)}
                disabled={sending}
                data-testid="survey-comment"
              />
            </div>
            {survey.error && (
              <p className="notice notice--error" role="alert" data-testid="survey-error">
                {survey.error}
              </p>
            )}
            <div className="survey-card__actions">
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => survey.setStep('rating')}
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
            <p ref={survey.thanksRef} tabIndex={-1} role="status" data-testid="survey-thanks">
              {t('survey.thanks')}
            </p>
            <button type="button" className="button button--small" onClick={survey.leave} data-testid="survey-finish">
              {t('survey.finish')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
