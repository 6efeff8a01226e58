import { DECK_LIMITS } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { deckNameFromFile, draftProblems, moveCard, nextDue, removeCard, replaceCard } from './deck.state';
import { aCard } from './test-cards';

const CARDS = ['a', 'b', 'c'].map((id, position) => aCard({ id, position }));

describe('moveCard', () => {
  it('moves a card one place and renumbers the positions', () => {
    const moved = moveCard(CARDS, 0, 1);
    expect(moved.map((card) => [card.id, card.position])).toEqual([
      ['b', 0],
      ['a', 1],
      ['c', 2],
    ]);
    expect(moveCard(CARDS, 2, -1).map((card) => card.id)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the order as it is at either end', () => {
    expect(moveCard(CARDS, 0, -1)).toEqual(CARDS);
    expect(moveCard(CARDS, 2, 1)).toEqual(CARDS);
  });
});

describe('card lists', () => {
  it('replaces and removes by id', () => {
    const edited = aCard({ id: 'b', front: 'Edited' });
    expect(replaceCard(CARDS, edited)[1]).toBe(edited);
    expect(removeCard(CARDS, 'b').map((card) => card.id)).toEqual(['a', 'c']);
  });

  it('finds when the next card falls due', () => {
    expect(
      nextDue([{ due: '2026-03-12T10:00:00Z' }, { due: '2026-03-11T08:00:00+01:00' }, { due: '2026-03-11T09:00:00Z' }]),
    ).toBe('2026-03-11T08:00:00+01:00');
    expect(nextDue([])).toBeNull();
  });
});

describe('deckNameFromFile', () => {
  it('names a deck after its file, without the extension and underscores', () => {
    expect(deckNameFromFile('Cell_biology  terms.csv')).toBe('Cell biology terms');
    expect(deckNameFromFile('notes.v2.txt')).toBe('notes.v2');
    expect(deckNameFromFile(`${'x'.repeat(200)}.csv`)).toHaveLength(DECK_LIMITS.name);
  });
});

describe('draftProblems', () => {
  it('applies the contract: both sides needed, each within its limit', () => {
    expect(draftProblems({ front: 'Q', back: 'A' })).toEqual({});
    expect(draftProblems({ front: '  ', back: 'A' })).toEqual({ front: { key: 'required' } });
    expect(draftProblems({ front: 'Q', back: 'x'.repeat(DECK_LIMITS.back + 1) })).toEqual({
      back: { key: 'tooLong', limit: DECK_LIMITS.back },
    });
  });
});
