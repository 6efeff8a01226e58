import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** An 8-bit grayscale raster as a PNG holds it: zlib data of rows that each start with a PNG filter byte. */
export type GrayPng = { width: number; height: number; idat: Buffer };

/**
 * A page: lines of text; a scanned page (one raster image drawn at `dpi`, no text layer); or a broken
 * page whose content stream is given raw (say, declared FlateDecode but not compressed) or whose
 * /Contents points at an object the file does not have.
 */
export type PdfPage =
  | string[]
  | { scan: GrayPng; dpi?: number }
  | { rawContent: string; filter?: string }
  | 'missing-contents';

/**
 * Writes a small, valid PDF whose pages hold the given lines of text (Helvetica, WinAnsi), or no text
 * at all for an empty string — for tests of what real producers' files do not cover.
 */
export function makePdf(pages: PdfPage[], info: { title?: string; author?: string } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    let resources = `/Font << /F1 ${font} 0 R >>`;
    let contents = MISSING_OBJECT;
    if (Array.isArray(page)) contents = add(stream(textContent(page)));
    else if (page !== 'missing-contents' && 'rawContent' in page) {
      contents = add(stream(page.rawContent, page.filter ? `/Filter /${page.filter}` : ''));
    } else if (page !== 'missing-contents') {
      const { scan, dpi = 150 } = page;
      const image = add(
        stream(
          scan.idat.toString('latin1'),
          `/Type /XObject /Subtype /Image /Width ${scan.width} /Height ${scan.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns ${scan.width} >>`,
        ),
      );
      resources = `/XObject << /Im1 ${image} 0 R >>`;
      // Drawn at its resolution from the top left margin, as a scanner would place it.
      const [width, height] = [(scan.width * 72) / dpi, (scan.height * 72) / dpi];
      contents = add(stream(`q ${width} 0 0 ${height} 40 ${802 - height} cm /Im1 Do Q`));
    }
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << ${resources} >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const infoFields = [
    info.title ? `/Title (${escapePdf(info.title)})` : '',
    info.author ? `/Author (${escapePdf(info.author)})` : '',
    '/CreationDate (D:20240115120000Z)',
  ].join(' ');
  const infoObject = add(`<< ${infoFields} >>`);

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoObject} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** An object number no file written here reaches. */
const MISSING_OBJECT = 9999;

function textContent(lines: string[]): string {
  return lines.map((line, index) => `BT /F1 11 Tf 56 ${780 - index * 14} Td (${escapePdf(line)}) Tj ET`).join('\n');
}

/** A stream object; `data` is binary as latin1 characters. */
function stream(data: string, dictionary = ''): string {
  return `<< ${dictionary} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
}

/**
 * Reads an 8-bit grayscale, non-interlaced PNG (as the scan fixtures are) without decoding it: a
 * PDF image with the PNG predictor takes its IDAT data as is.
 */
export function readGrayPng(path: string): GrayPng {
  const file = readFileSync(path);
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let offset = 8; offset < file.length; ) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const data = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  // Bit depth 8, colour type 0 (gray), interlace 0.
  if (header?.[8] !== 8 || header[9] !== 0 || header[12] !== 0) {
    throw new Error(`${path} is not an 8-bit grayscale, non-interlaced PNG`);
  }
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4), idat: Buffer.concat(idat) };
}

function escapePdf(text: string): string {
  return text.replace(/[\\()]/g, (character) => `\\${character}`);
}

/** The text on `fixtures/scan-de.png`. */
export const GERMAN_SCAN_LINES = [
  'Die Ergebnisse der Untersuchung zeigen, dass die Bodenerosion in den',
  'untersuchten Regionen seit dem Jahr 2000 deutlich zugenommen hat. Besonders',
  'betroffen sind landwirtschaftlich genutzte Flächen an steilen Hängen, auf denen',
  'Starkregen das Wasser schnell abfließen lässt. Die Messungen an zwölf Stationen',
  'belegen außerdem, dass Hecken und Grünstreifen den Abtrag um fast die Hälfte',
  'verringern. Wir empfehlen daher, solche Maßnahmen in der Flurbereinigung',
  'stärker zu fördern und die Landwirte bei der Umstellung zu beraten. Weitere',
  'Studien sollen klären, wie sich der Klimawandel auf diese Entwicklung auswirkt.',
];

/**
 * A scanned paragraph of German: `makePdf([GERMAN_SCAN_LINES])` rendered once by poppler
 * (`pdftoppm -gray -r 150 -x 100 -y 95 -W 940 -H 270`) and stored as a PNG without row filters.
 * Tests do not call poppler (CI does not have it).
 */
export function germanScan(): GrayPng {
  return readGrayPng(fileURLToPath(new URL('./fixtures/scan-de.png', import.meta.url)));
}

/** The share (0–1) of the words of `lines` that occur in `text`, ignoring case and punctuation. */
export function shareOfWordsFound(lines: readonly string[], text: string): number {
  const words = (value: string) => value.toLowerCase().match(/\p{L}+|\d+/gu) ?? [];
  const found = new Set(words(text));
  const expected = lines.flatMap(words);
  return expected.filter((word) => found.has(word)).length / expected.length;
}
