import { type DetectorSignal, type DetectorSignalName, detectorBand, type LocaleCode } from '@quire/contracts';
import { stopwordsFor } from '../../text/stopwords';
import type { SentenceSpan } from './detector-text';
import { functionWordProfile } from './function-word-profiles';
import {
  functionWordDivergence,
  lengthBurstiness,
  lengthVariation,
  localTypeTokenRatio,
  mean,
  movingAverageTypeTokenRatio,
  opening,
  openingCounts,
  ramp,
  repeatedTrigramShare,
  repetition,
  sentenceBurstiness,
  trigramCounts,
  windowTypeTokenRatios,
} from './signals';

/** What an engine says about a text, before the service presents it. */
export type EngineScores = {
  overall: number;
  sentences: { offset: number; length: number; score: number }[];
  signals: DetectorSignal[];
};

type BuiltinSignal = Exclude<DetectorSignalName, 'perplexity' | 'perplexity_variation'>;

/**
 * Where each measurement sits for hand-written prose (→ 0) and for formulaic prose (→ 1), and its weight.
 * Repetition and vocabulary weigh most: they separate the calibration paragraphs (calibration.texts.ts, a
 * hand-written and a templated one per language) in every language. Sentence-length statistics vary more among
 * human writers, and the function-word profile is noisy in short texts, so they weigh less.
 */
export const BUILTIN_SIGNALS: Record<BuiltinSignal, { human: number; machine: number; weight: number }> = {
  length_variance: { human: 0.55, machine: 0.2, weight: 0.15 },
  burstiness: { human: 0.6, machine: 0.15, weight: 0.15 },
  repetition: { human: 0.05, machine: 0.4, weight: 0.3 },
  vocabulary: { human: 0.8, machine: 0.55, weight: 0.3 },
  function_words: { human: 0.15, machine: 0.45, weight: 0.1 },
};

/**
 * A sentence's score mixes its own signals with the text's: one sentence is too short a sample to stand alone,
 * yet a formulaic passage in an otherwise varied text should still stand out.
 */
const OWN_SHARE = 0.6;

/** The built-in engine: statistical signals of the text itself, the same answer for the same text. */
export function scoreWithStatistics(spans: readonly SentenceSpan[], language: LocaleCode): EngineScores {
  const sentences = spans.map((span) => span.words);
  const words = sentences.flat();
  const lengths = sentences.map((sentence) => sentence.length);
  const functionWords = stopwordsFor(language);
  const values: Record<BuiltinSignal, number> = {
    length_variance: lengthVariation(lengths),
    burstiness: lengthBurstiness(lengths),
    repetition: repetition(sentences, functionWords),
    vocabulary: movingAverageTypeTokenRatio(words),
    function_words: functionWordDivergence(words, functionWordProfile(language)),
  };
  const signals = (Object.keys(BUILTIN_SIGNALS) as BuiltinSignal[]).map((name) => signal(name, values[name]));
  const overall = weighted(signals.map((entry) => [entry.score, entry.weight] as const));
  const functionWordScore = signals.find((entry) => entry.name === 'function_words')?.score ?? 0;
  const local = localScores(spans, lengths, functionWords, functionWordScore);
  return {
    overall: round(overall),
    signals,
    sentences: spans.map((span, index) => ({
      offset: span.offset,
      length: span.length,
      score: round(OWN_SHARE * (local[index] ?? overall) + (1 - OWN_SHARE) * overall),
    })),
  };
}

function signal(name: BuiltinSignal, value: number): DetectorSignal {
  const score = scoreOf(name, value);
  return { name, value: round(value), score: round(score), weight: BUILTIN_SIGNALS[name].weight, note: noteFor(score) };
}

function scoreOf(name: BuiltinSignal, value: number): number {
  return ramp(value, BUILTIN_SIGNALS[name].human, BUILTIN_SIGNALS[name].machine);
}

/**
 * Each sentence's own score from the same signals: its length against the mean (variance) and against its
 * neighbours (burstiness), how much of it repeats elsewhere, and the vocabulary of the windows around it. The
 * function-word profile means nothing for one sentence and is the whole text's.
 */
function localScores(
  spans: readonly SentenceSpan[],
  lengths: readonly number[],
  functionWords: ReadonlySet<string>,
  functionWordScore: number,
): number[] {
  const sentences = spans.map((span) => span.words);
  const counts = trigramCounts(sentences, functionWords);
  const openings = openingCounts(sentences);
  const ratios = windowTypeTokenRatios(sentences.flat());
  const meanLength = mean(lengths);
  let start = 0;
  return sentences.map((words, index) => {
    const from = start;
    start += words.length;
    const repeatedOpening = words.length >= 2 && (openings.get(opening(words)) ?? 0) > 1 ? 1 : 0;
    const own: Record<Exclude<BuiltinSignal, 'function_words'>, number> = {
      length_variance: meanLength === 0 ? 0 : Math.abs(words.length - meanLength) / meanLength,
      burstiness: sentenceBurstiness(lengths, index),
      repetition: Math.max(repeatedTrigramShare(words, counts), repeatedOpening),
      vocabulary: localTypeTokenRatio(ratios, from, start),
    };
    return weighted([
      ...(Object.keys(own) as (keyof typeof own)[]).map(
        (name) => [scoreOf(name, own[name]), BUILTIN_SIGNALS[name].weight] as const,
      ),
      [functionWordScore, BUILTIN_SIGNALS.function_words.weight],
    ]);
  });
}

/** The weighted mean of [score, weight] pairs. */
export function weighted(pairs: readonly (readonly [number, number])[]): number {
  const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
  return total === 0 ? 0 : pairs.reduce((sum, [score, weight]) => sum + score * weight, 0) / total;
}

export function noteFor(score: number): DetectorSignal['note'] {
  const band = detectorBand(score);
  return band === 'low' ? 'human_like' : band === 'medium' ? 'in_between' : 'machine_like';
}

/** Scores and measurements to four places: more would only suggest a precision the statistics do not have. */
export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
