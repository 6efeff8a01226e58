import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/ids';
import { generations, ownApps, sharedResults } from '../../db/schema';
import { type GenerationRow, resultColumns } from '../generation/generation-row';
import type { HistoryCursor } from './history.cursor';

/** How much of a text the list reads: enough for its excerpt once the Markdown is removed. */
const EXCERPT_SOURCE_CHARACTERS = 2_000;

/** Its own application's name, for results of one (the slug is `own-{id}`); null for built-in tools. */
const toolName = sql<string | null>`(
  select ${ownApps.name} from ${ownApps}
  where ${generations.slug} = 'own-' || ${ownApps.id}::text and ${ownApps.userId} = ${generations.userId}
)`;
const sharedToken = sql<string | null>`(
  select ${sharedResults.token} from ${sharedResults} where ${sharedResults.generationId} = ${generations.id}
)`;
/** The creation time with its microseconds, for a cursor that names the row exactly. */
const cursorAt = sql<string>`to_char(${generations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type HistoryListRow = {
  id: string;
  slug: string;
  toolName: string | null;
  createdAt: Date;
  cursorAt: string;
  inputs: Record<string, unknown>;
  wordsUsed: number;
  textStart: string;
  sharedToken: string | null;
};

export type HistoryDetailRow = GenerationRow & {
  toolName: string | null;
  sharedToken: string | null;
};

export type HistoryFilter = {
  userId: string;
  tool?: string;
  /** The words searched for, and the text-search configuration of the reader's language. */
  search?: { q: string; config: string };
  before?: HistoryCursor;
  limit: number;
};

/** One page of the user's results across all tools, newest first, after the cursor. */
export async function listResults(db: Database, filter: HistoryFilter): Promise<HistoryListRow[]> {
  const conditions: SQL[] = [eq(generations.userId, filter.userId)];
  if (filter.tool) conditions.push(eq(generations.slug, filter.tool));
  if (filter.search) {
    // Stemmed in the reader's language, or word for word; a query without words matches nothing.
    const { q, config } = filter.search;
    conditions.push(
      sql`${generations.searchVector} @@ (websearch_to_tsquery(${config}::regconfig, ${q}) || websearch_to_tsquery('simple', ${q}))`,
    );
  }
  if (filter.before) {
    conditions.push(
      sql`(${generations.createdAt}, ${generations.id}) < (${filter.before.at}::timestamptz, ${filter.before.id}::uuid)`,
    );
  }
  return db
    .select({
      id: generations.id,
      slug: generations.slug,
      toolName,
      createdAt: generations.createdAt,
      cursorAt,
      inputs: generations.inputs,
      wordsUsed: generations.wordsUsed,
      textStart: sql<string>`left(${generations.text}, ${EXCERPT_SOURCE_CHARACTERS})`,
      sharedToken,
    })
    .from(generations)
    .where(and(...conditions))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(filter.limit);
}

/** One of the user's results; undefined for another user's, an unknown or a malformed id. */
export async function findResult(db: Database, userId: string, id: string): Promise<HistoryDetailRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ ...resultColumns, toolName, sharedToken })
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)));
  return row;
}

/** Deletes one of the user's results (its public link goes with it); false when there is none of that id. */
export async function deleteResult(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)))
    .returning({ id: generations.id });
  return deleted.length > 0;
}

export type ShareRow = typeof sharedResults.$inferSelect;

/** Stores a link for the result unless it has one; resolves the link in force and whether it is new. */
export async function insertShare(
  db: Database,
  share: { token: string; generationId: string; userId: string },
): Promise<{ share: ShareRow; created: boolean }> {
  const [inserted] = await db.insert(sharedResults).values(share).onConflictDoNothing().returning();
  if (inserted) return { share: inserted, created: true };
  const [existing] = await db
    .select()
    .from(sharedResults)
    .where(and(eq(sharedResults.generationId, share.generationId), eq(sharedResults.userId, share.userId)));
  if (!existing) throw new Error('a result that has a share link could not be read back');
  return { share: existing, created: false };
}

/** Removes the result's public link, if it has one. */
export async function deleteShare(db: Database, userId: string, generationId: string): Promise<void> {
  await db
    .delete(sharedResults)
    .where(and(eq(sharedResults.generationId, generationId), eq(sharedResults.userId, userId)));
}

/** The result behind a public link, without anything about its author; undefined once revoked. */
export async function findShared(db: Database, token: string) {
  const [row] = await db
    .select({
      slug: generations.slug,
      toolName,
      createdAt: generations.createdAt,
      inputs: generations.inputs,
      text: generations.text,
      citations: generations.citations,
      items: generations.items,
    })
    .from(sharedResults)
    .innerJoin(generations, eq(generations.id, sharedResults.generationId))
    .where(eq(sharedResults.token, token));
  return row;
}

export type SharedRow = NonNullable<Awaited<ReturnType<typeof findShared>>>;
