import { splitSentences, splitWords } from './segment';
import { stopwordsFor } from './stopwords';

export type RankedSentence = { index: number; text: string; score: number };

const DAMPING = 0.85;
const ITERATIONS = 30;
/** Long texts are ranked on their first sentences only, to keep the graph (n²) fast. */
const MAX_SENTENCES = 400;

/**
 * TextRank over sentences (Mihalcea & Tarau 2004): sentences are nodes, edges weigh the content words two
 * sentences share, normalised by their lengths; PageRank finds the sentences the rest of the text agrees with.
 */
export function rankSentences(text: string, language = 'en'): RankedSentence[] {
  const sentences = splitSentences(text, language).slice(0, MAX_SENTENCES);
  const stopwords = stopwordsFor(language);
  const bags = sentences.map(
    (sentence) => new Set(splitWords(sentence, language).filter((word) => word.length > 2 && !stopwords.has(word))),
  );
  const count = sentences.length;
  const weights = Array.from({ length: count }, () => new Float64Array(count));
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      const weight = similarity(bags[a] ?? new Set(), bags[b] ?? new Set());
      (weights[a] as Float64Array)[b] = weight;
      (weights[b] as Float64Array)[a] = weight;
    }
  }
  const outgoing = weights.map((row) => row.reduce((sum, weight) => sum + weight, 0));
  let scores = new Float64Array(count).fill(1);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Float64Array(count).fill(1 - DAMPING);
    for (let from = 0; from < count; from++) {
      const total = outgoing[from] ?? 0;
      if (total === 0) continue;
      const row = weights[from] as Float64Array;
      const share = (DAMPING * (scores[from] ?? 0)) / total;
      for (let to = 0; to < count; to++) if (row[to]) next[to] = (next[to] ?? 0) + share * (row[to] ?? 0);
    }
    scores = next;
  }
  return sentences.map((sentence, index) => ({ index, text: sentence, score: scores[index] ?? 0 }));
}

/** The `count` most central prose sentences, in the order they appear in the text. */
export function summarizeText(
  text: string,
  { language = 'en', count }: { language?: string; count: number },
): string[] {
  return rankSentences(text, language)
    .filter((sentence) => isProse(sentence.text, language))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((sentence) => sentence.text);
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size < 2 || b.size < 2) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared === 0 ? 0 : shared / (Math.log(a.size) + Math.log(b.size));
}

/**
 * A sentence fit to quote: PDF text also yields figure labels, tables, running heads and reference lines
 * that the segmenter calls sentences; they are long on numbers and short on words, or far too long.
 */
export function isProse(sentence: string, language = 'en'): boolean {
  const words = splitWords(sentence, language).length;
  if (words < 6 || words > 60) return false;
  if (/https?:\/\/|doi\.org|www\./i.test(sentence)) return false;
  const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
  const digits = sentence.match(/\p{N}/gu)?.length ?? 0;
  return (
    digits / Math.max(1, letters) < 0.1 && /^[\p{Lu}\p{N}"'“„«(¿¡]/u.test(sentence) && /[.!?…]["'”»)]?$/u.test(sentence)
  );
}
