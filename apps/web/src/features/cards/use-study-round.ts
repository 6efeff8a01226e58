import type { StudySession } from '@quire/contracts';
import { useEffect, useReducer, useRef } from 'react';
import { reviewCard } from './cards.api';
import { failureMessage } from './cards-errors';
import { currentCard, GRADES, isTypingTarget, startRound, studyReducer } from './study.state';

/**
 * A study round's state and keys: Space or Enter turns the card over, 1–4 grade it. The keys act only while the
 * round is open, never while the user types in a field, holds a modifier or has a dialog open, and Space or
 * Enter on a focused button presses that button. The card takes the focus at the start and after each grade.
 */
export function useStudyRound(deckId: string, session: StudySession) {
  const [round, dispatch] = useReducer(studyReducer, session, (given) => startRound(given.cards, given.counts));
  const cardRef = useRef<HTMLElement>(null);
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

  useEffect(() => cardRef.current?.focus(), []);

  return { round, card: currentCard(round), cardRef, grade, flip: () => dispatch({ type: 'flip' }) };
}
