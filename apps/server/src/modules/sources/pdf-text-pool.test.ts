import { afterAll, describe, expect, it } from 'vitest';
import { fixturePdf } from '../../test/fixtures';
import { makePdf } from '../../test/make-pdf';
import { extractPdf } from './pdf-extract';
import { createPdfTextPool, type PageItems } from './pdf-text-pool';

const pool = createPdfTextPool(2);
afterAll(() => pool.close());

const pdf = makePdf(Array.from({ length: 60 }, (_, index) => [`Page ${index + 1} says hello.`, 'A second line.']));

describe('the page-reading threads', () => {
  it('read every page once, across both threads, in blocks', async () => {
    const batches: PageItems[][] = [];
    await pool.read(new Uint8Array(pdf), 60, (batch) => batches.push(batch));
    const numbers = batches.flat().map((page) => page.number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(batches.length).toBeGreaterThan(2);
  });

  it('give the same text as reading in this thread, and hand pages on in order', async () => {
    const order: number[] = [];
    const pooled = await extractPdf(new Uint8Array(pdf), { textPool: pool, onPage: (number) => order.push(number) });
    const inThread = await extractPdf(new Uint8Array(pdf));
    expect(pooled.pages).toEqual(inThread.pages);
    expect(pooled.pages[59]).toBe('Page 60 says hello.\nA second line.');
    expect(order).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
  });

  it('fall back to this thread when the pool cannot read', async () => {
    const broken = createPdfTextPool(1);
    await broken.close();
    const failing = { ...broken, read: () => Promise.reject(new Error('thread died')) };
    const order: number[] = [];
    const result = await extractPdf(new Uint8Array(pdf), { textPool: failing, onPage: (number) => order.push(number) });
    expect(result.pages).toHaveLength(60);
    expect(order).toHaveLength(60);
  });

  it('spell out ligatures in both threads, as pdf.js would (the TIMP paper sets "fi" as one glyph 300 times)', async () => {
    const paper = new Uint8Array(fixturePdf('grobid_MullenJSSv18i03_timp.pdf'));
    const pooled = await extractPdf(paper, { textPool: pool });
    const inThread = await extractPdf(paper);
    for (const { pages } of [pooled, inThread]) {
      expect(pages.join('\n')).not.toMatch(/[\ufb00-\ufb06]/u);
      expect(pages[0]).toContain('fits such separable nonlinear models');
    }
    expect(pooled.pages).toEqual(inThread.pages);
  });
});
