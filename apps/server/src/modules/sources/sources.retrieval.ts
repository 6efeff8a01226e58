import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pagesOfSpan } from '../../text/chunking';
import { stopwordsFor } from '../../text/stopwords';
import {
  type DefinitionTarget,
  definesTarget,
  definitionTarget,
  type QuestionSegment,
  questionSegments,
} from './question-analysis';

export type RetrievedPassage = {
  chunkId: string;
  text: string;
  pageStart: number;
  pageEnd: number;
  /** Where each later page begins in `text` (text/chunking.ts). */
  pageBreaks: number[];
  /** How well the passage answers the question; passages come best first. */
  score: number;
  /** Share of the question's words this passage contains (0–1), each weighted by how rare it is in the source. */
  coverage: number;
  /** The sentence (with its neighbours) that answers best: what the answer quotes. */
  evidence: string;
  /** The page of that sentence: the page a citation names, also when the passage runs across pages. */
  page: number;
  /**
   * How surely the passage answers the question (0–1): the rarity-weighted share of the question found in its
   * best sentence and around it, raised when the sentence defines what a definition question asks about.
   */
  relevance: number;
};

const BM25 = { k1: 1.2, b: 0.75 } as const;
/** How much the passages just before and after add to a passage's score: answers often run across a boundary. */
const NEIGHBOUR_WEIGHT = 0.3;
/** Each passage already chosen from the same page scales another one by this, so citations point to different places. */
const SAME_PAGE_FACTOR = 0.5;
/** Passages whose sentences are read one by one; the rest of the candidates keep their passage score. */
const SENTENCE_SHORTLIST = 24;
/** A question word found only in a neighbouring sentence counts this much of one in the sentence itself. */
const CONTEXT_WEIGHT = 0.5;
/** How much a sentence that defines the asked-about term raises its passage. */
const DEFINITION_BOOST = 3;

/**
 * One word of the question as the stemmed forms it may take in the source ("real-world" also as "real",
 * "world" and "realworld"); a stop-like word is one such as "how" or "many" that frames the question. Each
 * term belongs to one segment of the question (a part in one language).
 */
type QuestionTerm = { lexemes: string[]; stopLike: boolean; segment: number; word: string };

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

type SourceStatistics = { idf: Map<string, number>; averageLength: number; absentIdf: number };

type Question = { terms: QuestionTerm[]; segments: QuestionSegment[]; definition: DefinitionTarget | null };

/**
 * The passages of one source that best answer a question. The question is split into its segments (a
 * question with a gloss in another language is two), each judged by its own language's function words and
 * stemmed with the source's search configuration. PostgreSQL finds the candidates (the passages with any
 * stemmed word) and this source's term statistics; they are ranked with BM25 plus a bonus for question words
 * standing close together and a share of the neighbouring passages' scores, weighted by how much of the best
 * segment a passage covers. The best candidates are then read sentence by sentence: the sentence with most
 * of the question (and its neighbours) decides the passage's relevance, its page and its quoted evidence,
 * and a sentence defining what a definition question asks about raises it. Chosen passages prefer
 * different pages.
 */
export async function retrievePassages(
  db: Database,
  { sourceId, question, limit = 3 }: { sourceId: string; question: string; limit?: number },
): Promise<RetrievedPassage[]> {
  const analysed = await analyseQuestion(db, sourceId, question);
  if (analysed.terms.length === 0) return [];
  const rows = await termHits(db, sourceId, analysed.terms, asksAboutReferences(question));
  const { candidates, statistics } = scorePassages(rows, analysed.terms);
  await scoreSentences(db, sourceId, candidates.slice(0, SENTENCE_SHORTLIST), analysed, statistics);
  candidates.sort((a, b) => b.score - a.score);
  return chooseAcrossPages(candidates, limit).map(
    ({ chunkId, text, pageStart, pageEnd, pageBreaks, score, coverage, evidence, page, relevance }) => ({
      chunkId,
      text,
      pageStart,
      pageEnd,
      pageBreaks,
      score,
      coverage,
      evidence,
      page,
      relevance,
    }),
  );
}

/**
 * The question's segments and words, stemmed with the source's text-search configuration. Words a segment's
 * language uses to frame a question ("how", "many", "cuántos") are marked stop-like: a passage need not
 * contain them.
 */
