import type {
  Card,
  CardDraft,
  CardUpdate,
  CreateDeckInput,
  Deck,
  DeckProgress,
  DeckSummary,
  ImportDeckRequest,
  ReviewResult,
  StudySession,
} from '@quire/contracts';
import {
  api,
  buildUrl,
  parsePayload,
  requestHeaders,
  sendWithSession,
  unreachable,
  unwrapAnswer,
} from '../../api/client';
import { attachmentName } from '../find-sources/search.api';

type Options = { signal?: AbortSignal };

const deckPath = (deckId: string) => `/cards/decks/${encodeURIComponent(deckId)}`;
const cardPath = (deckId: string, cardId: string) => `${deckPath(deckId)}/cards/${encodeURIComponent(cardId)}`;

/** GET /api/cards/decks: the user's decks with their counts, newest first. */
export function fetchDecks(options: Options = {}): Promise<DeckSummary[]> {
  return api.get<DeckSummary[]>('/cards/decks', options);
}

/** POST /api/cards/decks: cards generated from a usable source or a pasted text; answers when the deck is made. */
export function createDeck(request: CreateDeckInput, options: Options = {}): Promise<Deck> {
  return api.post<Deck>('/cards/decks', request, options);
}

/** POST /api/cards/decks/import: a deck from a CSV file's text (front,back per row). */
export function importDeck(request: ImportDeckRequest): Promise<Deck> {
  return api.post<Deck>('/cards/decks/import', request);
}

/** GET /api/cards/decks/{id}: the deck with all its cards in order. */
export function fetchDeck(deckId: string, options: Options = {}): Promise<Deck> {
  return api.get<Deck>(deckPath(deckId), options);
}

/** PATCH /api/cards/decks/{id}: renames the deck. */
export function renameDeck(deckId: string, name: string): Promise<DeckSummary> {
  return api.patch<DeckSummary>(deckPath(deckId), { name });
}

/** DELETE /api/cards/decks/{id}: removes the deck with its cards and reviews. */
export async function deleteDeck(deckId: string): Promise<void> {
  await api.delete<{ deleted: true }>(deckPath(deckId));
}

/** POST /api/cards/decks/{id}/cards: a card written by hand, appended to the deck. */
export function addCard(deckId: string, draft: CardDraft): Promise<Card> {
  return api.post<Card>(`${deckPath(deckId)}/cards`, draft);
}

/** PATCH /api/cards/decks/{id}/cards/{cardId}: a new front, back or both. */
export function updateCard(deckId: string, cardId: string, update: CardUpdate): Promise<Card> {
  return api.patch<Card>(cardPath(deckId, cardId), update);
}

/** DELETE /api/cards/decks/{id}/cards/{cardId}. */
export async function deleteCard(deckId: string, cardId: string): Promise<void> {
  await api.delete<{ deleted: true }>(cardPath(deckId, cardId));
}

/** PUT /api/cards/decks/{id}/order: every card of the deck once, in the new order; answers the reordered deck. */
export function reorderCards(deckId: string, cardIds: string[]): Promise<Deck> {
  return api.put<Deck>(`${deckPath(deckId)}/order`, { card_ids: cardIds });
}

/** GET /api/cards/decks/{id}/study: the cards due now (most overdue first, then new ones) and the counts. */
export function fetchStudySession(deckId: string, options: Options = {}): Promise<StudySession> {
  return api.get<StudySession>(`${deckPath(deckId)}/study`, { ...options, query: { limit: STUDY_LIMIT } });
}

/** How many cards one study round holds. */
export const STUDY_LIMIT = 20;

/** POST /api/cards/decks/{id}/cards/{cardId}/review: a grade 1–4; answers the card's next due time and the counts. */
export function reviewCard(deckId: string, cardId: string, grade: number): Promise<ReviewResult> {
  return api.post<ReviewResult>(`${cardPath(deckId, cardId)}/review`, { grade });
}

/** GET /api/cards/decks/{id}/progress: the counts and the reviews per day of the last 30 days. */
export function fetchProgress(deckId: string, options: Options = {}): Promise<DeckProgress> {
  return api.get<DeckProgress>(`${deckPath(deckId)}/progress`, options);
}

export type ExportFormat = 'csv' | 'anki';
export type ExportedDeck = { blob: Blob; filename: string };

const EXPORT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv', anki: 'text/plain' };

/**
 * GET /api/cards/decks/{id}/export?format=…: the deck as a CSV file or as Anki's tab-separated text. The answer
 * is the file, not JSON, so this sends through the session directly; a failure is the server's `{ error }`.
 */
export async function exportDeck(deckId: string, format: ExportFormat): Promise<ExportedDeck> {
  const response = await sendWithSession(async (token) => {
    const headers = requestHeaders(token);
    // The file is wanted; an error still comes as JSON.
    headers.set('Accept', `${EXPORT_TYPES[format]}, application/json;q=0.5`);
    try {
      return await fetch(buildUrl('api', `${deckPath(deckId)}/export`, { format }), { headers });
    } catch (error) {
      throw unreachable(error);
    }
  });
  if (!response.ok) unwrapAnswer(response.status, parsePayload(await response.text()));
  const fallback = format === 'csv' ? 'deck.csv' : 'deck.txt';
  return {
    blob: await response.blob(),
    filename: attachmentName(response.headers.get('Content-Disposition')) ?? fallback,
  };
}
