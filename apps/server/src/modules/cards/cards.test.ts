import { DECK_LIMITS } from '@quire/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDecks, cards } from '../../db/schema';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { signUpSubscriber, type Writer } from '../generation/generation.test-kit';
import { type Call, caller, dataOf, ENGLISH_TEXT } from './cards.test-kit';

let test: TestApp;
let owner: Writer;
let asOwner: Call;
let asOther: Call;

beforeAll(async () => {
  test = await startTestApp();
  owner = await signUpSubscriber(test, 'owner@example.org');
  asOwner = caller(test, owner);
  asOther = caller(test, await signUpSubscriber(test, 'other@example.org'));
});
afterAll(() => test.close());

const CSV = 'front,back\nQ1,A1\nQ2,A2\nQ3,A3\n';
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the payload's shape themselves
type AnyDeck = any;

async function importDeck(name = 'Imported', csv = CSV, as = asOwner): Promise<AnyDeck> {
  return dataOf(await as('POST', '/api/cards/decks/import', { name, language: 'en', csv }), 201);
}
const fronts = (deck: AnyDeck) => deck.cards.map((card: { front: string }) => card.front);
const positions = (deck: AnyDeck) => deck.cards.map((card: { position: number }) => card.position);
const errorOf = async (response: Response) => ({ status: response.status, ...(await readBody(response)).error });

describe('decks', () => {
  it("lists the user's decks newest first, with their counts, and nobody else's", async () => {
    const older = await importDeck('Older');
    const newer = await importDeck('Newer', 'a,b\n');
    await importDeck('Theirs', CSV, asOther);
    const list = await dataOf(await asOwner('GET', '/api/cards/decks'));
    expect(list.map((deck: AnyDeck) => deck.name).slice(0, 2)).toEqual(['Newer', 'Older']);
    expect(list.map((deck: AnyDeck) => deck.name)).not.toContain('Theirs');
    expect(list.find((deck: AnyDeck) => deck.id === older.id).counts).toEqual({
      total: 3,
      new: 3,
      learning: 0,
      known: 0,
      due: 3,
    });
    expect(list.find((deck: AnyDeck) => deck.id === newer.id)).toMatchObject({
      engine: 'import',
      language: 'en',
      source_id: null,
    });
    expect(list[0].cards).toBeUndefined();
  });

  it('gives a deck with its cards in order, renames it and deletes it with its cards', async () => {
    const deck = await importDeck();
    const fetched = await dataOf(await asOwner('GET', `/api/cards/decks/${deck.id}`));
    expect(fronts(fetched)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(positions(fetched)).toEqual([0, 1, 2]);
    const renamed = await dataOf(await asOwner('PATCH', `/api/cards/decks/${deck.id}`, { name: '  Biology  ' }));
    expect(renamed).toMatchObject({ id: deck.id, name: 'Biology', counts: { total: 3 } });
    expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(deck.updated_at));
    expect((await asOwner('PATCH', `/api/cards/decks/${deck.id}`, { name: ' ' })).status).toBe(400);
    expect(await dataOf(await asOwner('DELETE', `/api/cards/decks/${deck.id}`))).toEqual({ deleted: true });
    expect((await asOwner('GET', `/api/cards/decks/${deck.id}`)).status).toBe(404);
    expect(await test.database.db.select().from(cards).where(eq(cards.deckId, deck.id))).toEqual([]);
  });
});

