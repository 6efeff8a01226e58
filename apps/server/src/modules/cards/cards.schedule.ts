import type { CardGrade, CardState } from '@quire/contracts';
import { type Card as FsrsCard, fsrs, type Grade, State } from 'ts-fsrs';
import type { cards } from '../../db/schema';

type CardRow = typeof cards.$inferSelect;

/** The scheduling columns of a card, as FSRS leaves them after a review. */
export type Schedule = Pick<
  CardRow,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>;

const STATE_NAMES: Record<State, CardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATES = Object.fromEntries(Object.entries(STATE_NAMES).map(([state, name]) => [name, Number(state)])) as Record<
  CardState,
  State
>;

/** FSRS with its default parameters and no fuzz, so the same reviews always give the same schedule. */
const scheduler = fsrs({ enable_fuzz: false });

/** The card's schedule after a grade given at `now` (1 again, 2 hard, 3 good, 4 easy). */
export function scheduleReview(card: Schedule, grade: CardGrade, now: Date): Schedule {
  const { card: next } = scheduler.next(toFsrs(card), now, grade as Grade);
  return {
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsed_days,
    scheduledDays: next.scheduled_days,
    learningSteps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: STATE_NAMES[next.state],
    lastReview: next.last_review ?? now,
  };
}

function toFsrs(card: Schedule): FsrsCard {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state],
    ...(card.lastReview ? { last_review: card.lastReview } : {}),
  };
}
