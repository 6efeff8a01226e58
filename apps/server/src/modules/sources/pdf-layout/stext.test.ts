import { describe, expect, it } from 'vitest';
import { rawPageOf, type StextPage } from './stext';

/** A line as MuPDF's JSON writes it at scale 10: coordinates and sizes in tenths of a point. */
function line(text: string, x: number, y: number, w: number, font: { size: number; weight?: string; name?: string }) {
  return {
    wmode: 0,
    bbox: { x, y: y - 80, w, h: 100 },
    font: {
      name: font.name ?? 'ABCDEF+NimbusRomNo9L-Regu',
      family: 'serif',
      weight: font.weight ?? 'normal',
      style: 'normal',
      size: font.size,
    },
    x,
    y,
    text,
  };
}

const block = (lines: ReturnType<typeof line>[]): StextPage['blocks'][number] => ({
  type: 'text',
  bbox: { x: 3000, y: 3500, w: 2200, h: 1000 },
  lines,
});

describe("MuPDF's structured text", () => {
  it('reads sizes and boxes to a tenth of a point when written at a scale', () => {
    const page = rawPageOf({ blocks: [block([line('Results', 3061, 3615, 648, { size: 119, weight: 'bold' })])] }, 10);
    expect(page.blocks[0]?.lines[0]).toMatchObject({
      text: 'Results',
      fontSize: 11.9,
      bold: true,
      box: { x0: 306.1, y0: 353.5, x1: 370.9, y1: 363.5 },
    });
    expect(page.blocks[0]?.box).toEqual({ x0: 300, y0: 350, x1: 520, y1: 450 });
  });

  it("joins a heading's number to its words on the same baseline", () => {
    const bold = { size: 119, weight: 'bold', name: 'HOBARZ+NimbusRomNo9L-Medi' };
    const page = rawPageOf(
      {
        blocks: [
          block([line('3.2', 3061, 3615, 120, bold), line('RealScholarQuery', 3240, 3615, 900, bold)]),
          block([line('Text under it, on the next baseline.', 3061, 3800, 2000, { size: 109 })]),
        ],
      },
      10,
    );
    expect(page.blocks.map((b) => b.lines.map((l) => l.text))).toEqual([
      ['3.2 RealScholarQuery'],
      ['Text under it, on the next baseline.'],
    ]);
    expect(page.blocks[0]?.lines[0]?.box).toMatchObject({ x0: 306.1, x1: 414 });
  });

  it('keeps a run-in heading apart from the paragraph that follows it on its baseline', () => {
    const page = rawPageOf(
      {
        blocks: [
          block([
            line('Reward Design', 3061, 3615, 700, { size: 109, weight: 'bold', name: 'HOBARZ+NimbusRomNo9L-Medi' }),
            line('We conduct RL training on the', 3800, 3615, 1400, { size: 109 }),
            line('Crawler with the reward below.', 3061, 3750, 2100, { size: 109 }),
          ]),
        ],
      },
      10,
    );
    expect(page.blocks[0]?.lines.map((l) => l.text)).toEqual([
      'Reward Design',
      'We conduct RL training on the',
      'Crawler with the reward below.',
    ]);
  });
});
