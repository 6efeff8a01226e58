import type { Logger } from 'pino';
import { detectLanguage } from '../../text/language';
import { isOcrClosed, type OcrEngine, type OcrLanguage, ocrLanguageFor } from './ocr';
import type { GrayImage } from './ocr-image';
import { tidyText } from './ocr-text';

/**
 * At about 3 s a page, OCR is the slowest thing a job does, and an instance runs one job at a time:
 * a 500-page scanned book would hold every other upload behind it for half an hour. The first pages
 * up to this many are read (a few minutes); the rest stay without text, and the log says so.
 */
export const MAX_OCR_PAGES = 100;
/** Tesseract's mean confidence below this means it read a photo or a drawing, not text. */
const MIN_CONFIDENCE = 40;

export type OcrOutcome = {
  /** The recognised text by page number. */
  texts: Map<number, string>;
  /** Pages left out because of `MAX_OCR_PAGES`. */
  skipped: number[];
};

/**
 * Recognises the pages that need it, one at a time, each rendered whole by MuPDF. The language is the one of
 * the document's text pages; with none, the first scanned page is read in English, its language detected, and
 * the page read again when that is another language. A page that cannot be read keeps its text layer; only the
 * engine shutting down stops the whole pass (the job is then retried).
 */
export async function ocrScannedPages({
  render,
  pages,
  scanned,
  engine,
  logger,
  onPage,
}: {
  /** Renders a page (1-based) in grayscale. */
  render: (page: number) => Promise<GrayImage>;
  /** The text layer of every page. */
  pages: readonly string[];
  /** The pages to recognise: no text layer, or a scan under another OCR's noise. */
  scanned: readonly number[];
  engine: OcrEngine;
  logger: Logger;
  onPage?: (done: number, total: number) => Promise<void>;
}): Promise<OcrOutcome> {
  const chosen = scanned.slice(0, MAX_OCR_PAGES);
  const texts = new Map<number, string>();
  // Most PDFs have no scanned page: the language of their text is not even detected.
  if (chosen.length === 0) return { texts, skipped: [] };
  let language = languageOfTextPages(pages, scanned);
  for (const [index, pageNumber] of chosen.entries()) {
    try {
      const read = await readImage(engine, await render(pageNumber), language);
      language = read.language;
      if (read.text) texts.set(pageNumber, read.text);
    } catch (error) {
      if (isOcrClosed(error)) throw error;
      logger.warn({ err: error, page: pageNumber }, 'a scanned page could not be read');
    }
    await onPage?.(index + 1, chosen.length);
  }
  return { texts, skipped: scanned.slice(MAX_OCR_PAGES) };
}

function languageOfTextPages(pages: readonly string[], scanned: readonly number[]): OcrLanguage | null {
  const skip = new Set(scanned);
  const text = pages.filter((_, index) => !skip.has(index + 1)).join('\n');
  const language = detectLanguage(text);
  return language ? ocrLanguageFor(language) : null;
}

/** Reads a page's image; `language` null means not known yet, and the result says what it became. */
async function readImage(
  engine: OcrEngine,
  image: GrayImage,
  language: OcrLanguage | null,
): Promise<{ text: string; language: OcrLanguage | null }> {
  const readAs = async (model: OcrLanguage) => {
    const { text, confidence } = await engine.recognize(image, model);
    return confidence >= MIN_CONFIDENCE ? tidyText(text) : '';
  };
  if (language) return { text: await readAs(language), language };
  const english = await readAs('eng');
  const detected = detectLanguage(english);
  // Too little text to tell: the next scanned page decides.
  if (!detected) return { text: english, language: null };
  const model = ocrLanguageFor(detected);
  return { text: model === 'eng' ? english : await readAs(model), language: model };
}
