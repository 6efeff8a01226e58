/**
 * The statistical signals of the built-in detector, as plain measurements of a text. None of them says on its
 * own who wrote a text; combined (builtin-engine.ts) they tell uniform, formulaic prose from varied prose.
 */

/** Words per window of the moving-average type-token ratio; 50 is the window Covington & McFall (2010) use. */
export const MATTR_WINDOW = 50;

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Sentence-length variance as the coefficient of variation (standard deviation / mean) of the sentence lengths
 * in words, so that texts of long and of short sentences compare. People mix short and long sentences;
 * templates and much generated prose keep them alike.
 */
export function lengthVariation(lengths: readonly number[]): number {
  const average = mean(lengths);
  if (lengths.length < 2 || average === 0) return 0;
  const variance = mean(lengths.map((length) => (length - average) ** 2));
  return Math.sqrt(variance) / average;
}

/**
 * Burstiness: how abruptly the length changes from one sentence to the next, as the mean absolute difference
 * of neighbouring lengths over the mean length. Unlike the variance it sees the order: a text that alternates
 * short and long sentences is bursty; one whose lengths drift slowly is not.
 */
export function lengthBurstiness(lengths: readonly number[]): number {
  const average = mean(lengths);
  if (lengths.length < 2 || average === 0) return 0;
  const steps = lengths.slice(1).map((length, index) => Math.abs(length - (lengths[index] ?? length)));
  return mean(steps) / average;
}

/** The same for one sentence: its difference from the sentences before and after it, over the mean length. */
export function sentenceBurstiness(lengths: readonly number[], index: number): number {
  const average = mean(lengths);
  const own = lengths[index] ?? 0;
  const neighbours = [lengths[index - 1], lengths[index + 1]].filter((length) => length !== undefined);
  if (neighbours.length === 0 || average === 0) return 0;
  return mean(neighbours.map((length) => Math.abs(own - length))) / average;
}

/** The word trigrams of a word list, joined with spaces. */
export function trigrams(words: readonly string[]): string[] {
  const found: string[] = [];
  for (let index = 0; index + 2 < words.length; index += 1) {
    found.push(`${words[index]} ${words[index + 1]} ${words[index + 2]}`);
  }
  return found;
}

/**
 * How often each trigram occurs in the text; trigrams never span two sentences. Trigrams of function words only
 * ("one of the", "in order to") recur in any prose and say nothing about templates, so they are not counted.
 */
export function trigramCounts(
  sentences: readonly (readonly string[])[],
  functionWords: ReadonlySet<string>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const words of sentences) {
    for (const trigram of trigrams(words)) {
      if (trigram.split(' ').every((word) => functionWords.has(word))) continue;
      counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
    }
  }
  return counts;
}

/** The share of a sentence's counted trigrams that occur more than once in the text (0 when it has none). */
export function repeatedTrigramShare(words: readonly string[], counts: ReadonlyMap<string, number>): number {
  const own = trigrams(words).filter((trigram) => counts.has(trigram));
  if (own.length === 0) return 0;
  return own.filter((trigram) => (counts.get(trigram) ?? 0) > 1).length / own.length;
}

/** A sentence's opening: its first two words. */
export function opening(words: readonly string[]): string {
  return words.slice(0, 2).join(' ');
}

