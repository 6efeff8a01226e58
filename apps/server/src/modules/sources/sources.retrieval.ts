import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stopwordsFor } from '../../text/stopwords';

export type RetrievedPassage = {
  chunkId: string;
  text: string;
  pageStart: number;
  pageEnd: number;
  /** Where each later page begins in `text` (text/chunking.ts). */
  pageBreaks: number[];
  /** How well the passage answers the question; passages come best first. */
  score: number;
  /** Share of the question's words this passage contains (0–1); framing words such as "how" only where present. */
  coverage: number;
};

const BM25 = { k1: 1.2, b: 0.75 } as const;
/** How much the passages just before and after add to a passage's score: answers often run across a boundary. */
const NEIGHBOUR_WEIGHT = 0.3;
/** Each passage already chosen from the same page scales another one by this, so citations point to different places. */
const SAME_PAGE_FACTOR = 0.5;

/**
 * One word of the question as the stemmed forms it may take in the source ("real-world" also as "real",
 * "world" and "realworld"); a stop-like word is one such as "how" or "many" that frames the question.
 */
type QuestionTerm = { lexemes: string[]; stopLike: boolean };

type HitRow = {
  id: string;
  text: string;
  page_start: number;
  page_end: number;
  page_breaks: number[] | null;
  ordinal: number;
  lexeme: string;
  positions: number[] | null;
  dl: number;
  n: number;
  avgdl: number;
};

type Candidate = RetrievedPassage & {
  ordinal: number;
  length: number;
  occurrences: { lexeme: string; positions: number[] }[];
};

type SourceStatistics = { idf: Map<string, number>; averageLength: number };

/**
 * The passages of one source that best answer a question. PostgreSQL finds the candidates (the source's
 * passages with any stemmed word of the question) and the term statistics of this source. They are ranked
 * with BM25, which knows how rare a term is (unlike ts_rank), plus a bonus for question words standing
 * close together and a share of the neighbouring passages' scores, weighted by how much of the question a
 * passage covers; the chosen passages prefer different pages.
 */
export async function retrievePassages(
  db: Database,
  { sourceId, question, limit = 3 }: { sourceId: string; question: string; limit?: number },
): Promise<RetrievedPassage[]> {
  const terms = await questionTerms(db, sourceId, question);
  if (terms.length === 0) return [];
  const candidates = scorePassages(await termHits(db, sourceId, terms, asksAboutReferences(question)), terms);
  return chooseAcrossPages(candidates, limit).map(
    ({ chunkId, text, pageStart, pageEnd, pageBreaks, score, coverage }) => ({
      chunkId,
      text,
      pageStart,
      pageEnd,
      pageBreaks,
      score,
      coverage,
    }),
  );
}

/**
 * The question's words stemmed with the source's text-search configuration. Words the source's language
 * uses to frame a question ("how", "many", "cuántos") are marked stop-like: a passage need not contain them.
 */
async function questionTerms(db: Database, sourceId: string, question: string): Promise<QuestionTerm[]> {
  const words = [
    ...new Set(
      question
        .toLowerCase()
        .split(/\s+/)
        .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
        .filter(Boolean),
    ),
  ];
  if (words.length === 0) return [];
  const forms = words.map((word) => wordForms(word).join(' '));
  const result = (await db.execute(sql`
    select s.language, w.index::int as index, t.lexeme
    from sources s,
      json_array_elements_text(${JSON.stringify(forms)}::json) with ordinality as w(form, index),
      unnest(to_tsvector(
        (select search_config from source_chunks where source_id = s.id limit 1)::regconfig, w.form
      )) as t
    where s.id = ${sourceId}`)) as unknown as { rows: { language: string | null; index: number; lexeme: string }[] };
  const stopwords = stopwordsFor(result.rows[0]?.language);
  const terms = new Map<number, QuestionTerm>();
  for (const row of result.rows) {
    const index = Number(row.index);
    const term = terms.get(index) ?? { lexemes: [], stopLike: stopwords.has(words[index - 1] ?? '') };
    term.lexemes.push(row.lexeme);
    terms.set(index, term);
  }
  return [...terms.values()];
}

