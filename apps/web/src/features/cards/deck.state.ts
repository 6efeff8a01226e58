import { type Card, CardDraft, DECK_LIMITS } from '@quire/contracts';

/** The cards with the one at `index` moved one place up (-1) or down (+1); the same list at either end. */
export function moveCard(cards: readonly Card[], index: number, step: -1 | 1): Card[] {
  const target = index + step;
  if (index < 0 || index >= cards.length || target < 0 || target >= cards.length) return [...cards];
  const moved = [...cards];
  const [card] = moved.splice(index, 1);
  if (card) moved.splice(target, 0, card);
  return moved.map((item, position) => (item.position === position ? item : { ...item, position }));
}

/** The cards with `card` in place of the one with its id. */
export function replaceCard(cards: readonly Card[], card: Card): Card[] {
  return cards.map((item) => (item.id === card.id ? card : item));
}

/** The cards without the one with `cardId`. */
export function removeCard(cards: readonly Card[], cardId: string): Card[] {
  return cards.filter((item) => item.id !== cardId);
}

/** When the next card of the deck falls due (ISO time), or null for a deck without cards. */
export function nextDue(cards: readonly Pick<Card, 'due'>[]): string | null {
  let earliest: string | null = null;
  let earliestTime = Number.POSITIVE_INFINITY;
  for (const card of cards) {
    const time = Date.parse(card.due);
    if (time < earliestTime) {
      earliest = card.due;
      earliestTime = time;
    }
  }
  return earliest;
}

/** A deck's name from an imported file's name: without its extension, tidied, at most DECK_LIMITS.name long. */
export function deckNameFromFile(fileName: string): string {
  const name = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name.slice(0, DECK_LIMITS.name);
}

export type DraftProblem = { key: 'required' } | { key: 'tooLong'; limit: number };
export type DraftProblems = { front?: DraftProblem; back?: DraftProblem };

/** What is wrong with a card's front and back by the contract's rules (CardDraft); empty when it can be saved. */
export function draftProblems(draft: { front: string; back: string }): DraftProblems {
  const parsed = CardDraft.safeParse(draft);
  if (parsed.success) return {};
  const problems: DraftProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field !== 'front' && field !== 'back') continue;
    problems[field] = issue.code === 'too_big' ? { key: 'tooLong', limit: DECK_LIMITS[field] } : { key: 'required' };
  }
  return problems;
}