export function openingCounts(sentences: readonly (readonly string[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const words of sentences) {
    if (words.length >= 2) counts.set(opening(words), (counts.get(opening(words)) ?? 0) + 1);
  }
  return counts;
}

/**
 * Repetition of the whole text: the larger of the share of trigram occurrences that are repeats and the share of
 * sentences that open with the same two words as another. Templates repeat both their frames and their openings.
 */
export function repetition(sentences: readonly (readonly string[])[], functionWords: ReadonlySet<string>): number {
  const counts = trigramCounts(sentences, functionWords);
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const repeated = [...counts.values()].filter((count) => count > 1).reduce((sum, count) => sum + count, 0);
  const openings = openingCounts(sentences);
  const opened = sentences.filter((words) => words.length >= 2).length;
  const sharedOpenings = [...openings.values()].filter((count) => count > 1).reduce((sum, count) => sum + count, 0);
  return Math.max(total === 0 ? 0 : repeated / total, opened === 0 ? 0 : sharedOpenings / opened);
}

/**
 * The type-token ratio of every window of `window` consecutive words (index = the window's first word), kept
 * in one pass with a running count of each word. A text shorter than the window has one window: itself.
 */
export function windowTypeTokenRatios(words: readonly string[], window = MATTR_WINDOW): number[] {
  if (words.length === 0) return [];
  const size = Math.min(window, words.length);
  const counts = new Map<string, number>();
  const add = (word: string, step: number) => {
    const count = (counts.get(word) ?? 0) + step;
    if (count === 0) counts.delete(word);
    else counts.set(word, count);
  };
  for (const word of words.slice(0, size)) add(word, 1);
  const ratios = [counts.size / size];
  for (let start = 1; start + size <= words.length; start += 1) {
    add(words[start - 1] as string, -1);
    add(words[start + size - 1] as string, 1);
    ratios.push(counts.size / size);
  }
  return ratios;
}

/**
 * Vocabulary richness as the moving-average type-token ratio (MATTR, Covington & McFall 2010): unlike the plain
 * ratio it does not fall just because a text is longer.
 */
export function movingAverageTypeTokenRatio(words: readonly string[], window = MATTR_WINDOW): number {
  return mean(windowTypeTokenRatios(words, window));
}

/** The mean ratio of the windows that overlap the words `from` (inclusive) to `to` (exclusive). */
export function localTypeTokenRatio(
  ratios: readonly number[],
  from: number,
  to: number,
  window = MATTR_WINDOW,
): number {
  if (ratios.length === 0) return 0;
  const first = Math.max(0, from - window + 1);
  const last = Math.min(ratios.length - 1, Math.max(first, to - 1));
  return mean(ratios.slice(Math.min(first, ratios.length - 1), last + 1));
}

/**
 * How far the text's use of a language's most frequent function words is from that language's usual profile:
 * the Jensen–Shannon divergence (base 2, 0..1) between the two distributions over the profile's words. A text
 * that uses none of them is as far as can be (1).
 */
export function functionWordDivergence(words: readonly string[], profile: Readonly<Record<string, number>>): number {
  const vocabulary = Object.keys(profile);
  const counts = new Map(vocabulary.map((word) => [word, 0]));
  for (const word of words) {
    const count = counts.get(word);
    if (count !== undefined) counts.set(word, count + 1);
  }
  const seen = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (seen === 0) return 1;
  const expectedTotal = vocabulary.reduce((sum, word) => sum + (profile[word] ?? 0), 0);
  const observed = vocabulary.map((word) => (counts.get(word) ?? 0) / seen);
  const expected = vocabulary.map((word) => (profile[word] ?? 0) / expectedTotal);
  return jensenShannon(observed, expected);
}

function jensenShannon(p: readonly number[], q: readonly number[]): number {
  const m = p.map((value, index) => (value + (q[index] ?? 0)) / 2);
  return (kullbackLeibler(p, m) + kullbackLeibler(q, m)) / 2;
}

function kullbackLeibler(p: readonly number[], q: readonly number[]): number {
  return p.reduce((sum, value, index) => (value === 0 ? sum : sum + value * Math.log2(value / (q[index] ?? 1))), 0);
}

/**
 * A measurement's position between where it usually sits for hand-written prose (`human`, → 0) and for
 * formulaic prose (`machine`, → 1), linear between and clamped outside; either end may be the larger.
 */
export function ramp(value: number, human: number, machine: number): number {
  const position = (value - human) / (machine - human);
  return Math.min(1, Math.max(0, position));
}
