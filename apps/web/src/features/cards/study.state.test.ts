import { describe, expect, it } from 'vitest';
import { currentCard, isTypingTarget, startRound, studyReducer } from './study.state';
import { aCard } from './test-cards';

const COUNTS = { total: 2, new: 2, learning: 0, known: 0, due: 2 };
const CARDS = [aCard({ id: 'a' }), aCard({ id: 'b' })];

describe('studyReducer', () => {
  it('flips, grades, counts the grade and brings the next card front up', () => {
    let round = startRound(CARDS, COUNTS);
    round = studyReducer(round, { type: 'flip' });
    expect(round.flipped).toBe(true);
    round = studyReducer(round, { type: 'grading' });
    expect(studyReducer(round, { type: 'flip' })).toBe(round);
    const after = { total: 2, new: 1, learning: 1, known: 0, due: 1 };
    round = studyReducer(round, { type: 'graded', grade: 2, result: { card: CARDS[0] as never, counts: after } });
    expect(currentCard(round)?.id).toBe('b');
    expect(round).toMatchObject({ flipped: false, grading: false, counts: after });
    expect(round.graded).toEqual({ again: 0, hard: 1, good: 0, easy: 0 });
  });

  it('keeps the card when a grade failed, with the reason', () => {
    const round = studyReducer(studyReducer(startRound(CARDS, COUNTS), { type: 'grading' }), {
      type: 'failed',
      message: 'No connection',
    });
    expect(round).toMatchObject({ index: 0, grading: false, error: 'No connection' });
  });

  it('has no card once the round is over', () => {
    expect(currentCard({ ...startRound(CARDS, COUNTS), index: 2 })).toBeNull();
    expect(studyReducer({ ...startRound(CARDS, COUNTS), index: 2 }, { type: 'flip' }).flipped).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('is true for fields, false for buttons and the page', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
