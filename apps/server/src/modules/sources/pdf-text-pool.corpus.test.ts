import { afterAll, describe, expect, it } from 'vitest';
import { corpusPdf } from '../../test/corpus';
import { extractPdf } from './pdf-extract';
import { createPdfTextPool } from './pdf-text-pool';

const pool = createPdfTextPool(2);
afterAll(() => pool.close());

describe('PDF text threads on real papers', () => {
  it('spell out ligatures in both threads (the TIMP paper sets "fi" as one glyph 300 times)', async () => {
    const paper = new Uint8Array(corpusPdf('grobid_MullenJSSv18i03_timp.pdf'));
    const pooled = await extractPdf(paper, { textPool: pool });
    const inThread = await extractPdf(paper);
    for (const { pages } of [pooled, inThread]) {
      expect(pages.join('\n')).not.toMatch(/[\ufb00-\ufb06]/u);
      expect(pages[0]).toContain('fits such separable nonlinear models');
    }
    expect(pooled.pages).toEqual(inThread.pages);
  });
});
