import type { StructureHeading } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { captionCounts, type HeadingNode, nestHeadings } from './outline';

const heading = (text: string, level: number): StructureHeading => ({ text, number: null, level, page: 1 });

/** The tree as the texts of its headings, each with the ones under it. */
const shape = (nodes: HeadingNode[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.heading.text, shape(node.children)] : node.heading.text));

describe('nestHeadings', () => {
  it('puts each heading under the last one of a lower level before it', () => {
    const tree = nestHeadings([
      heading('1', 1),
      heading('1.1', 2),
      heading('1.1.1', 3),
      heading('1.2', 2),
      heading('2', 1),
      heading('References', 1),
    ]);
    expect(shape(tree)).toEqual([['1', [['1.1', ['1.1.1']], '1.2']], '2', 'References']);
    expect(tree.map((node) => node.index)).toEqual([0, 4, 5]);
  });

  it('nests a heading that skips a level, and keeps deeper headings before any section at the top', () => {
    expect(shape(nestHeadings([heading('a', 2), heading('b', 1), heading('c', 3), heading('d', 2)]))).toEqual([
      'a',
      ['b', ['c', 'd']],
    ]);
    expect(nestHeadings([])).toEqual([]);
  });
});

describe('captionCounts', () => {
  it('counts figure and table captions apart', () => {
    expect(
      captionCounts([
        { kind: 'table', label: 'Table 1', text: '', page: 1 },
        { kind: 'figure', label: 'Figure 1', text: '', page: 1 },
        { kind: 'table', label: 'Table 2', text: '', page: 2 },
      ]),
    ).toEqual({ figures: 1, tables: 2 });
  });
});
