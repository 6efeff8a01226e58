import { describe, expect, it } from 'vitest';
import { DETECTOR_MIN_WORDS, DetectorInputs, DetectorResult, detectorBand } from './detector';
import { describeIssues } from './validation';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('the AI detector contract', () => {
  it('refuses too little text with its own message key and minimum', () => {
    const parsed = DetectorInputs.safeParse({ text: words(DETECTOR_MIN_WORDS - 1) });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues[0]).toMatchObject({ path: ['text'], params: { key: 'tooFewWords', minimum: 40 } });
    expect(describeIssues(parsed.error)[0]?.path).toBe('text');
  });

  it('accepts 40 words, an optional known language, and refuses an unknown one', () => {
    expect(DetectorInputs.safeParse({ text: words(40) }).success).toBe(true);
    expect(DetectorInputs.safeParse({ text: words(40), language: 'nl' }).success).toBe(true);
    expect(DetectorInputs.safeParse({ text: words(40), language: 'pt' }).success).toBe(false);
  });

  it('refuses more than 20,000 words', () => {
    const parsed = DetectorInputs.safeParse({ text: words(20_001) });
    expect(parsed.success).toBe(false);
    expect(parsed.error && describeIssues(parsed.error)[0]).toMatchObject({
      key: 'tooManyWords',
      params: { limit: 20_000 },
    });
  });

  it('puts scores in bands at 0.4 and 0.65', () => {
    expect([0, 0.39, 0.4, 0.64, 0.65, 1].map(detectorBand)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });

  it('keeps scores within 0..1 and sentences non-empty', () => {
    const result = {
      language: 'en',
      language_detected: false,
      words: 50,
      overall: 0.5,
      overall_band: 'medium',
      sentences: [{ offset: 0, length: 10, score: 0.5, band: 'medium' }],
      signals: [{ name: 'repetition', value: 0.2, score: 0.4, weight: 0.3, note: 'in_between' }],
      engine: { kind: 'builtin', model: null },
      notices: [],
    };
    expect(DetectorResult.safeParse(result).success).toBe(true);
    expect(DetectorResult.safeParse({ ...result, overall: 1.2 }).success).toBe(false);
    expect(
      DetectorResult.safeParse({ ...result, sentences: [{ offset: 0, length: 0, score: 0, band: 'low' }] }).success,
    ).toBe(false);
    expect(DetectorResult.safeParse({ ...result, notices: [{ code: 'unknown' }] }).success).toBe(false);
  });
});
