import {
  type Card,
  type CardDraft,
  type CardGrade,
  type CardUpdate,
  DECK_LIMITS,
  type Deck,
  type DeckProgress,
  type DeckSummary,
  type ReviewResult,
  type StudySession,
} from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { presentCard, presentDeck, presentDeckSummary } from './cards.present';
import { scheduleReview } from './cards.schedule';
import {
  appendCard,
  countsByDeck,
  type DeckRow,
  deckCounts,
  deleteCard,
  deleteDeck,
  dueCards,
  findCard,
  findDeck,
  listCards,
  listDecks,
  NO_CARDS,
  recordReview,
  renameDeck,
  reorderCards,
  reviewsPerDay,
  updateCard,
} from './cards.store';

/** The signed-in user, the deck a call is about, and the time it happens (a clock tests can move). */
type DeckCall = { db: Database; userId: string; deckId: string; now: Date };

/** Days the progress chart shows, today included. */
export const PROGRESS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The user's decks with their counts, newest first. */
export async function listUserDecks({ db, userId, now }: Omit<DeckCall, 'deckId'>): Promise<DeckSummary[]> {
  const [decks, counts] = await Promise.all([listDecks(db, userId), countsByDeck(db, userId, now)]);
  return decks.map((deck) => presentDeckSummary(deck, counts.get(deck.id) ?? NO_CARDS));
}

/** One of the user's decks with its cards in deck order; any other id is not found. */
export async function getDeck({ db, userId, deckId, now }: DeckCall): Promise<Deck> {
  return presentFullDeck(db, await userDeck(db, userId, deckId), now);
}

export async function presentFullDeck(db: Database, deck: DeckRow, now: Date): Promise<Deck> {
  const [counts, cards] = await Promise.all([deckCounts(db, deck.id, now), listCards(db, deck.id)]);
  return presentDeck(deck, counts, cards);
}

export async function renameUserDeck({ db, userId, deckId, now, name }: DeckCall & { name: string }) {
  const deck = await renameDeck(db, userId, deckId, name, now);
  if (!deck) throw new AppError('not_found');
  return presentDeckSummary(deck, await deckCounts(db, deck.id, now));
}

/** Deletes a deck with its cards and their reviews. */
export async function deleteUserDeck({ db, userId, deckId }: Omit<DeckCall, 'now'>): Promise<void> {
  if (!(await deleteDeck(db, userId, deckId))) throw new AppError('not_found');
}

/** Adds a card of kind 'basic' after the last one; a full deck (DECK_LIMITS.cards) refuses it. */
export async function addCard({ db, userId, deckId, now, draft }: DeckCall & { draft: CardDraft }): Promise<Card> {
  const content = { kind: 'basic' as const, front: draft.front, back: draft.back, passage: null, page: null };
  const added = await appendCard(db, { userId, deckId, content, limit: DECK_LIMITS.cards, now });
  if ('missing' in added) throw new AppError('not_found');
  if ('full' in added) throw new AppError('deck_full');
  return presentCard(added.card);
}

/** Changes a card's front, back or both; its schedule stays. */
export async function editCard({
  db,
  userId,
  deckId,
  now,
  cardId,
  changes,
}: DeckCall & { cardId: string; changes: CardUpdate }): Promise<Card> {
  const deck = await userDeck(db, userId, deckId);
  const card = await updateCard(db, deck, cardId, changes, now);
  if (!card) throw new AppError('not_found');
  return presentCard(card);
}

/** Deletes a card; the cards after it move up one place. */
export async function deleteUserCard({ db, userId, deckId, now, cardId }: DeckCall & { cardId: string }) {
  if (!(await deleteCard(db, { userId, deckId, cardId, now }))) throw new AppError('not_found');
}

/** Puts the cards in the order given, which must name every card of the deck exactly once. */
export async function reorderDeck({ db, userId, deckId, now, cardIds }: DeckCall & { cardIds: string[] }) {
  const result = await reorderCards(db, { userId, deckId, cardIds, now });
  if (result === 'missing') throw new AppError('not_found');
  if (result === 'mismatch') throw new AppError('cards_order_mismatch');
  return getDeck({ db, userId, deckId, now });
}

/** The cards to study now: due ones, the most overdue first, then new ones in deck order. */
export async function studySession({
  db,
  userId,
  deckId,
  now,
  limit,
}: DeckCall & { limit: number }): Promise<StudySession> {
  const deck = await userDeck(db, userId, deckId);
  const [cards, counts] = await Promise.all([dueCards(db, deck.id, now, limit), deckCounts(db, deck.id, now)]);
  return { cards: cards.map(presentCard), counts };
}

/** Grades a card: FSRS schedules its next review, and the review is kept for the progress chart. */
export async function reviewCard({
  db,
  userId,
  deckId,
  now,
  cardId,
  grade,
}: DeckCall & { cardId: string; grade: CardGrade }): Promise<ReviewResult> {
  const deck = await userDeck(db, userId, deckId);
  const card = await findCard(db, deck, cardId);
  if (!card) throw new AppError('not_found');
  const reviewed = await recordReview(db, { card, schedule: scheduleReview(card, grade, now), grade, now });
  return { card: presentCard(reviewed), counts: await deckCounts(db, deck.id, now) };
}

/** The deck's counts and its reviews on each of the last PROGRESS_DAYS UTC days, oldest first, every day listed. */
export async function deckProgress({ db, userId, deckId, now }: DeckCall): Promise<DeckProgress> {
  const deck = await userDeck(db, userId, deckId);
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const from = new Date(tomorrow - PROGRESS_DAYS * DAY_MS);
  const [counts, reviewed] = await Promise.all([
    deckCounts(db, deck.id, now),
    reviewsPerDay(db, deck.id, from, new Date(tomorrow)),
  ]);
  const byDate = new Map(reviewed.map((day) => [day.date, day]));
  const days = Array.from({ length: PROGRESS_DAYS }, (_, index) => {
    const date = new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const day = byDate.get(date);
    return { date, reviews: day?.reviews ?? 0, again: day?.again ?? 0 };
  });
  return { counts, days };
}

export async function userDeck(db: Database, userId: string, deckId: string): Promise<DeckRow> {
  const deck = await findDeck(db, userId, deckId);
  if (!deck) throw new AppError('not_found');
  return deck;
}
