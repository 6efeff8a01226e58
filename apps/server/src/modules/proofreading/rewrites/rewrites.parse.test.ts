import { describe, expect, it } from 'vitest';
import { parseProposals, placeRewrites } from './rewrites.parse';

const proposal = (original: string, suggestion = `${original} (better)`) => ({ original, suggestion, reason: 'r' });

describe('parseProposals', () => {
  it('skips entries that are not objects of strings and gives a missing reason as empty', () => {
    const answer = JSON.stringify([{ original: 'a', suggestion: 'b' }, 'text', { original: 1, suggestion: 'c' }]);
    expect(parseProposals(answer)).toEqual([{ original: 'a', suggestion: 'b', reason: '' }]);
  });

  it('finds the array after prose holding a bracket of its own', () => {
    const answer = `See [the text] below:\n[${JSON.stringify(proposal('x'))}]`;
    expect(parseProposals(answer)).toEqual([proposal('x')]);
  });

  it('gives null for an answer with no JSON at all', () => {
    expect(parseProposals('Nothing to change.')).toBeNull();
  });
});

describe('placeRewrites', () => {
  const text = 'It is good. It is good. It is fine.';

  it('places repeated quotes on successive occurrences, in text order', () => {
    const placed = placeRewrites(text, [proposal('It is good.'), proposal('It is good.'), proposal('It is fine.')]);
    expect(placed.map((rewrite) => rewrite.offset)).toEqual([0, 12, 24]);
  });

  it('places a quote given out of order earlier in the text, never over another rewrite', () => {
    const placed = placeRewrites(text, [proposal('It is fine.'), proposal('It is good.'), proposal('is fine')]);
    expect(placed.map((rewrite) => [rewrite.offset, rewrite.original])).toEqual([
      [0, 'It is good.'],
      [24, 'It is fine.'],
    ]);
  });

  it('trims the quote before looking for it and keeps at most 20', () => {
    const many = Array.from({ length: 30 }, (_, n) => `Sentence ${n}.`);
    const placed = placeRewrites(
      many.join(' '),
      many.map((sentence) => proposal(` ${sentence} `)),
    );
    expect(placed).toHaveLength(20);
    expect(placed[0]).toMatchObject({ offset: 0, original: 'Sentence 0.' });
  });
});
