import { LOCALES } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { BUILTIN_SIGNALS, scoreWithStatistics } from './builtin-engine';
import { CALIBRATION_TEXTS } from './calibration-texts';
import { sentenceSpans } from './detector-text';

const score = (text: string, language: (typeof LOCALES)[number]) =>
  scoreWithStatistics(sentenceSpans(text, language), language);

describe('the built-in engine', () => {
  it.each(LOCALES)('scores a hand-written and a templated paragraph differently (%s)', (language) => {
    const { handWritten, templated } = CALIBRATION_TEXTS[language];
    const human = score(handWritten, language);
    const formulaic = score(templated, language);
    expect(human.overall).toBeLessThan(0.25);
    expect(formulaic.overall).toBeGreaterThan(0.75);
    const repetition = (result: typeof human) => result.signals.find((entry) => entry.name === 'repetition');
    expect(repetition(human)?.note).toBe('human_like');
    expect(repetition(formulaic)?.note).toBe('machine_like');
  });

  it('gives the same answer for the same text', () => {
    const text = `${CALIBRATION_TEXTS.fr.handWritten} ${CALIBRATION_TEXTS.fr.templated}`;
    expect(score(text, 'fr')).toEqual(score(text, 'fr'));
  });

  it("marks the templated passage's sentences above the hand-written ones in one text", () => {
    const { handWritten, templated } = CALIBRATION_TEXTS.de;
    const text = `${handWritten}\n\n${templated}`;
    const { sentences } = score(text, 'de');
    const human = sentences.filter((sentence) => sentence.offset < handWritten.length);
    const formulaic = sentences.filter((sentence) => sentence.offset >= handWritten.length);
    expect(Math.max(...human.map((sentence) => sentence.score))).toBeLessThan(
      Math.min(...formulaic.map((sentence) => sentence.score)),
    );
  });

  it('weights its signals to 1', () => {
    const total = Object.values(BUILTIN_SIGNALS).reduce((sum, entry) => sum + entry.weight, 0);
    expect(total).toBeCloseTo(1, 10);
  });

  // Its speed is the benchmark's 'detector: built-in engine' figure (bench/suites/detector.ts).
  it('scores every sentence of 20,000 words', () => {
    const text = Array.from({ length: 240 }, (_, index) =>
      index % 2 ? CALIBRATION_TEXTS.en.handWritten : CALIBRATION_TEXTS.en.templated,
    ).join('\n\n');
    const result = score(text, 'en');
    expect(result.sentences.length).toBe(sentenceSpans(text, 'en').length);
    expect(result.sentences.length).toBeGreaterThan(2_000);
  });
});

describe('sentence spans', () => {
  it('find each sentence in the original text, across line breaks and runs of spaces', () => {
    const text = 'First  one is\nhere. Second, e.g. this one!\n\n  Third?';
    const spans = sentenceSpans(text, 'en');
    expect(spans.map((span) => text.slice(span.offset, span.offset + span.length))).toEqual([
      'First  one is\nhere.',
      'Second, e.g. this one!',
      'Third?',
    ]);
    expect(spans[1]?.words).toEqual(['second', 'e.g', 'this', 'one']);
  });
});
