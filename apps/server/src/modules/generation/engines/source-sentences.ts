import type { LocaleCode } from '@quire/contracts';
import { pagesOfSpan, spanQuotable } from '../../../text/chunking';
import { keyPhrases } from '../../../text/keywords';
import { splitSentences } from '../../../text/segment';
import { stopwordsFor } from '../../../text/stopwords';
import type { SourcePassage, ToolSource } from '../engine-types';

/** A sentence of a source's passage that the built-in engine may quote. */
export type Candidate = {
  sourceIndex: number;
  sentence: string;
  pageStart: number | null;
  pageEnd: number | null;
  /** The passage's retrieval score, as the runner found it. */
  weight: number;
  stems: ReadonlySet<string>;
  /** Written in another language than the text: quoted only when it matches clearly better. */
  foreign: boolean;
  /** Position among all candidates, so ties resolve the same way every time. */
  order: number;
};

/** Word stems good enough to match "processes" with "processing" across a query and a sentence. */
export function stemsOf(text: string, language: string): Set<string> {
  const stopwords = stopwordsFor(language);
  const stems = new Set<string>();
  for (const word of wordsOf(text, language)) {
    if (word.length < 3 || stopwords.has(word)) continue;
    stems.add(word.length > 5 ? word.slice(0, 5) : word);
  }
  return stems;
}

/** Every quotable sentence of the sources' passages. */
export function candidateSentences(sources: readonly ToolSource[], fallback: LocaleCode): Candidate[] {
  const candidates: Candidate[] = [];
  sources.forEach((source, sourceIndex) => {
    const language = source.language ?? fallback;
    const top = Math.max(1e-9, ...source.passages.map((passage) => passage.score));
    for (const passage of source.passages) {
      let searchFrom = 0;
      for (const sentence of splitSentences(passage.text, language)) {
        const at = passage.text.indexOf(sentence, searchFrom);
        searchFrom = at < 0 ? searchFrom : at + sentence.length;
        if (!quotable(sentence, language) || !spanQuotable(passage, at, at + sentence.length)) continue;
        candidates.push({
          sourceIndex,
          sentence,
          ...sentencePages(passage, at, sentence.length),
          weight: passage.score > 0 ? passage.score / top : 0,
          stems: stemsOf(sentence, language),
          foreign: language !== fallback,
          order: candidates.length,
        });
      }
    }
  });
  return candidates;
}

/** The pages of a sentence found at `at` in its passage; the passage's own when it was not found as written. */
export function sentencePages(passage: SourcePassage, at: number, length: number) {
  const { pageStart, pageEnd } = passage;
  if (pageStart === null || pageEnd === null || at < 0) return { pageStart, pageEnd };
  return pagesOfSpan({ ...passage, pageStart, pageEnd }, at, at + length);
}

/**
 * The lower-cased words of a text. A regular expression rather than Intl.Segmenter: the six languages Quire
 * writes in separate words by spaces and punctuation, and the engines tokenise hundreds of passages per run.
 */