/**
 * A question word as texts may also write it: hyphenated compounds closed up ("multi-experiment" →
 * "multiexperiment"), and a plural also as its singular, because the stemmers do not always give both the
 * same stem (Spanish "líneas" → "lin" but "línea" → "line").
 */
function wordForms(word: string): string[] {
  const forms = [word, word.replace(/[-‐‑]/g, '')];
  if (word.length >= 5 && /[^su]s$/u.test(word)) forms.push(word.slice(0, -1));
  return forms;
}

/**
 * Whether a question is about what the paper cites ("which references…", "wer wird zitiert"): only then are the
 * reference list's passages searched, which otherwise answer questions about the paper with a cited paper's venue.
 */
export function asksAboutReferences(question: string): boolean {
  return REFERENCE_WORDS.test(question);
}
const REFERENCE_WORDS =
  /(?<!\p{L})(?:references?|cit(?:e|es|ed|ing|ations?)|bibliograph\p{L}*|literaturverzeichnis|zitiert\p{L}*|quellen|r[ée]f[ée]rences?|cit[ée]e?s?|citad[oa]s?|referencias?|citat[oi]|riferimenti|bibliografia|referenties|geciteerd|bronnen)(?!\p{L})/iu;

/** Every occurrence of a question word in the passages that contain any, with the source's statistics. */
async function termHits(
  db: Database,
  sourceId: string,
  terms: QuestionTerm[],
  withReferences: boolean,
): Promise<HitRow[]> {
  const lexemes = [...new Set(terms.flatMap((term) => term.lexemes))];
  // The lexemes are stemmed already: they are quoted into the tsquery as they are, not parsed again.
  const anyTerm = lexemes.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
  // The source's own passages first (b-tree on source_id): the GIN index would look through every
  // source's passages for the question's words, which costs more the larger the library grows.
  const result = (await db.execute(sql`
    with passages as materialized (
      select id, text, page_start, page_end, page_breaks, ordinal, search_vector
      from source_chunks where source_id = ${sourceId} and (section = 'body' or ${withReferences})
    ),
    stats as (
      select count(*)::int as n, coalesce(avg(length(search_vector)), 1)::float as avgdl from passages
    )
    select c.id, c.text, c.page_start, c.page_end, c.page_breaks, c.ordinal, u.lexeme, u.positions,
      length(c.search_vector) as dl, stats.n, stats.avgdl
    from passages c, stats, unnest(c.search_vector) as u
    where c.search_vector @@ ${anyTerm}::tsquery
      and u.lexeme in (select json_array_elements_text(${JSON.stringify(lexemes)}::json))`)) as unknown as {
    rows: HitRow[];
  };
  return result.rows;
}

/** Scores every candidate passage, best first. */
function scorePassages(rows: HitRow[], terms: QuestionTerm[]): Candidate[] {
  const first = rows[0];
  if (!first) return [];
  const statistics = { idf: inverseDocumentFrequency(rows, Number(first.n)), averageLength: Number(first.avgdl) };
  const candidates = new Map<number, Candidate>();
  for (const row of rows) {
    const ordinal = Number(row.ordinal);
    const candidate = candidates.get(ordinal) ?? {
      chunkId: row.id,
      text: row.text,
      pageStart: row.page_start,
      pageEnd: row.page_end,
      pageBreaks: row.page_breaks ?? [],
      score: 0,
      coverage: 0,
      ordinal,
      length: Number(row.dl),
      occurrences: [],
    };
    candidate.occurrences.push({ lexeme: row.lexeme, positions: row.positions ?? [] });
    candidates.set(ordinal, candidate);
  }
  const own = new Map<number, number>();
  for (const candidate of candidates.values()) {
    own.set(candidate.ordinal, bm25(candidate, statistics) + proximityBonus(candidate, statistics));
    candidate.coverage = coverage(terms, new Set(candidate.occurrences.map((occurrence) => occurrence.lexeme)));
  }
  for (const candidate of candidates.values()) {
    const around = ((own.get(candidate.ordinal - 1) ?? 0) + (own.get(candidate.ordinal + 1) ?? 0)) / 2;
    const score = (own.get(candidate.ordinal) ?? 0) + NEIGHBOUR_WEIGHT * around;
    candidate.score = score * (0.5 + candidate.coverage);
  }
  return [...candidates.values()].sort((a, b) => b.score - a.score);
}