async function analyseQuestion(db: Database, sourceId: string, question: string): Promise<Question> {
  const language = await sourceLanguage(db, sourceId);
  const segments = questionSegments(question, language);
  const words = segments.flatMap((segment, index) => [...new Set(segment.words)].map((word) => ({ word, index })));
  const definition = definitionTarget(question);
  if (words.length === 0) return { terms: [], segments, definition };
  const forms = words.map(({ word }) => wordForms(word).join(' '));
  const result = (await db.execute(sql`
    select w.index::int as index, t.lexeme
    from json_array_elements_text(${JSON.stringify(forms)}::json) with ordinality as w(form, index),
      unnest(to_tsvector(
        coalesce((select search_config from source_chunks where source_id = ${sourceId} limit 1), 'simple')::regconfig,
        w.form
      )) as t`)) as unknown as { rows: { index: number; lexeme: string }[] };
  const terms = new Map<number, QuestionTerm>();
  for (const row of result.rows) {
    const at = Number(row.index) - 1;
    const { word, index: segment } = words[at] ?? { word: '', index: 0 };
    const segmentLanguage = segments[segment]?.language ?? language;
    const term = terms.get(at) ?? {
      lexemes: [],
      stopLike: stopwordsFor(segmentLanguage).has(word) || FRAMING_WORDS.has(word),
      segment,
      word,
    };
    term.lexemes.push(row.lexeme);
    terms.set(at, term);
  }
  return { terms: [...terms.values()], segments, definition };
}

/** Words that frame a definition question in any of the languages but are no stopwords there. */
const FRAMING_WORDS = new Set(['stand', 'stands', 'steht', 'signifie', 'significa', 'betekent', 'definiert', 'dit']);

async function sourceLanguage(db: Database, sourceId: string): Promise<string | null> {
  const result = (await db.execute(sql`select language from sources where id = ${sourceId}`)) as unknown as {
    rows: { language: string | null }[];
  };
  return result.rows[0]?.language ?? null;
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
function scorePassages(
  rows: HitRow[],
  terms: QuestionTerm[],
): { candidates: Candidate[]; statistics: SourceStatistics } {
  const first = rows[0];
  const n = Number(first?.n ?? 1);
  const statistics = {
    idf: inverseDocumentFrequency(rows, n),
    averageLength: Number(first?.avgdl ?? 1),
    absentIdf: idfOf(n, 0),
  };
  if (!first) return { candidates: [], statistics };
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
      evidence: row.text,
      page: row.page_start,
      relevance: 0,
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
    const present = new Set(candidate.occurrences.map((occurrence) => occurrence.lexeme));
    candidate.coverage = bestCoverage(terms, (term) => (found(term, present) ? 1 : 0), statistics);
    candidate.relevance = candidate.coverage;
  }
  for (const candidate of candidates.values()) {
    const around = ((own.get(candidate.ordinal - 1) ?? 0) + (own.get(candidate.ordinal + 1) ?? 0)) / 2;
    const score = (own.get(candidate.ordinal) ?? 0) + NEIGHBOUR_WEIGHT * around;
    candidate.score = score * (0.5 + candidate.coverage);
  }
  return { candidates: [...candidates.values()].sort((a, b) => b.score - a.score), statistics };
}

const found = (term: QuestionTerm, present: ReadonlySet<string>) => term.lexemes.some((lexeme) => present.has(lexeme));

function idfOf(n: number, containing: number): number {
  return Math.log(1 + (n - containing + 0.5) / (containing + 0.5));
}

function inverseDocumentFrequency(rows: HitRow[], n: number): Map<string, number> {
  const passagesWith = new Map<string, Set<string>>();
  for (const row of rows) {
    const ids = passagesWith.get(row.lexeme) ?? new Set<string>();
    ids.add(row.id);
    passagesWith.set(row.lexeme, ids);
  }
  return new Map([...passagesWith].map(([lexeme, ids]) => [lexeme, idfOf(n, ids.size)]));
}

/** A term's weight: its rarest form's idf, or that of a word the source never uses. */
function termWeight(term: QuestionTerm, { idf, absentIdf }: SourceStatistics): number {
  const known = term.lexemes.map((lexeme) => idf.get(lexeme)).filter((value) => value !== undefined);
  return known.length > 0 ? Math.max(...known) : absentIdf;
}

/**
 * The rarity-weighted share of the question a text contains, for the segment it covers best: a Spanish
 * question with an English gloss is answered by a Spanish passage through its Spanish words alone. Stop-like
 * words count only where present, so "How many reduce tasks" is fully covered by a passage about reduce tasks
 * that never says "many". `share` says how much of a term is there (0–1).
 */
