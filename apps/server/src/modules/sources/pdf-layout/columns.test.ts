import { describe, expect, it } from 'vitest';
import { findGutter, orderByColumns } from './columns';
import { block } from './layout-test-kit';

const LEFT: [number, number] = [72, 296];
const RIGHT: [number, number] = [316, 540];
const prose = (word: string) => Array.from({ length: 6 }, () => `${word} `.repeat(8).trim());

describe('reading order by columns', () => {
  it('reads a one-column page top to bottom', () => {
    const blocks = [block(prose('second'), [72, 300, 540]), block(prose('first'), [72, 100, 540])];
    expect(findGutter(blocks, 612)).toBeNull();
    expect(orderByColumns(blocks, 612).map((b) => [b.text.split(' ')[0], b.column])).toEqual([
      ['first', 0],
      ['second', 0],
    ]);
  });

  it('reads the left column before the right one on a two-column page', () => {
    const blocks = [
      block(prose('right-top'), [RIGHT[0], 100, RIGHT[1]]),
      block(prose('left-bottom'), [LEFT[0], 400, LEFT[1]]),
      block(prose('left-top'), [LEFT[0], 100, LEFT[1]]),
      block(prose('right-bottom'), [RIGHT[0], 400, RIGHT[1]]),
    ];
    const gutter = findGutter(blocks, 612);
    expect(gutter).toBeGreaterThan(296);
    expect(gutter).toBeLessThan(316);
    expect(orderByColumns(blocks, 612).map((b) => [b.text.split(' ')[0], b.column])).toEqual([
      ['left-top', 0],
      ['left-bottom', 0],
      ['right-top', 1],
      ['right-bottom', 1],
    ]);
  });

  it('reads a block across both columns where it stands: columns above it, then it, then columns below', () => {
    const blocks = [
      block(prose('below-right'), [RIGHT[0], 500, RIGHT[1]]),
      block('A title across both columns', [72, 60, 540], { fontSize: 16 }),
      block(prose('above-right'), [RIGHT[0], 120, RIGHT[1]]),
      block('Figure 1: a wide figure across the page', [72, 420, 540]),
      block(prose('above-left'), [LEFT[0], 120, LEFT[1]]),
      block(prose('below-left'), [LEFT[0], 500, LEFT[1]]),
    ];
    expect(orderByColumns(blocks, 612).map((b) => [b.text.split(' ')[0], b.column])).toEqual([
      ['A', -1],
      ['above-left', 0],
      ['above-right', 1],
      ['Figure', -1],
      ['below-left', 0],
      ['below-right', 1],
    ]);
  });
});
