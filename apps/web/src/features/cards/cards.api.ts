import {
  type Card,
  type CardDraft,
  type CardUpdate,
  type CreateDeckInput,
  type Deck,
  type DeckProgress,
  type DeckSummary,
  cardsEndpoints as endpoints,
  type ImportDeckRequest,
  type ReviewResult,
  type StudySession,
} from '@quire/contracts';
import { call, endpointPath } from '../../api/call';
import { buildUrl, parsePayload, requestHeaders, sendWithSession, unreachable, unwrapAnswer } from '../../api/client';
import { attachmentName } from '../find-sources';

type Options = { signal?: AbortSignal };

/** The user's decks with their counts, newest first. */
export function fetchDecks(options: Options = {}): Promise<DeckSummary[]> {
  return call(endpoints.listDecks, {}, options);
}

/** Cards generated from a usable source or a pasted text; answers when the deck is made. */
export function createDeck(request: CreateDeckInput, options: Options = {}): Promise<Deck> {
  return call(endpoints.createDeck, { body: request }, options);
}

/** A deck from a CSV file's text (front,back per row). */
export function importDeck(request: ImportDeckRequest): Promise<Deck> {
  return call(endpoints.importDeck, { body: request });
}

/** The deck with all its cards in order. */
export function fetchDeck(deckId: string, options: Options = {}): Promise<Deck> {
  return call(endpoints.getDeck, { params: { id: deckId } }, options);
}

/** Renames the deck. */
export function renameDeck(deckId: string, name: string): Promise<DeckSummary> {
  return call(endpoints.renameDeck, { params: { id: deckId }, body: { name } });
}

/** Removes the deck with its cards and reviews. */
export async function deleteDeck(deckId: string): Promise<void> {
  await call(endpoints.deleteDeck, { params: { id: deckId } });
}

/** A card written by hand, appended to the deck. */
export function addCard(deckId: string, draft: CardDraft): Promise<Card> {
  return call(endpoints.addCard, { params: { id: deckId }, body: draft });
}

/** A new front, back or both. */
export function updateCard(deckId: string, cardId: string, update: CardUpdate): Promise<Card> {
  return call(endpoints.updateCard, { params: { id: deckId, cardId }, body: update });
}

/** Removes the card. */
export async function deleteCard(deckId: string, cardId: string): Promise<void> {
  await call(endpoints.deleteCard, { params: { id: deckId, cardId } });
}

/** Every card of the deck once, in the new order; answers the reordered deck. */
export function reorderCards(deckId: string, cardIds: string[]): Promise<Deck> {
  return call(endpoints.reorderCards, { params: { id: deckId }, body: { card_ids: cardIds } });
}

/** The cards due now (most overdue first, then new ones) and the counts. */
export function fetchStudySession(deckId: string, options: Options = {}): Promise<StudySession> {
  return call(endpoints.study, { params: { id: deckId }, query: { limit: STUDY_LIMIT } }, options);
}

/** How many cards one study round holds. */
export const STUDY_LIMIT = 20;

/** A grade 1–4; answers the card's next due time and the counts. */
export function reviewCard(deckId: string, cardId: string, grade: number): Promise<ReviewResult> {
  return call(endpoints.review, { params: { id: deckId, cardId }, body: { grade } });
}

/** The counts and the reviews per day of the last 30 days. */
export function fetchProgress(deckId: string, options: Options = {}): Promise<DeckProgress> {
  return call(endpoints.progress, { params: { id: deckId } }, options);
}

export type ExportFormat = 'csv' | 'anki';
export type ExportedDeck = { blob: Blob; filename: string };

const EXPORT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv', anki: 'text/plain' };

/**
 * The deck as a CSV file or as Anki's tab-separated text. The answer
 * is the file, not JSON, so this sends through the session directly; a failure is the server's `{ error }`.
 */
export async function exportDeck(deckId: string, format: ExportFormat): Promise<ExportedDeck> {
  const response = await sendWithSession(async (token) => {
    const headers = requestHeaders(token);
    // The file is wanted; an error still comes as JSON.
    headers.set('Accept', `${EXPORT_TYPES[format]}, application/json;q=0.5`);
    try {
      return await fetch(buildUrl('api', endpointPath(endpoints.exportDeck, { id: deckId }), { format }), { headers });
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
