import { describe, expect, it } from 'vitest';
import { corpusPdf } from '../../../test/corpus';
import { extractPdf } from '../pdf-extract';

const read = async (name: string, folder = 'pdfs') => extractPdf(new Uint8Array(corpusPdf(name, folder)));

describe('the layout of real papers', () => {
  it('composes accents set apart or over dotless letters (NFC)', async () => {
    const expected: [string, string, string[]][] = [
      ['grobid_tracemonkey-pldi-09_en.pdf', 'pdfs-more', ['naïve']],
      ['olmocr_overrun-on-pg8-aitkaci_en.pdf', 'pdfs-more', ['Hassan Aït-Kaci']],
      ['unstructured_multi-column-dpr_en.pdf', 'pdfs-more', ['Barlas Oğuz', 'Baudiš']],
      ['scienceparse_map-reduce.pdf', 'pdfs', ['Hölzle']],
    ];
    for (const [name, folder, words] of expected) {
      const text = (await read(name, folder)).pages.join('\n');
      for (const word of words) expect(text).toContain(word);
      // No accent left beside its letter, no dotless i, no ligature.
      expect(text).not.toMatch(/\p{L}[\u00b4\u00a8]|[\u00b4\u00a8]\p{L}|\u0131|[\ufb00-\ufb06]/u);
    }
  });

  it('reads two columns in order and leaves running heads, footers and page numbers out', async () => {
    const { pages, layouts } = await read('scienceparse_map-reduce.pdf');
    const eighth = pages[7] ?? '';
    expect(eighth.indexOf('5.1 Cluster Configuration')).toBeGreaterThan(-1);
    expect(eighth.indexOf('5.1 Cluster Configuration')).toBeLessThan(eighth.indexOf('disks, and a gigabit Ethernet'));
    expect(eighth.indexOf('disks, and a gigabit Ethernet')).toBeLessThan(eighth.indexOf('5.3 Sort'));
    expect(pages.join('\n')).not.toContain('To appear in OSDI 2004');
    expect(
      layouts[7]?.blocks.filter((block) => block.role !== 'body').map((block) => [block.role, block.text]),
    ).toEqual([
      ['footer', 'To appear in OSDI 2004'],
      ['page-number', '8'],
    ]);
  });

  it("leaves a journal's running head out of every page but keeps the paper's own title", async () => {
    const { pages } = await read('grobid_MullenJSSv18i03_timp.pdf');
    expect(pages.slice(1).join('\n')).not.toContain('TIMP: Modeling Multi-way Spectroscopic Measurements in R');
    expect(pages[0]).not.toContain('January 2007, Volume 18, Issue 3');
    expect(pages[0]).not.toMatch(/^Journal of Statistical Software/);
    expect(pages[0]).toContain(
      'TIMP: An R Package for Modeling Multi-way\nSpectroscopic Measurements\nKatharine M. Mullen',
    );
  });
});
