import type { CardGrade, DeckCounts } from '@quire/contracts';
import { and, asc, count, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { cardDecks, cardReviews, cards } from '../../db/schema';
import type { Schedule } from './cards.schedule';

export type DeckRow = typeof cardDecks.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type NewDeck = Pick<typeof cardDecks.$inferInsert, 'userId' | 'name' | 'language' | 'sourceId' | 'engine'>;
/** A card's content before it is stored; the schedule starts as FSRS's empty card. */
export type CardContent = Pick<CardRow, 'kind' | 'front' | 'back' | 'passage' | 'page'>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Queryable = Database | Transaction;

/** A deck of this user; another user's id answers undefined exactly like a missing one. */
export async function findDeck(db: Queryable, userId: string, deckId: string): Promise<DeckRow | undefined> {
  if (!isUuid(deckId)) return undefined;
  const [row] = await db
    .select()
    .from(cardDecks)
    .where(and(eq(cardDecks.id, deckId), eq(cardDecks.userId, userId)));
  return row;
}

/** The same, locked until the transaction ends: changes to a deck's positions happen one at a time. */
async function lockDeck(tx: Transaction, userId: string, deckId: string): Promise<DeckRow | undefined> {
  if (!isUuid(deckId)) return undefined;
  const [row] = await tx
    .select()
    .from(cardDecks)
    .where(and(eq(cardDecks.id, deckId), eq(cardDecks.userId, userId)))
    .for('update');
  return row;
}

export async function listDecks(db: Database, userId: string): Promise<DeckRow[]> {
  return db.select().from(cardDecks).where(eq(cardDecks.userId, userId)).orderBy(desc(cardDecks.createdAt));
}

const countColumns = (now: Date) => ({
  total: count(),
  new: sql<number>`count(*) filter (where ${cards.state} = 'new')`.mapWith(Number),
  learning: sql<number>`count(*) filter (where ${cards.state} in ('learning', 'relearning'))`.mapWith(Number),
  known: sql<number>`count(*) filter (where ${cards.state} = 'review')`.mapWith(Number),
  due: sql<number>`count(*) filter (where ${lte(cards.due, now)})`.mapWith(Number),
});

export const NO_CARDS: DeckCounts = { total: 0, new: 0, learning: 0, known: 0, due: 0 };

/** The counts of every deck of the user that has cards, by deck id. */
export async function countsByDeck(db: Database, userId: string, now: Date): Promise<Map<string, DeckCounts>> {
  const rows = await db
    .select({ deckId: cards.deckId, ...countColumns(now) })
    .from(cards)
    .where(eq(cards.userId, userId))
    .groupBy(cards.deckId);
  return new Map(rows.map(({ deckId, ...counts }) => [deckId, counts]));
}

export async function deckCounts(db: Queryable, deckId: string, now: Date): Promise<DeckCounts> {
  const [row] = await db.select(countColumns(now)).from(cards).where(eq(cards.deckId, deckId));
  return row ?? NO_CARDS;
}

export async function listCards(db: Queryable, deckId: string): Promise<CardRow[]> {
  return db.select().from(cards).where(eq(cards.deckId, deckId)).orderBy(asc(cards.position));
}

export async function findCard(db: Queryable, deck: DeckRow, cardId: string): Promise<CardRow | undefined> {
  if (!isUuid(cardId)) return undefined;
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.deckId, deck.id), eq(cards.userId, deck.userId)));
  return row;
}

