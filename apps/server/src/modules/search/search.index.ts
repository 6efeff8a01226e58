import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PaperRecord } from './paper-record';
import type { IndexedTerms } from './ratings';

/** Title words count this many times: a paper named after the query is about it. */
const TITLE_WEIGHT = 2;

/**
 * Stems each paper's title and abstract with PostgreSQL's text-search configuration for the query's
 * language, so relevance matches "models" with "model" and "Modelle" with "Modell".
 */
export async function indexPapers(db: Database, searchConfig: string, papers: PaperRecord[]): Promise<IndexedTerms[]> {
  if (papers.length === 0) return [];
  const documents = JSON.stringify(papers.map((paper) => [paper.title, paper.abstract ?? '']));
  const result = (await db.execute(sql`
    select d.ord::int as ord,
      to_tsvector(${searchConfig}::regconfig, d.doc->>0)::text as title,
      to_tsvector(${searchConfig}::regconfig, d.doc->>1)::text as abstract
    from jsonb_array_elements(${documents}::jsonb) with ordinality as d(doc, ord)
    order by d.ord`)) as unknown as { rows: { ord: number; title: string; abstract: string }[] };
  return result.rows.map((row) => {
    const terms: Record<string, number> = {};
    let length = 0;
    for (const [vector, weight] of [
      [row.title, TITLE_WEIGHT],
      [row.abstract, 1],
    ] as const) {
      for (const [lexeme, count] of parseTsvector(vector)) {
        terms[lexeme] = (terms[lexeme] ?? 0) + count * weight;
        length += count;
      }
    }
    return { terms, length };
  });
}

/** The stemmed words of each text (query, subject, interests), in the same configuration. */
export async function stemTexts(db: Database, searchConfig: string, texts: string[]): Promise<string[][]> {
  const result = (await db.execute(sql`
    select to_tsvector(${searchConfig}::regconfig, t.text)::text as vector
    from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as t(text, ord)
    order by t.ord`)) as unknown as { rows: { vector: string }[] };
  return result.rows.map((row) => parseTsvector(row.vector).map(([lexeme]) => lexeme));
}

const TSVECTOR_ENTRY = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/** `'model':3,7 'tool':5` → [["model", 2], ["tool", 1]]. */
export function parseTsvector(vector: string): [string, number][] {
  const entries: [string, number][] = [];
  for (const match of vector.matchAll(TSVECTOR_ENTRY)) {
    const positions = match[2] ? match[2].split(',').length : 1;
    entries.push([(match[1] ?? '').replace(/''/g, "'"), positions]);
  }
  return entries;
}
