import { describe, expect, it } from 'vitest';
import { joinBlocks, joinLines } from './hyphenation';

describe('joining the lines of a block', () => {
  it('joins lines with a space and words hyphenated at a line end', () => {
    expect(joinLines(['The intro-', 'duction of the evalu-', 'ation follows.'])).toBe(
      'The introduction of the evaluation follows.',
    );
    expect(joinLines(['die Unter\u00ad', 'suchung'])).toBe('die Untersuchung');
  });

  it('keeps a hyphen before a capital or a digit', () => {
    expect(joinLines(['Jean-', 'Pierre and COVID-', '19'])).toBe('Jean-Pierre and COVID-19');
  });

  it('keeps the hyphens of compounds: a word already hyphenated, or parts that make compounds', () => {
    expect(joinLines(['a state-of-the-', 'art model'])).toBe('a state-of-the-art model');
    expect(joinLines(['a trace-', 'based compiler with self-', 'attention'])).toBe(
      'a trace-based compiler with self-attention',
    );
  });

  it('leaves a lone dash and empty lines alone', () => {
    expect(joinLines(['costs -', 'more', '', '  '])).toBe('costs - more');
  });
});

describe('joining the blocks of a page', () => {
  it('puts each block on a line, but joins a word hyphenated across a column break', () => {
    expect(joinBlocks(['The end of the left col-', 'umn and its rest.', 'A new paragraph.'])).toBe(
      'The end of the left column and its rest.\nA new paragraph.',
    );
    expect(joinBlocks(['A list -', 'item', 'Self-', 'Attention'])).toBe('A list -\nitem\nSelf-\nAttention');
  });
});
