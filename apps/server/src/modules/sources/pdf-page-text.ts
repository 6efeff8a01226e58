import type * as Mupdf from 'mupdf';
import type { GrayImage } from './ocr-image';
import { looksNoisy, looksScanned } from './ocr-text';
import type { Box, LayoutPage } from './pdf-layout/layout.types';
import { pageTextOf } from './pdf-layout/page-text';
import { readLayout } from './pdf-layout/read-layout';
import { STEXT_SCALE, type StextPage } from './pdf-layout/stext';
import { doiInXmp } from './pdf-structure/publication';

type MupdfModule = typeof Mupdf;

/** A page as read from its text layer: its text (body, then footnotes), its layout, and whether only OCR can read it. */
export type PageRead = { number: number; text: string; layout: LayoutPage; needsOcr: boolean };

/** MuPDF found no PDF in the file (garbage, a truncated header) or it is encrypted with a password the server lacks. */
export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError';
}

/** The page tree counts more pages than MAX_PDF_PAGES: refused before any page is read. */
export class TooManyPagesError extends Error {
  override name = 'TooManyPagesError';
}

let loaded: Promise<MupdfModule> | undefined;

/**
 * MuPDF, loaded on first use: its WebAssembly costs ~75 ms and ~40 MB, which a thread that never reads a PDF here
 * (the serving thread, when the page-reading threads do) should not pay. Its warnings about repaired files are
 * not errors and stay out of the log.
 */
export function loadMupdf(): Promise<MupdfModule> {
  loaded ??= import('mupdf').then((mupdf) => {
    mupdf.setLog(() => {});
    return mupdf;
  });
  return loaded;
}

/** Opens a PDF; refuses one MuPDF cannot open, one that needs a password, and one of more than `maxPages` pages. */
export function openPdf(mupdf: MupdfModule, bytes: Uint8Array, maxPages: number): Mupdf.Document {
  let document: Mupdf.Document;
  try {
    document = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch (error) {
    throw new UnreadablePdfError((error as Error).message);
  }
  if (document.needsPassword()) {
    document.destroy();
    throw new UnreadablePdfError('the PDF is encrypted with a password');
  }
  const pageCount = document.countPages();
  if (pageCount > maxPages) {
    document.destroy();
    throw new TooManyPagesError(`the PDF has ${pageCount} pages, more than ${maxPages}`);
  }
  return document;
}

/** A page covered this much (share of its area) by one image is a scan, whatever text is laid over it. */
const SCAN_IMAGE_SHARE = 0.6;
/** Images covering less of a page without text are rules, logos or ornaments: nothing to read. */
const MIN_IMAGES_SHARE = 0.05;

const area = (box: Box) => Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);

/**
 * Whether a page can only be read by OCR: its text layer is (almost) empty and images cover some of it, or it is
 * a scanned image under a text layer another OCR left so noisy it is worth reading again. A blank page, or one
 * with only a chapter's title, is not rendered for nothing.
 */
function needsOcr(text: string, images: readonly Box[], width: number, height: number): boolean {
  const page = width * height;
  if (looksScanned(text)) return images.reduce((sum, image) => sum + area(image), 0) >= MIN_IMAGES_SHARE * page;
  return images.some((image) => area(image) >= SCAN_IMAGE_SHARE * page) && looksNoisy(text);
}

/**
 * One page's text and layout from MuPDF's structured text, or null when the page cannot be read (the others
 * are kept). The same here and in the page-reading threads.
 */
export function readPage(document: Mupdf.Document, number: number): PageRead | null {
  let page: Mupdf.Page | undefined;
  let stext: Mupdf.StructuredText | undefined;
  try {
    page = document.loadPage(number - 1);
    const [x0, y0, x1, y1] = page.getBounds();
    stext = page.toStructuredText('preserve-whitespace,preserve-images');
    const json = JSON.parse(stext.asJSON(STEXT_SCALE)) as StextPage;
    const { layout, images } = readLayout(json, number, x1 - x0, y1 - y0, STEXT_SCALE);
    const text = pageTextOf(layout);
    return { number, text, layout, needsOcr: needsOcr(text, images, layout.width, layout.height) };
  } catch {
    return null;
  } finally {
    stext?.destroy();
    page?.destroy();
  }
}

/** OCR reads best at about this resolution. */
const OCR_DPI = 300;
/**
 * Tesseract's WebAssembly heap is limited and its time grows with the pixels: a page is rendered at OCR_DPI, or
 * smaller when that would be more pixels than this (an A4 page at 300 dpi is about 8.7 million).
 */
const MAX_OCR_PIXELS = 16_000_000;

/** A page rendered in grayscale for OCR, at OCR_DPI or less (MAX_OCR_PIXELS). */
export function renderPage(mupdf: MupdfModule, document: Mupdf.Document, number: number): GrayImage {
  const page = document.loadPage(number - 1);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    const points = Math.max(1, (x1 - x0) * (y1 - y0));
    const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_OCR_PIXELS / points));
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
    try {
      const [width, height] = [pixmap.getWidth(), pixmap.getHeight()];
      const stride = pixmap.getStride();
      const source = pixmap.getPixels();
      const pixels = new Uint8Array(width * height);
      for (let row = 0; row < height; row++)
        pixels.set(source.subarray(row * stride, row * stride + width), row * width);
      return { width, height, pixels };
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}

/**
 * The document's information dictionary, as far as titles, authors and years are read from it, and the DOI its
 * XMP metadata names (`XmpDoi`).
 */
export function documentInfo(document: Mupdf.Document): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  for (const key of ['Title', 'Author', 'CreationDate']) {
    const value = document.getMetaData(`info:${key}`);
    if (value) info[key] = value;
  }
  const doi = doiInXmp(xmpOf(document));
  if (doi) info.XmpDoi = doi;
  return info;
}

/** XMP larger than this is not a paper's metadata packet (some producers embed whole thumbnails). */
const MAX_XMP_BYTES = 1_000_000;

/** The document catalogue's XMP metadata stream as text; empty when there is none or it cannot be read. */
function xmpOf(document: Mupdf.Document): string {
  try {
    const metadata = document.asPDF()?.getTrailer().get('Root').get('Metadata');
    if (!metadata?.isStream()) return '';
    const bytes = metadata.readStream();
    return bytes.getLength() > MAX_XMP_BYTES ? '' : bytes.asString();
  } catch {
    return '';
  }
}