describe('cards of a deck', () => {
  it('appends a card as a basic card at the end', async () => {
    const deck = await importDeck();
    const card = await dataOf(
      await asOwner('POST', `/api/cards/decks/${deck.id}/cards`, { front: ' Q4 ', back: 'A4' }),
      201,
    );
    expect(card).toMatchObject({ deck_id: deck.id, position: 3, kind: 'basic', front: 'Q4', back: 'A4', state: 'new' });
    expect((await asOwner('POST', `/api/cards/decks/${deck.id}/cards`, { front: '', back: 'A' })).status).toBe(400);
  });

  it('edits the front, the back or both, and needs one of them', async () => {
    const deck = await importDeck();
    const id = deck.cards[1].id;
    const edited = await dataOf(
      await asOwner('PATCH', `/api/cards/decks/${deck.id}/cards/${id}`, { back: 'New answer' }),
    );
    expect(edited).toMatchObject({ id, front: 'Q2', back: 'New answer', position: 1 });
    expect((await asOwner('PATCH', `/api/cards/decks/${deck.id}/cards/${id}`, {})).status).toBe(400);
  });

  it('deletes a card and closes the gap in the positions', async () => {
    const deck = await importDeck();
    expect(await dataOf(await asOwner('DELETE', `/api/cards/decks/${deck.id}/cards/${deck.cards[0].id}`))).toEqual({
      deleted: true,
    });
    const after = await dataOf(await asOwner('GET', `/api/cards/decks/${deck.id}`));
    expect(fronts(after)).toEqual(['Q2', 'Q3']);
    expect(positions(after)).toEqual([0, 1]);
    expect(after.counts.total).toBe(2);
  });

  it('reorders the cards when every card is listed exactly once, and refuses any other list', async () => {
    const deck = await importDeck();
    const other = await importDeck('Other');
    const [a, b, c] = deck.cards.map((card: { id: string }) => card.id);
    const reordered = await dataOf(await asOwner('PUT', `/api/cards/decks/${deck.id}/order`, { card_ids: [c, a, b] }));
    expect(fronts(reordered)).toEqual(['Q3', 'Q1', 'Q2']);
    expect(positions(reordered)).toEqual([0, 1, 2]);
    for (const cardIds of [
      [a, b],
      [a, b, b],
      [a, b, c, other.cards[0].id],
      [a, b, other.cards[0].id],
      [a, b, 'nope'],
    ]) {
      const refused = await asOwner('PUT', `/api/cards/decks/${deck.id}/order`, { card_ids: cardIds });
      expect(await errorOf(refused)).toMatchObject({ status: 409, code: 'cards_order_mismatch' });
    }
    expect(fronts(await dataOf(await asOwner('GET', `/api/cards/decks/${deck.id}`)))).toEqual(['Q3', 'Q1', 'Q2']);
  });

  it('refuses a card more than a deck holds', async () => {
    const rows = Array.from({ length: DECK_LIMITS.cards }, (_, index) => `Q${index},A${index}`).join('\n');
    const full = await importDeck('Full', rows);
    expect(full.cards).toHaveLength(DECK_LIMITS.cards);
    const refused = await asOwner('POST', `/api/cards/decks/${full.id}/cards`, { front: 'One more', back: 'No' });
    expect(await errorOf(refused)).toMatchObject({ status: 409, code: 'deck_full' });
  });
});

