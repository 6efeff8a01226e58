import type { LocaleCode } from '@quire/contracts';
import { keyPhrases } from '../../text/keywords';
import { splitWords } from '../../text/segment';
import { stopwordsFor } from '../../text/stopwords';

/**
 * Cloze cards: a sentence that carries the text's key terms, with its key term blanked ("The … is the
 * basic unit of life." → "cell"). What can be blanked, best first: key phrases the text repeats, content
 * words it uses often (capped, so one title word does not win everything), years and percentages, names.
 */

/** A cloze sentence has this many words: shorter ones say too little, longer ones are paragraphs. */
export const CLOZE_WORDS = { min: 8, max: 35 } as const;
const BLANK = '…';
/** Blanks considered per sentence: the best, and others for when its answer is already used enough. */
const OPTIONS = 3;
const WORD_SCORE_CAP = 4;
const NAME_BONUS = 1.5;
const NUMBER_SCORE = 2.5;

export type TermStatistics = {
  /** How often each content word (lower case) occurs in the whole text. */
  frequency: Map<string, number>;
  /** Key phrases of several words that occur more than once, with how often. */
  phrases: { phrase: string; count: number }[];
  stopwords: ReadonlySet<string>;
  /** Capitalised words the text has inside sentences: names, or terms it always capitalises. */
  names: Set<string>;
};

/** The statistics of a text given in passages (word segmentation slows down on very long strings). */
export function termStatistics(passages: readonly string[], language: LocaleCode): TermStatistics {
  const stopwords = stopwordsFor(language);
  const frequency = new Map<string, number>();
  for (const word of passages.flatMap((passage) => splitWords(passage, language))) {
    if (word.length > 2 && !stopwords.has(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const text = passages.join('\n\n');
  const phrases = keyPhrases(text, { language, limit: 60 })
    .filter((phrase) => phrase.count > 1 && phrase.phrase.includes(' '))
    .map(({ phrase, count }) => ({ phrase, count }));
  const names = new Set(
    [...text.matchAll(/[^\s.!?:]\s+(\p{Lu}[\p{L}\p{N}'’-]*)/gu)].map((match) => match[1] as string),
  );
  return { frequency, phrases, stopwords, names };
}

export type ClozeOption = { front: string; back: string };

/**
 * How much the sentence is worth as a cloze card (its best blank plus how dense it is in the text's
 * frequent words) and its ways to be blanked, best first — made only when asked for, as few sentences
 * become cards. No options when it has nothing worth blanking.
 */
export function clozeCandidate(
  sentence: string,
  language: LocaleCode,
  terms: TermStatistics,
  capitalisedNouns: boolean,
): { score: number; options: () => ClozeOption[] } | null {
  const words = splitWords(sentence, language);
  const blanks = blankCandidates(sentence, words, language, terms, capitalisedNouns)
    .sort((a, b) => b.score - a.score)
    .slice(0, OPTIONS);
  const best = blanks[0];
  if (!best) return null;
  const frequent = words.filter((word) => terms.frequency.has(word));
  const density = frequent.reduce((sum, word) => sum + Math.log2(terms.frequency.get(word) ?? 1), 0) / words.length;
  return {
    score: best.score + 2 * density,
    options: () => blanks.flatMap((blank) => blankOut(sentence, blank.term) ?? []),
  };
}

type BlankCandidate = { term: string; score: number };

function blankCandidates(
  sentence: string,
  words: string[],
  language: LocaleCode,
  terms: TermStatistics,
  capitalisedNouns: boolean,
): BlankCandidate[] {
  const found: BlankCandidate[] = [];
  const lower = sentence.toLocaleLowerCase(language);
  for (const { phrase, count } of terms.phrases) {
    if (lower.includes(phrase))
      found.push({ term: phrase, score: 2 + Math.log2(1 + count) + phrase.split(' ').length - 1 });
  }
  const written = new Set(sentence.split(/[^\p{L}\p{N}'’-]+/u));
  for (const word of new Set(words)) {
    const frequency = terms.frequency.get(word) ?? 0;
    if (word.length < 4 || terms.stopwords.has(word)) continue;
    const capitalised = word.charAt(0).toLocaleUpperCase(language) + word.slice(1);
    // In German every noun is capitalised, so a capital says nothing about names there.
    const named = !capitalisedNouns && written.has(capitalised) && terms.names.has(capitalised);
    const score = (frequency > 1 ? Math.min(WORD_SCORE_CAP, Math.log2(frequency)) : 0) + (named ? NAME_BONUS : 0);
    if (score >= 1) found.push({ term: word, score });
  }
  for (const number of sentence.match(/(?<![\p{L}\p{N}])(?:1[5-9]\d\d|20\d\d|\d+(?:[.,]\d+)?\s?%)(?![\p{L}\p{N}])/gu) ??
    []) {
    found.push({ term: number, score: NUMBER_SCORE });
  }
  return found;
}

/** The sentence with every whole-word occurrence of the term blanked, and the term as the sentence writes it. */
function blankOut(sentence: string, term: string): { front: string; back: string } | null {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu');
  const back = sentence.match(pattern)?.[0];
  if (!back) return null;
  const front = sentence.replace(pattern, BLANK);
  // A sentence that is nothing but its term is no question.
  return splitWords(front).length >= CLOZE_WORDS.min - 2 ? { front, back } : null;
}
