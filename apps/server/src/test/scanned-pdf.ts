import { loadMupdf } from '../modules/sources/pdf-page-text';

/**
 * An image-only copy of a PDF (its first `pages`), as a scanner would make it: each page rendered by MuPDF at `dpi` in grayscale and
 * drawn as one image over the page, with no text. With `hiddenText`, each page also carries that text laid over
 * the image invisibly (text rendering mode 3), as another OCR leaves its reading: a noisy one when the text is
 * garbage.
 */
export async function scannedCopy(
  pdf: Uint8Array,
  {
    dpi = 150,
    pages = Number.POSITIVE_INFINITY,
    hiddenText,
  }: { dpi?: number; pages?: number; hiddenText?: (page: number) => string } = {},
): Promise<Buffer> {
  const mupdf = await loadMupdf();
  const source = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scan = new mupdf.PDFDocument();
  const font = scan.addSimpleFont(new mupdf.Font('Helvetica'));
  try {
    for (let index = 0; index < Math.min(pages, source.countPages()); index++) {
      const page = source.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const [width, height] = [x1 - x0, y1 - y0];
      const scale = dpi / 72;
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false);
      const image = scan.addImage(new mupdf.Image(pixmap));
      const hidden = hiddenText ? invisibleText(hiddenText(index + 1), height) : '';
      const contents = `q ${width} 0 0 ${height} 0 0 cm /Scan Do Q\n${hidden}`;
      const resources = { XObject: { Scan: image }, Font: { F1: font } };
      scan.insertPage(-1, scan.addPage([0, 0, width, height], 0, resources, contents));
      pixmap.destroy();
      page.destroy();
    }
    return Buffer.from(scan.saveToBuffer('compress').asUint8Array());
  } finally {
    scan.destroy();
    source.destroy();
  }
}

/** Lines of text drawn invisibly (mode 3) from the top of a page, in Helvetica's WinAnsi. */
function invisibleText(text: string, height: number): string {
  const escapePdfString = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`);
  const lines = text
    .split('\n')
    .map((line, index) => `1 0 0 1 60 ${height - 80 - index * 14} Tm (${escapePdfString(line)}) Tj`);
  return `BT 3 Tr /F1 11 Tf\n${lines.join('\n')}\nET`;
}
