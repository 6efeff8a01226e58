import type { Logger } from 'pino';
import { getResolvedPDFJS } from 'unpdf';
import type { PDFDocumentProxy, PDFPageProxy } from 'unpdf/pdfjs';
import { countWords } from '../../text/chunking';
import { detectLanguage } from '../../text/language';
import { isOcrClosed, type OcrEngine, type OcrLanguage, ocrLanguageFor } from './ocr';
import { type GrayImage, type PdfImageData, toGrayImage } from './ocr-image';
import { tidyText } from './ocr-text';

/** A page whose text layer has fewer words than this is taken for a scan (a stamped page number aside). */
const SCAN_MAX_LAYER_WORDS = 10;
/**
 * At about 3 s a page, OCR is the slowest thing a job does, and an instance runs one job at a time:
 * a 500-page scanned book would hold every other upload behind it for half an hour. The first pages
 * up to this many are read (a few minutes); the rest stay without text, and the log says so.
 */
export const MAX_OCR_PAGES = 100;
/** Smaller images are rules, bullets or logos, not scanned text. */
const MIN_IMAGE_SIDE = 32;
/** Tesseract's mean confidence below this means it read a photo or a drawing, not text. */
const MIN_CONFIDENCE = 40;
/** How long to wait for pdf.js to hand over a decoded image it listed. */
const IMAGE_WAIT_MS = 30_000;

/** True when a page's text layer is (almost) empty, so its text can only be in images. */
export function looksScanned(layerText: string): boolean {
  return countWords(layerText) < SCAN_MAX_LAYER_WORDS;
}

export type OcrOutcome = {
  /** The recognised text by page number. */
  texts: Map<number, string>;
  /** Pages left out because of `MAX_OCR_PAGES`. */
  skipped: number[];
};

/**
 * Recognises the pages without a text layer, one at a time. The language is the one of the
 * document's text pages; with none, the first scanned page is read in English, its language
 * detected, and the page read again when that is another language. A page that cannot be read
 * stays empty; only the engine shutting down stops the whole pass (the job is then retried).
 */
export async function ocrScannedPages({
  openPdf,
  pages,
  engine,
  logger,
  onPage,
}: {
  /** Opens the document; called only when some page needs OCR. */
  openPdf: () => Promise<PDFDocumentProxy>;
  /** The text layer of every page. */
  pages: readonly string[];
  engine: OcrEngine;
  logger: Logger;
  onPage?: (done: number, total: number) => Promise<void>;
}): Promise<OcrOutcome> {
  const scanned = pages.flatMap((text, index) => (looksScanned(text) ? [index + 1] : []));
  const chosen = scanned.slice(0, MAX_OCR_PAGES);
  const texts = new Map<number, string>();
  // Most PDFs have no scanned page: neither the document is opened nor the language of its text detected.
  if (chosen.length === 0) return { texts, skipped: [] };
  const pdf = await openPdf();
  let language = languageOfTextPages(pages);
  for (const [index, pageNumber] of chosen.entries()) {
    try {
      const images = await pageImages(pdf, pageNumber);
      if (images.length > 0) {
        const read = await readImages(engine, images, language);
        language = read.language;
        if (read.text) texts.set(pageNumber, read.text);
      }
    } catch (error) {
      if (isOcrClosed(error)) throw error;
      logger.warn({ err: error, page: pageNumber }, 'a scanned page could not be read');
    }
    await onPage?.(index + 1, chosen.length);
  }
  return { texts, skipped: scanned.slice(MAX_OCR_PAGES) };
}

function languageOfTextPages(pages: readonly string[]): OcrLanguage | null {
  const text = pages.filter((page) => !looksScanned(page)).join('\n');
  const language = detectLanguage(text);
  return language ? ocrLanguageFor(language) : null;
}

/** Reads a page's images; `language` null means not known yet, and the result says what it became. */
async function readImages(
  engine: OcrEngine,
  images: GrayImage[],
  language: OcrLanguage | null,
): Promise<{ text: string; language: OcrLanguage | null }> {
  const readAll = async (model: OcrLanguage) => {
    const parts: string[] = [];
    for (const image of images) {
      const { text, confidence } = await engine.recognize(image, model);
      if (confidence >= MIN_CONFIDENCE) parts.push(tidyText(text));
    }
    return parts.filter(Boolean).join('\n\n');
  };
  if (language) return { text: await readAll(language), language };
  const english = await readAll('eng');
  const detected = detectLanguage(english);
  // Too little text to tell: the next scanned page decides.
  if (!detected) return { text: english, language: null };
  const model = ocrLanguageFor(detected);
  return { text: model === 'eng' ? english : await readAll(model), language: model };
}

/** The raster images a page paints, as grayscale, in the order it paints them. */
async function pageImages(pdf: PDFDocumentProxy, pageNumber: number): Promise<GrayImage[]> {
  const page = await pdf.getPage(pageNumber);
  try {
    const { OPS } = await getResolvedPDFJS();
    const operators = await page.getOperatorList();
    const images: GrayImage[] = [];
    for (const [index, operator] of operators.fnArray.entries()) {
      const args = operators.argsArray[index] as unknown[];
      const data =
        operator === OPS.paintImageXObject
          ? await imageObject(page, String(args[0]))
          : operator === OPS.paintInlineImageXObject
            ? (args[0] as PdfImageData)
            : null;
      const image = data ? toGrayImage(data) : null;
      if (image && image.width >= MIN_IMAGE_SIDE && image.height >= MIN_IMAGE_SIDE) images.push(image);
    }
    return images;
  } finally {
    page.cleanup();
  }
}

/** An image XObject pdf.js decoded for the page ("g_" ids are shared across pages); null if it never came. */
function imageObject(page: PDFPageProxy, id: string): Promise<PdfImageData | null> {
  const objects = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), IMAGE_WAIT_MS);
    objects.get(id, (data: PdfImageData | null) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}
