import type { StudySession } from '@quire/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useDeckProgress } from './cards.queries';
import { ProgressChart } from './ProgressChart';
import { GRADES, type StudyRound } from './study.state';
import { useStudyRound } from './use-study-round';

type Props = {
  deckId: string;
  session: StudySession;
  /** Another round with the cards due by now. */
  onMore: () => void;
  onDone: () => void;
};

/**
 * One round of study: the card, front up until Space, Enter or the button turns it over; then the grades (again,
 * hard, good, easy) by button or 1–4, after which the next card comes front up. The summary ends the round.
 */
export function StudyRoundView({ deckId, session, onMore, onDone }: Props) {
  const { t } = useTranslation();
  const { round, card, cardRef, grade, flip } = useStudyRound(deckId, session);

  if (!card) return <RoundSummary deckId={deckId} round={round} onMore={onMore} onDone={onDone} />;

  const position = t('cards.study.position', { current: round.index + 1, total: round.cards.length });
  return (
    <div className="study-round" data-testid="study-round">
      <div className="study-round__status">
        <span data-testid="study-position">{position}</span>
        <ProgressChart counts={round.counts} size="small" />
      </div>
      <section
        ref={cardRef}
        className="study-card"
        tabIndex={-1}
        aria-roledescription={t('cards.study.cardRole')}
        aria-label={position}
        data-flipped={round.flipped}
        data-card-id={card.id}
        data-testid="study-card"
      >
        <div className="study-card__inner">
          <div className="study-card__face study-card__face--front" aria-hidden={round.flipped}>
            <p className="study-card__side">{t('cards.study.question')}</p>
            <p className="study-card__text" data-testid="study-front">
              {card.front}
            </p>
          </div>
          <div className="study-card__face study-card__face--back" aria-hidden={!round.flipped}>
            <p className="study-card__side">{t('cards.study.answer')}</p>
            <p className="study-card__text study-card__text--small muted">{card.front}</p>
            <p className="study-card__text" data-testid="study-answer">
              {round.flipped ? card.back : ''}
            </p>
            {card.page !== null && (
              <p className="muted study-card__page">{t('cards.card.page', { page: card.page })}</p>
            )}
          </div>
        </div>
      </section>
      <p className="visually-hidden" aria-live="polite">
        {round.flipped ? t('cards.study.answerShown', { answer: card.back }) : ''}
      </p>
      {round.error && (
        <p className="notice notice--error" role="alert" data-testid="study-grade-error">
          {round.error}
        </p>
      )}
      {round.flipped ? (
        <fieldset className="study-round__grades">
          <legend className="visually-hidden">{t('cards.study.gradesLabel')}</legend>
          {GRADES.map(({ grade: value, name }) => (
            <button
              key={value}
              type="button"
              className={`button study-round__grade study-round__grade--${name}`}
              onClick={() => void grade(value)}
              disabled={round.grading}
              aria-keyshortcuts={String(value)}
              data-testid={`study-grade-${value}`}
            >
              <span>{t(`cards.grades.${name}`)}</span>
              <kbd>{value}</kbd>
            </button>
          ))}
        </fieldset>
      ) : (
        <button
          type="button"
          className="button button--large study-round__flip"
          onClick={flip}
          aria-keyshortcuts="Space Enter"
          data-testid="study-flip"
        >
          {t('cards.study.show')}
          <kbd>{t('cards.study.spaceKey')}</kbd>
        </button>
      )}
      <p className="muted study-round__keys" data-testid="study-keys">
        {t('cards.study.keys')}
      </p>
    </div>
  );
}

function RoundSummary({
  deckId,
  round,
  onMore,
  onDone,
}: {
  deckId: string;
  round: StudyRound;
  onMore: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const progress = useDeckProgress(deckId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const counts = progress.state.kind === 'ready' ? progress.state.value.counts : round.counts;
  return (
    <div className="study-summary" data-testid="study-summary">
      <h3 ref={headingRef} tabIndex={-1}>
        {t('cards.study.doneTitle')}
      </h3>
      <p data-testid="study-summary-text">{t('cards.study.doneText', { count: round.index })}</p>
      <ul className="study-summary__grades">
        {GRADES.map(({ name }) => (
          <li key={name}>
            {t(`cards.grades.${name}`)}: <strong>{round.graded[name]}</strong>
          </li>
        ))}
      </ul>
      <ProgressChart counts={counts} days={progress.state.kind === 'ready' ? progress.state.value.days : undefined} />
      <div className="study-summary__actions">
        {counts.due > 0 && (
          <button type="button" className="button" onClick={onMore} data-testid="study-more">
            {t('cards.study.more', { due: counts.due })}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onDone} data-testid="study-done">
          {t('cards.study.backToDeck')}
        </button>
      </div>
    </div>
  );
}
