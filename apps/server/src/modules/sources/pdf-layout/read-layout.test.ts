import { describe, expect, it } from 'vitest';
import { twoColumnPdf } from '../../../test/two-column-pdf';
import { extractPdf } from '../pdf-extract';

const leftColumn = (page: number) => [
  `The left column of page ${page} opens the argu-`,
  'ment about sediment in the river basin, which',
  'Zolt´an Gy¨ongyi measured over the years.',
];
const rightColumn = (page: number) => [
  `The right column of page ${page} goes on with a`,
  'state-of-the-art model of runoff and erosion',
  'that Jean-Pierre tested in the field.',
];

async function paper() {
  const pages = [1, 2, 3, 4].map((page) => ({
    across: page === 1 ? ['Sediment in the Upland River Basins of the Southern Alps'] : [],
    left: leftColumn(page),
    right: rightColumn(page),
    footnote: page === 2 ? '1 Measured at the gauge of the lower basin.' : undefined,
  }));
  return extractPdf(new Uint8Array(await twoColumnPdf('Sediment and Runoff', pages)));
}

describe('the layout of a generated two-column paper', () => {
  it('reads the title, then the left column, then the right one; headers and page numbers left out', async () => {
    const { pages } = await paper();
    expect(pages[0]).toBe(
      [
        'Sediment in the Upland River Basins of the Southern Alps',
        'The left column of page 1 opens the argument about sediment in the river basin, which Zoltán Gyöngyi measured over the years.',
        'The right column of page 1 goes on with a state-of-the-art model of runoff and erosion that Jean-Pierre tested in the field.',
      ].join('\n'),
    );
    expect(pages.join('\n')).not.toMatch(/Sediment and Runoff/);
  });

  it('gives every block its role and column, and reads a footnote after the body', async () => {
    const { layouts, pages } = await paper();
    const second = layouts[1];
    // The page number stands in the gutter, so its column says little.
    expect(second?.blocks.map((block) => [block.role, block.role === 'page-number' ? null : block.column])).toEqual([
      ['header', 0],
      ['body', 0],
      ['footnote', 0],
      ['body', 1],
      ['page-number', null],
    ]);
    expect(pages[1]?.split('\n').at(-1)).toBe('1 Measured at the gauge of the lower basin.');
    const [title, left] = layouts[0]?.blocks.filter((block) => block.role === 'body') ?? [];
    expect(title).toMatchObject({ column: -1, lines: [{ fontName: 'Helvetica-Bold', fontSize: 16, bold: true }] });
    expect(left?.lines[0]).toMatchObject({ fontName: 'Helvetica', fontSize: 10, bold: false, italic: false });
    expect(layouts.map((layout) => [layout.number, layout.width, layout.height])).toEqual([
      [1, 612, 792],
      [2, 612, 792],
      [3, 612, 792],
      [4, 612, 792],
    ]);
  });
});
