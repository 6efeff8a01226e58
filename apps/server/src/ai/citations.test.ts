import { describe, expect, it } from 'vitest';
import { checkCitations } from './citations';

describe('checkCitations', () => {
  it('renumbers valid references in order of first use', () => {
    expect(checkCitations('Maps run first [3]. Reduces follow [1]. Again [3].', 4)).toEqual({
      text: 'Maps run first [1]. Reduces follow [2]. Again [1].',
      used: [2, 0],
    });
  });

  it('removes references to passages that were never given, with the space before them', () => {
    expect(checkCitations('A claim [9]. Another [2] [7].', 3)).toEqual({ text: 'A claim. Another [1].', used: [1] });
    expect(checkCitations('Zero [0] is not a passage.', 3).text).toBe('Zero is not a passage.');
    expect(checkCitations('Side by side [9][3].', 3).text).toBe('Side by side [1].');
    expect(checkCitations('One [1].\n\n[9]Two [2].', 3).text).toBe('One [1].\n\nTwo [2].');
  });

  it('reads lists and short ranges, keeping only the valid numbers', () => {
    expect(checkCitations('Both [2, 5] and [1–3].', 3)).toEqual({ text: 'Both [1] and [2, 1, 3].', used: [1, 0, 2] });
    expect(checkCitations('Semicolons [3; 1].', 3).text).toBe('Semicolons [1, 2].');
  });

  it('leaves text without references alone and reports no citations', () => {
    expect(checkCitations('No references here, only [a] note.', 2)).toEqual({
      text: 'No references here, only [a] note.',
      used: [],
    });
  });
});