/** A new deck with its cards in the given order, every card new and due at `now`. */
export async function insertDeck(
  db: Queryable,
  deck: NewDeck,
  contents: readonly CardContent[],
  now: Date,
): Promise<{ deck: DeckRow; cards: CardRow[] }> {
  const [row] = await db
    .insert(cardDecks)
    .values({ ...deck, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('the deck was not stored');
  if (contents.length === 0) return { deck: row, cards: [] };
  const stored = await db
    .insert(cards)
    .values(
      contents.map((content, position) => ({ ...content, deckId: row.id, userId: row.userId, position, due: now })),
    )
    .returning();
  return { deck: row, cards: stored.sort((a, b) => a.position - b.position) };
}

export async function renameDeck(
  db: Database,
  userId: string,
  deckId: string,
  name: string,
  now: Date,
): Promise<DeckRow | undefined> {
  if (!isUuid(deckId)) return undefined;
  const [row] = await db
    .update(cardDecks)
    .set({ name, updatedAt: now })
    .where(and(eq(cardDecks.id, deckId), eq(cardDecks.userId, userId)))
    .returning();
  return row;
}

/** Deletes a deck with its cards and reviews; false when the user has no such deck. */
export async function deleteDeck(db: Database, userId: string, deckId: string): Promise<boolean> {
  if (!isUuid(deckId)) return false;
  const deleted = await db
    .delete(cardDecks)
    .where(and(eq(cardDecks.id, deckId), eq(cardDecks.userId, userId)))
    .returning({ id: cardDecks.id });
  return deleted.length > 0;
}

export type Appended = { card: CardRow } | { missing: true } | { full: true };

/** Adds a card after the last one, unless the deck already holds `limit` cards. */
export async function appendCard(
  db: Database,
  {
    userId,
    deckId,
    content,
    limit,
    now,
  }: { userId: string; deckId: string; content: CardContent; limit: number; now: Date },
): Promise<Appended> {
  return db.transaction(async (tx) => {
    const deck = await lockDeck(tx, userId, deckId);
    if (!deck) return { missing: true };
    const [stored] = await tx.select({ cards: count() }).from(cards).where(eq(cards.deckId, deck.id));
    const position = stored?.cards ?? 0;
    if (position >= limit) return { full: true };
    const [card] = await tx
      .insert(cards)
      .values({ ...content, deckId: deck.id, userId, position, due: now })
      .returning();
    if (!card) throw new Error('the card was not stored');
    await touchDeck(tx, deck.id, now);
    return { card };
  });
}

export async function updateCard(
  db: Database,
  deck: DeckRow,
  cardId: string,
  changes: Partial<Pick<CardRow, 'front' | 'back'>>,
  now: Date,
): Promise<CardRow | undefined> {
  if (!isUuid(cardId)) return undefined;
  return db.transaction(async (tx) => {
    const [card] = await tx
      .update(cards)
      .set(changes)
      .where(and(eq(cards.id, cardId), eq(cards.deckId, deck.id), eq(cards.userId, deck.userId)))
      .returning();
    if (card) await touchDeck(tx, deck.id, now);
    return card;
  });
}

/** Deletes a card and closes the gap it leaves in the positions; false when the deck has no such card. */
export async function deleteCard(
  db: Database,
  { userId, deckId, cardId, now }: { userId: string; deckId: string; cardId: string; now: Date },
): Promise<boolean> {
  if (!isUuid(cardId)) return false;
  return db.transaction(async (tx) => {
    const deck = await lockDeck(tx, userId, deckId);
    if (!deck) return false;
    const [deleted] = await tx
      .delete(cards)
      .where(and(eq(cards.id, cardId), eq(cards.deckId, deck.id)))
      .returning({ position: cards.position });
    if (!deleted) return false;
    await tx
      .update(cards)
      .set({ position: sql`${cards.position} - 1` })
      .where(and(eq(cards.deckId, deck.id), gt(cards.position, deleted.position)));
    await touchDeck(tx, deck.id, now);
    return true;
  });
}

export type Reordered = 'done' | 'missing' | 'mismatch';

/** Gives the deck's cards the positions of their ids in `cardIds`, which must list each of them once. */
export async function reorderCards(
  db: Database,
  { userId, deckId, cardIds, now }: { userId: string; deckId: string; cardIds: readonly string[]; now: Date },
): Promise<Reordered> {
  return db.transaction(async (tx) => {
    const deck = await lockDeck(tx, userId, deckId);
    if (!deck) return 'missing';
    const current = await tx.select({ id: cards.id }).from(cards).where(eq(cards.deckId, deck.id));
    const ids = new Set(current.map((card) => card.id));
    const listed = new Set(cardIds);
    if (listed.size !== cardIds.length || listed.size !== ids.size || cardIds.some((id) => !ids.has(id))) {
      return 'mismatch';
    }
    // The ids are the deck's own uuids (checked above), so the array literal holds nothing else.
    await tx.execute(sql`
      update ${cards} set position = ordered.position - 1
      from unnest(${`{${cardIds.join(',')}}`}::uuid[]) with ordinality as ordered(id, position)
      where ${cards.id} = ordered.id and ${cards.deckId} = ${deck.id}`);
    await touchDeck(tx, deck.id, now);
    return 'done';
  });
}

function touchDeck(tx: Transaction, deckId: string, now: Date) {
  return tx.update(cardDecks).set({ updatedAt: now }).where(eq(cardDecks.id, deckId));
}

/** Cards due at `now`: those studied before, the most overdue first, then new ones in deck order. */
export async function dueCards(db: Database, deckId: string, now: Date, limit: number): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.deckId, deckId), lte(cards.due, now)))
    .orderBy(
      sql`${cards.state} = 'new'`,
      sql`case when ${cards.state} = 'new' then null else ${cards.due} end`,
      asc(cards.position),
    )
    .limit(limit);
}

/** Stores a card's new schedule and the review that led to it, together. */
export async function recordReview(
  db: Database,
  { card, schedule, grade, now }: { card: CardRow; schedule: Schedule; grade: CardGrade; now: Date },
): Promise<CardRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(cards).set(schedule).where(eq(cards.id, card.id)).returning();
    if (!updated) throw new Error('the reviewed card is gone');
    await tx.insert(cardReviews).values({
      cardId: card.id,
      deckId: card.deckId,
      userId: card.userId,
      grade,
      stateBefore: card.state,
      reviewedAt: now,
    });
    return updated;
  });
}

export type ReviewDay = { date: string; reviews: number; again: number };

/** Reviews of a deck per UTC day in [from, until), only days that have some. */
export async function reviewsPerDay(db: Database, deckId: string, from: Date, until: Date): Promise<ReviewDay[]> {
  const day = sql<string>`to_char(${cardReviews.reviewedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      date: day,
      reviews: count(),
      again: sql<number>`count(*) filter (where ${cardReviews.grade} = 1)`.mapWith(Number),
    })
    .from(cardReviews)
    .where(and(eq(cardReviews.deckId, deckId), gte(cardReviews.reviewedAt, from), lt(cardReviews.reviewedAt, until)))
    .groupBy(day);
}
