import type { Card, DeckCounts, ReviewResult } from '@quire/contracts';

/** The four answers to a card, in key order (1 again … 4 easy), as ts-fsrs rates them. */
export const GRADES = [
  { grade: 1, name: 'again' },
  { grade: 2, name: 'hard' },
  { grade: 3, name: 'good' },
  { grade: 4, name: 'easy' },
] as const;
export type GradeName = (typeof GRADES)[number]['name'];

/** A round of study: the due cards one at a time, what was answered so far and the deck's counts now. */
export type StudyRound = {
  cards: Card[];
  index: number;
  flipped: boolean;
  /** A grade is being sent; keys and buttons wait for it. */
  grading: boolean;
  error: string | null;
  graded: Record<GradeName, number>;
  counts: DeckCounts;
};

export type StudyAction =
  | { type: 'flip' }
  | { type: 'grading' }
  | { type: 'graded'; grade: number; result: ReviewResult }
  | { type: 'failed'; message: string };

export function startRound(cards: Card[], counts: DeckCounts): StudyRound {
  return {
    cards,
    index: 0,
    flipped: false,
    grading: false,
    error: null,
    graded: { again: 0, hard: 0, good: 0, easy: 0 },
    counts,
  };
}

/** The card being studied, or null once the round is over. */
export function currentCard(round: StudyRound): Card | null {
  return round.cards[round.index] ?? null;
}

/** How the round changes: a card is turned over, graded (then the next one comes, front up) or the grade failed. */
export function studyReducer(round: StudyRound, action: StudyAction): StudyRound {
  switch (action.type) {
    case 'flip':
      return round.grading || !currentCard(round) ? round : { ...round, flipped: !round.flipped, error: null };
    case 'grading':
      return { ...round, grading: true, error: null };
    case 'graded': {
      const name = GRADES.find((item) => item.grade === action.grade)?.name;
      return {
        ...round,
        index: round.index + 1,
        flipped: false,
        grading: false,
        counts: action.result.counts,
        graded: name ? { ...round.graded, [name]: round.graded[name] + 1 } : round.graded,
      };
    }
    case 'failed':
      return { ...round, grading: false, error: action.message };
  }
}

/** Whether a key press belongs to something the user is typing in or pressing, not to the study view. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
