import type { CatalogueStatus } from '@quire/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paperBookmarks, papers, searchCache, sources } from '../../db/schema';
import type { DoiRecord } from './doi-record';
import type { PaperRecord } from './paper-record';
import type { IndexedTerms, RatingDraft } from './ratings';

/** A cached search: the merged papers with their indexed terms, and each catalogue's status. */
export type CacheEntry = {
  papers: { id: string; record: PaperRecord; index: IndexedTerms }[];
  statuses: CatalogueStatus[];
};
export type StoredPaper = { id: string; record: PaperRecord; relevance: RatingDraft };

export async function readCache(db: Database, key: string): Promise<CacheEntry | undefined> {
  const [row] = await db
    .select({ entry: searchCache.entry })
    .from(searchCache)
    .where(and(eq(searchCache.key, key), sql`${searchCache.expiresAt} > now()`));
  return row?.entry as CacheEntry | undefined;
}

/** Stores an answer for `seconds` and clears expired ones, so the table holds only live entries. */
export async function writeCache(db: Database, key: string, entry: CacheEntry, seconds: number): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${seconds})`;
  await db.delete(searchCache).where(lt(searchCache.expiresAt, sql`now()`));
  await db
    .insert(searchCache)
    .values({ key, entry, expiresAt })
    .onConflictDoUpdate({ target: searchCache.key, set: { entry, expiresAt, createdAt: sql`now()` } });
}

/** Remembers every paper a search returned, so it can be added, bookmarked or exported by its id later. */
export async function rememberPapers(db: Database, seen: StoredPaper[]): Promise<void> {
  if (seen.length === 0) return;
  await db
    .insert(papers)
    .values(seen.map(({ id, record, relevance }) => ({ id, record, relevance })))
    .onConflictDoUpdate({
      target: papers.id,
      set: { record: sql`excluded.record`, relevance: sql`excluded.relevance`, seenAt: sql`now()` },
    });
}

export async function findPapers(db: Database, ids: string[]): Promise<StoredPaper[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(papers).where(inArray(papers.id, ids));
  return rows.map((row) => ({
    id: row.id,
    record: row.record as PaperRecord,
    relevance: row.relevance as RatingDraft,
  }));
}

/** The ids of every paper the user has bookmarked. */
export async function bookmarkedPaperIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ paperId: paperBookmarks.paperId })
    .from(paperBookmarks)
    .where(eq(paperBookmarks.userId, userId));
  return new Set(rows.map((row) => row.paperId));
}

/** Bookmarks the paper, or removes the bookmark it has; resolves whether it is bookmarked now. */
export async function togglePaperBookmark(db: Database, userId: string, paper: StoredPaper): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(paperBookmarks)
      .where(and(eq(paperBookmarks.userId, userId), eq(paperBookmarks.paperId, paper.id)))
      .returning({ paperId: paperBookmarks.paperId });
    if (removed.length > 0) return false;
    await tx
      .insert(paperBookmarks)
      .values({ userId, paperId: paper.id, record: paper.record, relevance: paper.relevance })
      .onConflictDoNothing();
    return true;
  });
}

export async function listPaperBookmarks(db: Database, userId: string): Promise<StoredPaper[]> {
  const rows = await db
    .select()
    .from(paperBookmarks)
    .where(eq(paperBookmarks.userId, userId))
    .orderBy(paperBookmarks.createdAt);
  return rows.map((row) => ({
    id: row.paperId,
    record: row.record as PaperRecord,
    relevance: row.relevance as RatingDraft,
  }));
}

/** Flips a library source's bookmark; undefined when the user has no such source. */
export async function toggleSourceBookmark(
  db: Database,
  userId: string,
  sourceId: string,
): Promise<boolean | undefined> {
  const [row] = await db
    .update(sources)
    .set({ bookmarked: sql`not ${sources.bookmarked}` })
    .where(and(eq(sources.id, sourceId), eq(sources.userId, userId)))
    .returning({ bookmarked: sources.bookmarked });
  return row?.bookmarked;
}

export type LibraryHit = { sourceId: string; rank: number; passage: string };

/**
 * The user's usable sources whose passages or title match any of the query's words, best first: what
 * search can still offer when no catalogue answers. Each passage is matched in its own language.
 */
export async function searchLibrary(db: Database, userId: string, query: string, limit = 20): Promise<LibraryHit[]> {
  const result = (await db.execute(sql`
    with hits as (
      select c.source_id, ts_rank(c.search_vector, q.query) as rank, c.text
      from source_chunks c
      join sources s on s.id = c.source_id and s.state = 'usable'
      cross join lateral (
        select nullif(replace(plainto_tsquery(c.search_config::regconfig, ${query})::text, ' & ', ' | '), '')::tsquery as query
      ) q
      where c.user_id = ${userId} and c.section = 'body' and q.query is not null and c.search_vector @@ q.query
      union all
      select s.id, 1.0, coalesce(s.title, s.name)
      from sources s
      where s.user_id = ${userId} and s.state = 'usable'
        and to_tsvector('simple', coalesce(s.title, s.name))
          @@ nullif(replace(plainto_tsquery('simple', ${query})::text, ' & ', ' | '), '')::tsquery
    )
    select source_id, max(rank)::float as rank, (array_agg(text order by rank desc))[1] as passage
    from hits group by source_id order by rank desc limit ${limit}`)) as unknown as {
    rows: { source_id: string; rank: number; passage: string }[];
  };
  return result.rows.map((row) => ({ sourceId: row.source_id, rank: Number(row.rank), passage: row.passage }));
}

/** A DOI lookup's answer, found or not, kept in the search cache under a `doi:` key (search keys are hashes). */
export type DoiCacheEntry = { record: DoiRecord | null };

export async function readCachedDoi(db: Database, doi: string): Promise<DoiCacheEntry | undefined> {
  const [row] = await db
    .select({ entry: searchCache.entry })
    .from(searchCache)
    .where(and(eq(searchCache.key, `doi:${doi}`), sql`${searchCache.expiresAt} > now()`));
  return row?.entry as DoiCacheEntry | undefined;
}

export async function writeCachedDoi(db: Database, doi: string, entry: DoiCacheEntry, seconds: number): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${seconds})`;
  const key = `doi:${doi}`;
  await db
    .insert(searchCache)
    .values({ key, entry, expiresAt })
    .onConflictDoUpdate({ target: searchCache.key, set: { entry, expiresAt, createdAt: sql`now()` } });
}