export function wordsOf(text: string, language: string): string[] {
  return text.toLocaleLowerCase(language).match(WORD) ?? [];
}
const WORD = /\p{L}[\p{L}\p{M}'’-]*/gu;

/**
 * A sentence fit to quote in a student's text: prose by isProse's rules (6–60 words, few digits, no links,
 * starts like a sentence and ends with its punctuation), and not a PDF's heading run into the first sentence
 * ("3.3 Fault Tolerance Since…"), a figure caption, or an address line.
 */
export function quotable(sentence: string, language: string): boolean {
  const words = wordsOf(sentence, language).length;
  if (words < 6 || words > 60) return false;
  const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
  const digits = sentence.match(/\p{N}/gu)?.length ?? 0;
  return (
    digits / Math.max(1, letters) < 0.1 &&
    /^[\p{Lu}\p{N}"'“„«(¿¡]/u.test(sentence) &&
    /[.!?…]["'”»)]?$/u.test(sentence) &&
    !/https?:\/\/|doi\.org|www\./i.test(sentence) &&
    !sentence.includes('@') &&
    !/^\(?\d+(?:\.\d+)*\s/u.test(sentence) &&
    !/^\(/u.test(sentence) &&
    !/(?:Figure|Fig\.|Table|Abb\.|Tabelle|Tabla|Tableau|Figura|Tabel)\s*\d+\s*:/u.test(sentence)
  );
}

/** The share of the query's stems a sentence contains (0–1). */
export function coverage(candidate: Candidate, query: ReadonlySet<string>): number {
  if (query.size === 0) return 0;
  let found = 0;
  for (const stem of query) if (candidate.stems.has(stem)) found++;
  return found / query.size;
}

/**
 * The `count` best sentences for a query: relevance to the query first, then the passage's retrieval
 * score; a sentence already used elsewhere, or from a source this pick already quotes, ranks lower.
 */
export function pickSentences(
  candidates: readonly Candidate[],
  query: ReadonlySet<string>,
  count: number,
  uses: Map<number, number>,
): Candidate[] {
  const picked: Candidate[] = [];
  const sourcesPicked = new Set<number>();
  for (let round = 0; round < count; round++) {
    let best: Candidate | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const candidate of candidates) {
      if (picked.includes(candidate)) continue;
      const score =
        4 * coverage(candidate, query) +
        candidate.weight -
        (candidate.foreign ? 0.3 : 0) -
        1.5 * (uses.get(candidate.order) ?? 0) -
        (sourcesPicked.has(candidate.sourceIndex) ? 0.5 : 0);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    if (!best) break;
    picked.push(best);
    sourcesPicked.add(best.sourceIndex);
    uses.set(best.order, (uses.get(best.order) ?? 0) + 1);
  }
  return picked;
}

/**
 * Key phrases of the sources, merged across sources and ranked by how many sources share them, their RAKE
 * rank, and their overlap with the focus. Phrases with digits or only short words (PDF noise) are left out.
 */
export function sourcePhrases(
  sources: readonly ToolSource[],
  fallback: LocaleCode,
  focus: ReadonlySet<string>,
  limit: number,
): string[] {
  const scores = new Map<string, { phrase: string; score: number }>();
  for (const source of sources) {
    const language = source.language ?? fallback;
    // The best passages carry the source's vocabulary for the task; RAKE over all of them costs more than it adds.
    const text = [...source.passages]
      .sort((a, b) => b.score - a.score)
      .slice(0, PHRASE_PASSAGES)
      .map((passage) => passage.text)
      .join('\n\n');
    keyPhrases(text, { language, limit: 20 }).forEach((found, rank) => {
      if (!usablePhrase(found.phrase)) return;
      const overlap = [...stemsOf(found.phrase, language)].filter((stem) => focus.has(stem)).length;
      const key = [...stemsOf(found.phrase, language)].sort().join(' ');
      const entry = scores.get(key) ?? { phrase: found.phrase, score: 0 };
      const words = found.phrase.split(' ').length;
      entry.score += 1 / (rank + 2) + (found.count > 1 ? 0.2 : 0) + overlap * 0.5 + (words > 1 ? 0.15 : 0);
      scores.set(key, entry);
    });
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
  const kept: string[] = [];
  for (const { phrase } of ranked) {
    if (kept.some((other) => other.includes(phrase) || phrase.includes(other))) continue;
    kept.push(phrase);
    if (kept.length === limit) break;
  }
  return kept;
}

const PHRASE_PASSAGES = 6;

/** Words of references, links and layout that RAKE finds in PDF text but that name no topic. */
const NOISE = new Set([
  'doi',
  'http',
  'https',
  'www',
  'org',
  'com',
  'pdf',
  'arxiv',
  'figure',
  'fig',
  'table',
  'vol',
  'pp',
  'isbn',
  'issn',
  'email',
  'preprint',
  'copyright',
  'license',
]);

function usablePhrase(phrase: string): boolean {
  const words = phrase.split(' ');
  return (
    !words.some((word) => NOISE.has(word)) &&
    !/[./:@]/u.test(phrase) &&
    phrase.length <= 48 &&
    !/\p{N}/u.test(phrase) &&
    words.length <= 4 &&
    words.some((word) => word.length >= 5) &&
    !words.some((word) => word.length > 24)
  );
}
