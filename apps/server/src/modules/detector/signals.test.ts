import { describe, expect, it } from 'vitest';
import { functionWordProfile } from './function-word-profiles';
import {
  functionWordDivergence,
  lengthBurstiness,
  lengthVariation,
  localTypeTokenRatio,
  movingAverageTypeTokenRatio,
  ramp,
  repeatedTrigramShare,
  repetition,
  sentenceBurstiness,
  trigramCounts,
  windowTypeTokenRatios,
} from './signals';

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
const NO_FUNCTION_WORDS = new Set<string>();

describe('sentence-length variance', () => {
  it('is 0 for sentences of one length and grows with their spread', () => {
    expect(lengthVariation([12, 12, 12, 12])).toBe(0);
    expect(lengthVariation([10, 20])).toBeCloseTo(1 / 3, 5);
    expect(lengthVariation([4, 30, 9, 22])).toBeGreaterThan(lengthVariation([14, 18, 15, 17]));
  });

  it('compares texts of long and short sentences alike (it is relative to the mean)', () => {
    expect(lengthVariation([5, 10, 15])).toBeCloseTo(lengthVariation([10, 20, 30]), 10);
  });
});

describe('burstiness', () => {
  it('sees the order of lengths, which the variance does not', () => {
    const alternating = [5, 25, 5, 25, 5, 25];
    const drifting = [5, 5, 5, 25, 25, 25];
    expect(lengthVariation(alternating)).toBeCloseTo(lengthVariation(drifting), 10);
    expect(lengthBurstiness(alternating)).toBeGreaterThan(3 * lengthBurstiness(drifting));
  });

  it('is the mean step over the mean length, per text and per sentence', () => {
    expect(lengthBurstiness([10, 20, 10])).toBeCloseTo(10 / (40 / 3), 10);
    expect(sentenceBurstiness([10, 20, 10], 1)).toBeCloseTo(10 / (40 / 3), 10);
    expect(sentenceBurstiness([10, 10, 30], 0)).toBe(0);
    expect(lengthBurstiness([17])).toBe(0);
  });
});

describe('repetition', () => {
  it('counts repeated trigrams and repeated sentence openings', () => {
    const varied = ['the river rose overnight', 'nobody in town expected it', 'by noon the bridge was closed'].map(
      words,
    );
    const templated = ['solar power is important for cities', 'solar power is important for farms'].map(words);
    expect(repetition(varied, NO_FUNCTION_WORDS)).toBe(0);
    expect(repetition(templated, NO_FUNCTION_WORDS)).toBe(1);
  });

  it('finds a repeated opening even when nothing else repeats', () => {
    const sentences = ['in short the plan failed', 'in short nobody came', 'the end was quiet'].map(words);
    expect(repetition(sentences, NO_FUNCTION_WORDS)).toBeCloseTo(2 / 3, 10);
  });

  it('ignores trigrams of function words only, which any prose repeats', () => {
    const sentences = ['one of the best days', 'one of the worst nights'].map(words);
    const functionWords = new Set(['one', 'of', 'the']);
    const counts = trigramCounts(sentences, functionWords);
    expect(counts.has('one of the')).toBe(false);
    expect(repeatedTrigramShare(sentences[0] ?? [], counts)).toBe(0);
    expect(repeatedTrigramShare(sentences[0] ?? [], trigramCounts(sentences, NO_FUNCTION_WORDS))).toBeCloseTo(1 / 3);
  });
});

describe('vocabulary richness (MATTR)', () => {
  it('is 1 for all-different words and falls with reuse', () => {
    const distinct = Array.from({ length: 120 }, (_, index) => `w${index}`);
    expect(movingAverageTypeTokenRatio(distinct)).toBe(1);
    const reused = Array.from({ length: 120 }, (_, index) => `w${index % 10}`);
    expect(movingAverageTypeTokenRatio(reused)).toBeCloseTo(10 / 50, 10);
  });

  it('does not fall just because a text is longer, unlike the plain type-token ratio', () => {
    const cycle = (length: number) => Array.from({ length }, (_, index) => `w${index % 40}`);
    expect(movingAverageTypeTokenRatio(cycle(200))).toBeCloseTo(movingAverageTypeTokenRatio(cycle(2000)), 10);
    expect(new Set(cycle(200)).size / 200).toBeGreaterThan(new Set(cycle(2000)).size / 2000);
  });

  it('keeps one ratio per window, and a short text is its own window', () => {
    expect(windowTypeTokenRatios(['a', 'b', 'a'])).toEqual([2 / 3]);
    const ratios = windowTypeTokenRatios(['a', 'a', 'b', 'c'], 2);
    expect(ratios).toEqual([0.5, 1, 1]);
    expect(localTypeTokenRatio(ratios, 0, 1, 2)).toBe(0.5);
    expect(localTypeTokenRatio(ratios, 2, 4, 2)).toBe(1);
  });
});

describe('function-word profile', () => {
  const profile = functionWordProfile('en');

  it('is near for ordinary English prose and far for a text that leans on two function words', () => {
    const ordinary = words(
      'The history of the town is told in the letters of its mayor, who wrote to his sister in Boston every week ' +
        'for thirty years. In them he was candid about the mill, the floods and the men he had to deal with, and it ' +
        'is from that record, kept by her family, that we know how the town was run.',
    );
    const skewed = words('The car is red. The car is fast. The car is new. The car is big. The car is cheap.');
    expect(functionWordDivergence(ordinary, profile)).toBeLessThan(0.2);
    expect(functionWordDivergence(skewed, profile)).toBeGreaterThan(0.4);
  });

  it('is 1 for a text without any of the profile words, and 0 for the profile itself', () => {
    expect(functionWordDivergence(words('quickly running dogs bark loudly'), profile)).toBe(1);
    const exact = Object.entries({ the: 4, of: 2, and: 1 }).flatMap(([word, count]) => Array(count).fill(word));
    expect(functionWordDivergence(exact, { the: 4, of: 2, and: 1 })).toBeCloseTo(0, 10);
  });

  it('has a profile of twenty words for every language', () => {
    for (const language of ['en', 'de', 'fr', 'es', 'it', 'nl'] as const) {
      expect(Object.keys(functionWordProfile(language))).toHaveLength(20);
    }
  });
});

describe('ramp', () => {
  it('maps the human end to 0 and the machine end to 1, either way round, clamped', () => {
    expect(ramp(0.8, 0.8, 0.55)).toBe(0);
    expect(ramp(0.55, 0.8, 0.55)).toBe(1);
    expect(ramp(0.675, 0.8, 0.55)).toBeCloseTo(0.5, 10);
    expect(ramp(2, 0.05, 0.4)).toBe(1);
    expect(ramp(-1, 0.05, 0.4)).toBe(0);
  });
});
