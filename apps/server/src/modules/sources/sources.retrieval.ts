import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type RetrievedPassage = {
  chunkId: string;
  text: string;
  pageStart: number;
  pageEnd: number;
  score: number;
  /** Share of the question's distinct terms this passage contains (0–1). */
  coverage: number;
};

const BM25 = { k1: 1.2, b: 0.75 } as const;

type HitRow = {
  id: string;
  text: string;
  page_start: number;
  page_end: number;
  lexeme: string;
  tf: number;
  dl: number;
  n: number;
  avgdl: number;
  terms: number;
};

/**
 * The passages of one source that best answer a question. PostgreSQL finds the candidates (any stemmed
 * term of the question, through the GIN index) and the term statistics of this source; they are ranked
 * with BM25, which knows how rare a term is, unlike ts_rank.
 */
export async function retrievePassages(
  db: Database,
  { sourceId, question, limit = 3 }: { sourceId: string; question: string; limit?: number },
): Promise<RetrievedPassage[]> {
  const result = (await db.execute(sql`
    with config as (
      select search_config::regconfig as cfg from source_chunks where source_id = ${sourceId} limit 1
    ),
    terms as (
      select distinct t.lexeme from config, unnest(to_tsvector(config.cfg, ${question})) as t
    ),
    any_term as (
      select nullif(replace(plainto_tsquery(config.cfg, ${question})::text, ' & ', ' | '), '')::tsquery as q from config
    ),
    stats as (
      select count(*)::int as n, coalesce(avg(length(search_vector)), 1)::float as avgdl
      from source_chunks where source_id = ${sourceId}
    ),
    hits as (
      select c.id, c.text, c.page_start, c.page_end, u.lexeme,
        coalesce(array_length(u.positions, 1), 1) as tf, length(c.search_vector) as dl
      from source_chunks c, any_term, unnest(c.search_vector) as u
      where c.source_id = ${sourceId} and c.search_vector @@ any_term.q and u.lexeme in (select lexeme from terms)
    )
    select hits.*, stats.n, stats.avgdl, (select count(*)::int from terms) as terms
    from hits, stats`)) as unknown as { rows: HitRow[] };

  const rows = result.rows;
  if (rows.length === 0) return [];
  const documentFrequency = new Map<string, Set<string>>();
  for (const row of rows) {
    const ids = documentFrequency.get(row.lexeme) ?? new Set<string>();
    ids.add(row.id);
    documentFrequency.set(row.lexeme, ids);
  }
  const passages = new Map<string, RetrievedPassage & { matched: Set<string> }>();
  for (const row of rows) {
    const n = Number(row.n);
    const df = documentFrequency.get(row.lexeme)?.size ?? 1;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const tf = Number(row.tf);
    const weight = (tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * Number(row.dl)) / Number(row.avgdl)));
    const passage = passages.get(row.id) ?? {
      chunkId: row.id,
      text: row.text,
      pageStart: row.page_start,
      pageEnd: row.page_end,
      score: 0,
      coverage: 0,
      matched: new Set<string>(),
    };
    passage.score += idf * weight;
    passage.matched.add(row.lexeme);
    passage.coverage = passage.matched.size / Math.max(1, Number(row.terms));
    passages.set(row.id, passage);
  }
  return [...passages.values()]
    .sort((a, b) => b.score * (0.5 + b.coverage) - a.score * (0.5 + a.coverage))
    .slice(0, limit)
    .map(({ matched: _matched, ...passage }) => passage);
}