function bestCoverage(
  terms: QuestionTerm[],
  share: (term: QuestionTerm) => number,
  statistics: SourceStatistics,
): number {
  const segments = new Map<number, QuestionTerm[]>();
  for (const term of terms) segments.set(term.segment, [...(segments.get(term.segment) ?? []), term]);
  let best = 0;
  for (const segmentTerms of segments.values()) {
    const content = segmentTerms.filter((term) => !term.stopLike);
    const counted = content.length > 0 ? content : segmentTerms;
    let total = 0;
    let present = 0;
    for (const term of counted) {
      const weight = termWeight(term, statistics);
      total += weight;
      present += weight * share(term);
    }
    if (total > 0) best = Math.max(best, present / total);
  }
  return best;
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

type Sentence = { start: number; end: number; text: string };

/** A passage's sentences with their offsets: a cut after . ! ? or a line end followed by a capital or digit. */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const boundary = /[.!?;:]["'”’)\]]?\s+(?=[¿¡"“(\p{Lu}\p{N}])|\n\s*\n/gu;
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[0].trimEnd().length;
    if (end - start > 1) sentences.push({ start, end, text: text.slice(start, end) });
    start = match.index + match[0].length;
  }
  if (start < text.length) sentences.push({ start, end: text.length, text: text.slice(start) });
  return sentences;
}

/**
 * Reads the shortlisted passages sentence by sentence (PostgreSQL stems each sentence as it stemmed the
 * passages): each passage's relevance becomes the best window's — a sentence's words in full, its neighbours'
 * at CONTEXT_WEIGHT — and its score is scaled by it; the page and evidence are that sentence's.
 */
async function scoreSentences(
  db: Database,
  sourceId: string,
  shortlist: Candidate[],
  question: Question,
  statistics: SourceStatistics,
): Promise<void> {
  const split = shortlist.map((candidate) => sentencesOf(candidate.text));
  const texts = split.flatMap((sentences, passage) => sentences.map((sentence) => ({ passage, text: sentence.text })));
  if (texts.length === 0) return;
  const result = (await db.execute(sql`
    select s.index::int as index, t.lexeme
    from json_array_elements_text(${JSON.stringify(texts.map((item) => item.text))}::json) with ordinality as s(text, index),
      unnest(to_tsvector(
        coalesce((select search_config from source_chunks where source_id = ${sourceId} limit 1), 'simple')::regconfig,
        s.text
      )) as t`)) as unknown as { rows: { index: number; lexeme: string }[] };
  const lexemes = texts.map(() => new Set<string>());
  for (const row of result.rows) lexemes[Number(row.index) - 1]?.add(row.lexeme);
  let offset = 0;
  for (const [index, candidate] of shortlist.entries()) {
    const sentences = split[index] ?? [];
    const own = lexemes.slice(offset, offset + sentences.length);
    offset += sentences.length;
    judgeSentences(candidate, sentences, own, question, statistics);
  }
}

function judgeSentences(
  candidate: Candidate,
  sentences: Sentence[],
  lexemes: Set<string>[],
  { terms, definition }: Question,
  statistics: SourceStatistics,
): void {
  let best = { relevance: -1, index: 0, defines: false };
  for (const [index, sentence] of sentences.entries()) {
    const here = lexemes[index] ?? new Set<string>();
    const around = new Set([...(lexemes[index - 1] ?? []), ...(lexemes[index + 1] ?? [])]);
    const share = (term: QuestionTerm) => (found(term, here) ? 1 : found(term, around) ? CONTEXT_WEIGHT : 0);
    const defines = definition !== null && definesTarget(sentence.text, definition);
    const relevance = bestCoverage(terms, share, statistics);
    const value = relevance + (defines ? 1 : 0);
    if (value > best.relevance + (best.defines ? 1 : 0)) best = { relevance, index, defines };
  }
  const sentence = sentences[best.index];
  if (!sentence) return;
  const from = sentences[best.index - 1]?.start ?? sentence.start;
  const to = sentences[best.index + 1]?.end ?? sentence.end;
  candidate.evidence = candidate.text.slice(from, to).trim();
  candidate.page = pagesOfSpan(candidate, sentence.start, sentence.end).pageStart;
  candidate.relevance = best.defines ? Math.max(best.relevance, DEFINED_RELEVANCE) : best.relevance;
  candidate.score *= (0.5 + best.relevance) * (best.defines ? DEFINITION_BOOST : 1);
}

/** The least relevance of a sentence that defines what a definition question asks about. */
const DEFINED_RELEVANCE = 0.9;

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
