import type { StudySession } from '@quire/contracts';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { reviewCard } from './cards.api';
import { useDeckProgress } from './cards.queries';
import { failureMessage } from './cards-errors';
import { ProgressChart } from './ProgressChart';
import { currentCard, GRADES, isTypingTarget, startRound, studyReducer } from './study.state';

type Props = {
  deckId: string;
  session: StudySession;
  /** Another round with the cards due by now. */
  onMore: () => void;
  onDone: () => void;
};

/**
 * One round of study. Space or Enter turns the card over, 1–4 grade it (again, hard, good, easy), as do the
 * buttons; after a grade the next card comes front up. The keys act only while this view is open, never while
 * the user types in a field or holds a modifier, and Space or Enter on a focused button presses that button.
 */
export function StudyRoundView({ deckId, session, onMore, onDone }: Props) {
  const { t } = useTranslation();
  const [round, dispatch] = useReducer(studyReducer, session, (given) => startRound(given.cards, given.counts));
  const cardRef = useRef<HTMLElement>(null);
  const card = currentCard(round);
  const latest = useRef({ round, grade });
  latest.current = { round, grade };

  async function grade(value: number) {
    const studied = currentCard(round);
    if (!studied || !round.flipped || round.grading) return;
    dispatch({ type: 'grading' });
    try {
      const result = await reviewCard(deckId, studied.id, value);
      dispatch({ type: 'graded', grade: value, result });
      cardRef.current?.focus();
    } catch (error) {
      dispatch({ type: 'failed', message: failureMessage(error, 'grading a card') });
    }
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || (event.target as Element | null)?.closest?.('[role="dialog"]')) return;
      const { round: now, grade: send } = latest.current;
      if (!currentCard(now)) return;
      if (event.key === ' ' || event.key === 'Enter') {
        // A focused button or link does its own thing with these keys.
        if ((event.target as Element | null)?.closest?.('button, a')) return;
        event.preventDefault();
        dispatch({ type: 'flip' });
        return;
      }
      const chosen = GRADES.find((item) => String(item.grade) === event.key);
      if (!chosen || !now.flipped) return;
      event.preventDefault();
      void send(chosen.grade);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The card takes the focus when the round starts, so the keys work at once.
  useEffect(() => cardRef.current?.focus(), []);

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
          onClick={() => dispatch({ type: 'flip' })}
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
  round: ReturnType<typeof startRound>;
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
