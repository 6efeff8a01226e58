import { describe, expect, it } from 'vitest';
import { markFootnotes } from './footnotes';
import type { LayoutPage } from './layout.types';
import { block, page } from './layout-test-kit';
import { markPageFurniture } from './page-numbers';
import { pageTextOf } from './page-text';
import { markRunningHeads } from './running-heads';

const body = (text: string, y: number) => block([text, text, text], [72, y, 540]);
/** The page at `index`; a test that asks for one it did not make fails. */
function nth(pages: LayoutPage[], index: number): LayoutPage {
  const found = pages[index];
  if (!found) throw new Error(`no page at ${index}`);
  return found;
}
const rolesOf = (blocks: { text: string; role: string }[]) => blocks.map((b) => [b.text, b.role]);

describe('page numbers and journal lines', () => {
  it('marks a number alone at the top or bottom of a page, and nothing in its middle', () => {
    const marked = markPageFurniture(
      page(3, [block('12', [300, 750, 310]), block('- xii -', [300, 30, 330]), block('2024', [72, 400, 100])]),
    );
    expect(marked.blocks.map((b) => b.role)).toEqual(['page-number', 'page-number', 'body']);
  });

  it("marks the journal's lines above the first page's title and below its text, on the first page only", () => {
    const firstPage = (number: number) =>
      page(number, [
        block('Journal of Hydrology 310 (2005) 253–265', [200, 124, 337], { fontSize: 7 }),
        block('The response of flow duration curves to afforestation', [87, 172, 450], { fontSize: 16 }),
        block('Received 1 October 2003; accepted 3 January 2005', [140, 271, 398], { fontSize: 7 }),
        block(
          Array(6).fill('The hydrologic effect of replacing pasture with trees is well understood.'),
          [42, 330, 496],
        ),
        block('0022-1694/$ - see front matter © 2005 Elsevier B.V. doi:10.1016/j.jhydrol', [42, 646, 278], {
          fontSize: 7,
        }),
        block('1The code is available at https://github.com/allenai/paper-plain', [42, 700, 400], { fontSize: 7 }),
      ]);
    expect(markPageFurniture(firstPage(1)).blocks.map((b) => b.role)).toEqual([
      'header',
      'body',
      'body',
      'body',
      'footer',
      'body',
    ]);
    expect(markPageFurniture(firstPage(2)).blocks.map((b) => b.role)).toEqual(Array(6).fill('body'));
  });

  it("marks an archive's stamp in the side margin of the first page", () => {
    const stamp = block('arXiv:2501.10120v1 [cs.IR] 17 Jan 2025', [10, 272, 36], { fontSize: 20 });
    expect(markPageFurniture(page(1, [stamp, body('Text.', 300)])).blocks.map((b) => b.role)).toEqual([
      'header',
      'body',
    ]);
  });
});

describe('running headers and footers', () => {
  const pageWith = (number: number, header: string, footer: string) =>
    page(number, [block(header, [72, 40, 540]), body(`Text of page ${number}.`, 200), block(footer, [72, 750, 540])]);

  it('marks text repeated at the same height on the pages around, its numbers aside', () => {
    const pages = [1, 2, 3, 4].map((n) => pageWith(n, `${n + 271} Notes`, `Z. Naturforsch. 54a, ${n} (1999)`));
    const marked = markRunningHeads(nth(pages, 2), pages);
    expect(rolesOf(marked.blocks)).toEqual([
      ['274 Notes', 'header'],
      ['Text of page 3. Text of page 3. Text of page 3.', 'body'],
      ['Z. Naturforsch. 54a, 3 (1999)', 'footer'],
    ]);
    expect(pageTextOf(marked)).toBe('Text of page 3. Text of page 3. Text of page 3.');
  });

  it('finds headers that alternate between left and right pages, and a bare page number', () => {
    const pages = [1, 2, 3, 4, 5].map((n) => pageWith(n, n % 2 ? 'Hong and Jung' : 'Solitary Waves', `${n}`));
    const marked = markRunningHeads(nth(pages, 2), pages);
    expect(marked.blocks.map((b) => b.role)).toEqual(['header', 'body', 'page-number']);
  });

  it('marks a running head set sideways up the outer margin, but not a sideways axis label inside the page', () => {
    /** One line turned by 90°: its box is tall and narrow. */
    const sideways = (text: string, x0: number, y0: number): LayoutPage['blocks'][number] => {
      const box = { x0, y0, x1: x0 + 9, y1: y0 + 120 };
      const line = { text, box, fontSize: 7.5, fontName: 'MyriadPro-Light', bold: false, italic: false };
      return { text, lines: [line], box, role: 'body', column: 0 };
    };
    const pages = [1, 2, 3].map((n) =>
      page(n, [
        sideways('M. PACHE-DURÁN & M. T. NEVADO-GIL', 26, 590),
        body(`Text of page ${n}.`, 200),
        sideways('Input (MB/s)', 200, 400),
      ]),
    );
    expect(markRunningHeads(nth(pages, 1), pages).blocks.map((b) => b.role)).toEqual(['footer', 'body', 'body']);
  });

  it('leaves text that differs, text placed elsewhere, and a page that would keep nothing', () => {
    const pages = [pageWith(1, 'Results', 'x'), pageWith(2, 'Discussion', 'y'), pageWith(3, 'Methods', 'z')];
    expect(markRunningHeads(nth(pages, 1), pages).blocks.map((b) => b.role)).toEqual(['body', 'body', 'body']);
    const bare = [1, 2, 3].map((n) => page(n, [block(`Slide ${n} of the deck`, [72, 40, 540])]));
    expect(markRunningHeads(nth(bare, 1), bare).blocks.map((b) => b.role)).toEqual(['body']);
  });
});

describe('footnotes', () => {
  it('marks small text at the foot of a column from its footnote mark on, and reads it after the body', () => {
    const marked = markFootnotes(
      page(2, [
        body('The body of the page, set in ten points.', 100),
        body('More of the body.', 300),
        block(['1 A footnote set small, at the foot.', 'Its second line.'], [72, 700, 540], { fontSize: 8 }),
        block('* Another one.', [72, 730, 540], { fontSize: 8 }),
      ]),
    );
    expect(marked.blocks.map((b) => b.role)).toEqual(['body', 'body', 'footnote', 'footnote']);
    expect(
      pageTextOf({ ...marked, blocks: [...marked.blocks.slice(2), ...marked.blocks.slice(0, 2)] }).split('\n'),
    ).toEqual([
      marked.blocks[0]?.text,
      marked.blocks[1]?.text,
      '1 A footnote set small, at the foot. Its second line.',
      '* Another one.',
    ]);
  });

  it('leaves small captions and small text above the body alone', () => {
    const marked = markFootnotes(
      page(2, [
        block('1 Small text at the top.', [72, 60, 540], { fontSize: 8 }),
        body('The body of the page, set in ten points.', 100),
        block('Figure 2: a caption set small at the foot.', [72, 700, 540], { fontSize: 8 }),
      ]),
    );
    expect(marked.blocks.map((b) => b.role)).toEqual(['body', 'body', 'body']);
  });
});