describe("another user's decks and cards", () => {
  it('answer 404 on every route and stay as they were', async () => {
    const deck = await importDeck('Private');
    const card = deck.cards[0].id;
    const mine = await importDeck('Intruder deck', CSV, asOther);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/cards/decks/${deck.id}`],
      ['PATCH', `/api/cards/decks/${deck.id}`, { name: 'Taken' }],
      ['POST', `/api/cards/decks/${deck.id}/cards`, { front: 'F', back: 'B' }],
      ['PATCH', `/api/cards/decks/${deck.id}/cards/${card}`, { front: 'Changed' }],
      ['PUT', `/api/cards/decks/${deck.id}/order`, { card_ids: deck.cards.map((each: { id: string }) => each.id) }],
      ['GET', `/api/cards/decks/${deck.id}/study`],
      ['POST', `/api/cards/decks/${deck.id}/cards/${card}/review`, { grade: 3 }],
      ['GET', `/api/cards/decks/${deck.id}/progress`],
      ['GET', `/api/cards/decks/${deck.id}/export`],
      ['DELETE', `/api/cards/decks/${deck.id}/cards/${card}`],
      ['DELETE', `/api/cards/decks/${deck.id}`],
      // The owner's card under the intruder's own deck is not theirs either.
      ['PATCH', `/api/cards/decks/${mine.id}/cards/${card}`, { front: 'Changed' }],
      ['POST', `/api/cards/decks/${mine.id}/cards/${card}/review`, { grade: 3 }],
      ['DELETE', `/api/cards/decks/${mine.id}/cards/${card}`],
    ];
    for (const [method, path, body] of calls) {
      expect(await errorOf(await asOther(method, path, body)), `${method} ${path}`).toMatchObject({
        status: 404,
        code: 'not_found',
      });
    }
    const after = await dataOf(await asOwner('GET', `/api/cards/decks/${deck.id}`));
    expect(after.name).toBe('Private');
    expect(after.cards).toEqual(deck.cards);
    const [row] = await test.database.db.select().from(cardDecks).where(eq(cardDecks.id, deck.id));
    expect(row?.updatedAt.toISOString()).toBe(deck.updated_at);
  });
});

describe('export and import', () => {
  const TRICKY = 'front,back\n"Comma, inside","Quote ""here"""\n"Two\nlines",plain\n';

  it('exports CSV as an attachment named after the deck, quoted as RFC 4180 says', async () => {
    const deck = await importDeck('Zellbiologie: Grundlagen', TRICKY);
    const response = await asOwner('GET', `/api/cards/decks/${deck.id}/export?format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Zellbiologie_ Grundlagen.csv"');
    expect(await response.text()).toBe('front,back\r\n"Comma, inside","Quote ""here"""\r\n"Two\nlines",plain\r\n');
  });

  it('exports Anki import text with its header lines', async () => {
    const deck = await importDeck('Anki', TRICKY);
    const response = await asOwner('GET', `/api/cards/decks/${deck.id}/export?format=anki`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Anki.txt"');
    expect(await response.text()).toBe(
      '#separator:tab\n#html:false\n#columns:Front\tBack\nComma, inside\tQuote "here"\nTwo lines\tplain\n',
    );
    expect((await asOwner('GET', `/api/cards/decks/${deck.id}/export?format=pdf`)).status).toBe(400);
  });

  it('imports an exported deck as the same cards', async () => {
    const generated = await dataOf(await asOwner('POST', '/api/cards/decks', { text: ENGLISH_TEXT }), 201);
    const csv = await (await asOwner('GET', `/api/cards/decks/${generated.id}/export`)).text();
    const imported = await importDeck('Copy', csv);
    const sides = (deck: AnyDeck) =>
      deck.cards.map(({ front, back }: { front: string; back: string }) => [front, back]);
    expect(sides(imported)).toEqual(sides(generated));
    expect(imported.engine).toBe('import');
  });

  it('imports semicolon-separated files with a header in another language, skipping empty rows', async () => {
    const deck = await importDeck(
      'Deutsch',
      'Vorderseite;Rückseite\r\nWas ist eine Zelle?;"Die kleinste Einheit; des Lebens"\r\n;\r\n\r\nZwei;2\r\n',
    );
    expect(deck.cards.map(({ front, back }: { front: string; back: string }) => [front, back])).toEqual([
      ['Was ist eine Zelle?', 'Die kleinste Einheit; des Lebens'],
      ['Zwei', '2'],
    ]);
  });

  it('names the row of a field that is too long or missing', async () => {
    const long = `front,back\nok,fine\n${'x'.repeat(DECK_LIMITS.front + 1)},back\n`;
    const tooLong = await errorOf(
      await asOwner('POST', '/api/cards/decks/import', { name: 'X', language: 'en', csv: long }),
    );
    expect(tooLong).toMatchObject({ status: 400, code: 'validation_error' });
    expect(tooLong.details.fields[0]).toEqual({
      path: 'csv.3.front',
      message: 'Front must not be longer than 1000 characters',
    });
    const missing = await errorOf(
      await asOwner('POST', '/api/cards/decks/import', { name: 'X', language: 'en', csv: 'a,b\nonly front,\n' }),
    );
    expect(missing.details.fields[0].path).toBe('csv.2.back');
    const german = await test.request('/api/cards/decks/import', {
      ...jsonRequest('POST', { name: 'X', language: 'de', csv: long }, { ...owner.auth, 'accept-language': 'de' }),
    });
    expect((await readBody(german)).error.message).toBe('Vorderseite darf nicht länger als 1000 Zeichen sein');
  });

  it('refuses more rows than a deck holds, and a file without cards', async () => {
    const rows = Array.from({ length: DECK_LIMITS.cards + 1 }, (_, index) => `Q${index},A${index}`).join('\n');
    const tooMany = await asOwner('POST', '/api/cards/decks/import', { name: 'X', language: 'en', csv: rows });
    expect(await errorOf(tooMany)).toMatchObject({ status: 409, code: 'deck_full' });
    const empty = await asOwner('POST', '/api/cards/decks/import', {
      name: 'X',
      language: 'en',
      csv: 'front,back\n\n',
    });
    expect(await errorOf(empty)).toMatchObject({ status: 422, code: 'cards_import_empty' });
  });
});
