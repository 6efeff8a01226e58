import { beforeAll, describe, expect, it } from 'vitest';
import { extractPdf } from '../modules/sources/pdf-extract';
import { mapReducePaperPdf } from '../test/test-papers';
import { keyPhrases } from './keywords';
import { splitSentences } from './segment';
import { isProse, rankSentences, summarizeText } from './textrank';

let paper = '';
beforeAll(async () => {
  paper = (await extractPdf(new Uint8Array(await mapReducePaperPdf()))).pages.join('\n');
});

describe('TextRank', () => {
  it('ranks the sentence the others share words with above an unrelated one', () => {
    const text =
      'Soil erosion removes fertile soil from fields. Terraces slow soil erosion on steep fields. ' +
      'Rainfall drives soil erosion on fields without cover. My cat likes warm windowsills.';
    const ranked = rankSentences(text);
    const cat = ranked.find((sentence) => sentence.text.startsWith('My cat'));
    expect(cat?.score).toBeLessThan(Math.min(...ranked.filter((s) => s !== cat).map((s) => s.score)));
  });

  it('summarises a paper with its own sentences, in their order, about its subject', () => {
    const summary = summarizeText(paper, { language: 'en', count: 5 });
    expect(summary).toHaveLength(5);
    const sentences = splitSentences(paper, 'en');
    const positions = summary.map((sentence) => sentences.indexOf(sentence));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(summary.join(' ').toLowerCase()).toMatch(/map|reduce/);
  });

  it('returns nothing for an empty text', () => {
    expect(summarizeText('', { count: 3 })).toEqual([]);
  });
});

describe('keyPhrases', () => {
  it('finds the subject of a paper among its top phrases', () => {
    const phrases = keyPhrases(paper, { language: 'en', limit: 15 }).map((phrase) => phrase.phrase);
    expect(phrases.some((phrase) => /mapreduce|map function|reduce function|intermediate/.test(phrase))).toBe(true);
  });

  it('leaves out German function words', () => {
    const phrases = keyPhrases(
      'Die Bodenerosion auf steilen Hängen nimmt zu. Die Bodenerosion auf steilen Hängen ist ein Problem der Landwirtschaft.',
      { language: 'de' },
    ).map((phrase) => phrase.phrase);
    expect(phrases[0]).toBe('bodenerosion');
    expect(phrases.join(' ')).not.toMatch(/\b(die|auf|der|ist)\b/);
  });
});

describe('isProse', () => {
  it('keeps prose and leaves out figure labels, tables and reference lines', () => {
    expect(isProse('Terraces slow soil erosion on steep fields in most regions.')).toBe(true);
    expect(isProse('Figure 3: 500 1000 0 5000 10000 15000 Input (MB/s) 500 1000 Seconds.')).toBe(false);
    expect(isProse('Available at https://doi.org/10.1590/2318-0889202133e200057 since 2021 for all readers.')).toBe(
      false,
    );
    expect(isProse('Too short.')).toBe(false);
  });
});
