import { DECK_LIMITS, type Deck, type ImportDeckRequest, type ValidationMessage } from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { cardRows, safeFileName, writeAnki, writeCsv } from './cards.csv';
import { presentFullDeck, userDeck } from './cards.service';
import { insertDeck, listCards } from './cards.store';

/** A deck as a file to download. */
export type DeckFile = { fileName: string; contentType: string; body: string };

/**
 * A new deck from a CSV file (front,back per row). A field longer than a card allows is a validation error
 * naming its row (`csv.<row>.front`, rows counted from 1 as in a spreadsheet, the header included), and so
 * is a row with only one of the two; more rows than a deck holds is `deck_full`, none at all
 * `cards_import_empty`.
 */
export async function importDeck({
  db,
  userId,
  request,
  now,
}: {
  db: Database;
  userId: string;
  request: ImportDeckRequest;
  now: Date;
}): Promise<Deck> {
  const rows = cardRows(request.csv);
  const problems = rows.flatMap(({ row, front, back }) => [
    ...fieldProblem(row, 'front', front, DECK_LIMITS.front),
    ...fieldProblem(row, 'back', back, DECK_LIMITS.back),
  ]);
  if (problems.length > 0) throw new AppError('validation_error', { fields: problems.slice(0, 1) });
  if (rows.length === 0) throw new AppError('cards_import_empty');
  if (rows.length > DECK_LIMITS.cards) throw new AppError('deck_full');
  const contents = rows.map(({ front, back }) => ({ kind: 'basic' as const, front, back, passage: null, page: null }));
  const deck = { userId, name: request.name, language: request.language, sourceId: null, engine: 'import' as const };
  const stored = await db.transaction((tx) => insertDeck(tx, deck, contents, now));
  return presentFullDeck(db, stored.deck, now);
}

function fieldProblem(row: number, field: 'front' | 'back', value: string, limit: number): ValidationMessage[] {
  const path = `csv.${row}.${field}`;
  if (value === '') return [{ path, field, key: 'required', params: {} }];
  if (value.length > limit) return [{ path, field, key: 'maxLength', params: { length: limit } }];
  return [];
}

/** The deck's cards in deck order as CSV (front,back) or as Anki's text import. */
export async function exportDeck({
  db,
  userId,
  deckId,
  format,
}: {
  db: Database;
  userId: string;
  deckId: string;
  format: 'csv' | 'anki';
}): Promise<DeckFile> {
  const deck = await userDeck(db, userId, deckId);
  const cards = await listCards(db, deck.id);
  const name = safeFileName(deck.name);
  if (format === 'anki')
    return { fileName: `${name}.txt`, contentType: 'text/plain; charset=utf-8', body: writeAnki(cards) };
  return { fileName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: writeCsv(cards) };
}
