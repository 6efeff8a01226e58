import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPdf } from '../../test/corpus';
import { createOcrEngine } from './ocr';
import { looksNoisy } from './ocr-text';
import { extractPdf } from './pdf-extract';

const logger = pino({ level: 'silent' });
const engine = createOcrEngine({ logger });
afterAll(() => engine.close());

/** Words of the paper's first page (Hong & Jung, Z. Naturforsch. 54a, 1999) as printed. */
const FIRST_PAGE_WORDS = ['Exact', 'Solitary-wave', 'Solutions', 'Fifth-order', 'Shallow', 'Hong', 'Jung', 'Taegu'];

describe('a scanned paper under a noisy OCR layer', () => {
  it('is read again by our OCR, whose text is less noisy than the layer', async () => {
    const paper = new Uint8Array(corpusPdf('grobid_ZFN-A-054-0304-0272_scanned_en.pdf', 'pdfs-more'));
    const layer = await extractPdf(paper);
    expect(layer.pages.every(looksNoisy)).toBe(true);
    const read = await extractPdf(paper, { ocr: { engine, logger } });
    expect(read.ocrPages).toEqual([1, 2]);
    for (const word of FIRST_PAGE_WORDS) expect(read.pages[0]).toContain(word);
    expect(read.layouts.map((page) => page.ocr)).toEqual([true, true]);
    const symbols = (text: string) => (text.match(/[\^#«»•{}]/g) ?? []).length;
    expect(symbols(read.pages.join('\n'))).toBeLessThan(symbols(layer.pages.join('\n')) / 2);
  }, 120_000);
});
