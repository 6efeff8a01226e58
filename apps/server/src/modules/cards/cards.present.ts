import type { Card, Deck, DeckCounts, DeckSummary, LocaleCode } from '@quire/contracts';
import type { CardRow, DeckRow } from './cards.store';

export function presentCard(row: CardRow): Card {
  return {
    id: row.id,
    deck_id: row.deckId,
    position: row.position,
    kind: row.kind,
    front: row.front,
    back: row.back,
    passage: row.passage,
    page: row.page,
    state: row.state,
    due: row.due.toISOString(),
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.lastReview?.toISOString() ?? null,
  };
}

export function presentDeckSummary(row: DeckRow, counts: DeckCounts): DeckSummary {
  return {
    id: row.id,
    name: row.name,
    language: row.language as LocaleCode,
    source_id: row.sourceId,
    engine: row.engine,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    counts,
  };
}

export function presentDeck(row: DeckRow, counts: DeckCounts, cards: CardRow[]): Deck {
  return { ...presentDeckSummary(row, counts), cards: cards.map(presentCard) };
}