function inverseDocumentFrequency(rows: HitRow[], n: number): Map<string, number> {
  const passagesWith = new Map<string, Set<string>>();
  for (const row of rows) {
    const ids = passagesWith.get(row.lexeme) ?? new Set<string>();
    ids.add(row.id);
    passagesWith.set(row.lexeme, ids);
  }
  return new Map(
    [...passagesWith].map(([lexeme, ids]) => [lexeme, Math.log(1 + (n - ids.size + 0.5) / (ids.size + 0.5))]),
  );
}

function bm25(candidate: Candidate, { idf, averageLength }: SourceStatistics): number {
  let score = 0;
  for (const { lexeme, positions } of candidate.occurrences) {
    score += (idf.get(lexeme) ?? 0) * saturate(Math.max(1, positions.length), candidate.length, averageLength);
  }
  return score;
}

/** BM25's term-frequency saturation with length normalisation. */
function saturate(frequency: number, length: number, averageLength: number): number {
  return (frequency * (BM25.k1 + 1)) / (frequency + BM25.k1 * (1 - BM25.b + (BM25.b * length) / averageLength));
}

/**
 * Büttcher, Clarke & Lushman's term proximity (BM25TP): each pair of neighbouring occurrences of two
 * different question words adds the other word's weight divided by their squared distance, so a passage
 * where "master" stands next to "fails" beats one where they are paragraphs apart.
 */
function proximityBonus(candidate: Candidate, { idf, averageLength }: SourceStatistics): number {
  const sequence = candidate.occurrences
    .flatMap(({ lexeme, positions }) => positions.map((position) => ({ lexeme, position })))
    .sort((a, b) => a.position - b.position);
  const accumulated = new Map<string, number>();
  for (let index = 1; index < sequence.length; index++) {
    const before = sequence[index - 1];
    const after = sequence[index];
    if (!before || !after || before.lexeme === after.lexeme) continue;
    const closeness = 1 / Math.max(1, after.position - before.position) ** 2;
    accumulated.set(before.lexeme, (accumulated.get(before.lexeme) ?? 0) + (idf.get(after.lexeme) ?? 0) * closeness);
    accumulated.set(after.lexeme, (accumulated.get(after.lexeme) ?? 0) + (idf.get(before.lexeme) ?? 0) * closeness);
  }
  let bonus = 0;
  for (const [lexeme, value] of accumulated) {
    bonus += Math.min(1, idf.get(lexeme) ?? 0) * saturate(value, candidate.length, averageLength);
  }
  return bonus;
}

/**
 * Share of the question a passage contains. Stop-like words count only where they occur, so "How many
 * reduce tasks" is fully covered by a passage about reduce tasks that never says "many".
 */
function coverage(terms: QuestionTerm[], present: Set<string>): number {
  const found = (term: QuestionTerm) => term.lexemes.some((lexeme) => present.has(lexeme));
  const counted = terms.some((term) => !term.stopLike) ? terms.filter((term) => !term.stopLike || found(term)) : terms;
  return counted.length === 0 ? 0 : counted.filter(found).length / counted.length;
}

/**
 * The best `limit` passages, each further one scaled down for every chosen passage on a page it shares:
 * three passages from one page tell the reader less than passages from three places.
 */
function chooseAcrossPages(ranked: Candidate[], limit: number): Candidate[] {
  const pool = [...ranked];
  const chosen: Candidate[] = [];
  while (pool.length > 0 && chosen.length < limit) {
    let bestIndex = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const [index, candidate] of pool.entries()) {
      // The pool is sorted: nothing further down can beat the best value found so far.
      if (candidate.score <= bestValue) break;
      const sharing = chosen.filter(
        (other) => other.pageStart <= candidate.pageEnd && candidate.pageStart <= other.pageEnd,
      );
      const value = candidate.score * SAME_PAGE_FACTOR ** sharing.length;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = index;
      }
    }
    chosen.push(...pool.splice(bestIndex, 1));
  }
  return chosen;
}
