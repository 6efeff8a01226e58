import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { shareOfWordsFound } from '../../test/make-pdf';
import { scannedCopy } from '../../test/scanned-pdf';
import { mapReducePaperPdf } from '../../test/test-papers';
import { createOcrEngine } from './ocr';
import { looksScanned } from './ocr-text';
import { extractPdf } from './pdf-extract';
import { createPdfTextPool } from './pdf-text-pool';

const logger = pino({ level: 'silent' });
const engine = createOcrEngine({ logger });
const pool = createPdfTextPool(2);
afterAll(async () => {
  await pool.close();
  await engine.close();
});

/** Another OCR's reading of equations: symbols and fragments, few words. */
const NOISE = '^(O" #2 tanh^ )- 2 ^ ( 0 [ - 8 4 0 a / # 2 ^(O" + 24^(0V^o(0/^2(0 - 6r^o(t)^2(,tf N v{x, / ) = S (0';

async function firstPage() {
  const paper = new Uint8Array(await mapReducePaperPdf());
  const { pages } = await extractPdf(paper);
  return { paper, text: pages[0] ?? '' };
}

const read = (pdf: Buffer) => extractPdf(new Uint8Array(pdf), { textPool: pool, ocr: { engine, logger } });

describe('scanned pages, rendered by MuPDF and read by Tesseract', () => {
  it('reads an image-only page made from a real page', async () => {
    const { paper, text } = await firstPage();
    const scan = await read(await scannedCopy(paper, { pages: 1 }));
    expect(scan.ocrPages).toEqual([1]);
    expect(shareOfWordsFound(text.split('\n'), scan.pages[0] ?? '')).toBeGreaterThan(0.85);
  }, 60_000);

  it("reads a scan again when another OCR's text layer over it is noise, and keeps a good one", async () => {
    const { paper, text } = await firstPage();
    // Enough tokens not to pass for an empty layer: only its noise sends the page to OCR.
    expect(looksScanned(`${NOISE}\n${NOISE}`)).toBe(false);
    const noisy = await read(await scannedCopy(paper, { pages: 1, hiddenText: () => `${NOISE}\n${NOISE}` }));
    expect(noisy.ocrPages).toEqual([1]);
    expect(noisy.pages[0]).not.toContain('24^(0V^o');
    expect(shareOfWordsFound(text.split('\n'), noisy.pages[0] ?? '')).toBeGreaterThan(0.85);

    const layer = 'The map and reduce functions supplied by the user have associated types.';
    const good = await read(await scannedCopy(paper, { pages: 1, hiddenText: () => layer }));
    expect(good.ocrPages).toEqual([]);
    expect(good.pages[0]).toBe(layer);
  }, 60_000);
});
