import { decode, decodedSize, FILTER_NAMES, type FilterName, StreamPastCap } from './pdf-stream-filters';

const MB = 1024 * 1024;
/** Most a stream other than an image may decode to; the largest of real papers (fonts, busy pages) are a few MB. */
export const MAX_STREAM_BYTES = 64 * MB;
/** Images decode to their pixels (width × height × colours); a lossless A3 page scanned at 600 dpi is ~200 MB. */
export const MAX_IMAGE_BYTES = 256 * MB;
/** All streams but images together: what reading a document's text layer decodes at most. */
export const MAX_TEXT_LAYER_BYTES = 512 * MB;
/**
 * All streams together, images too, may decode to this many times the file, or 1 GB if that is more: it bounds
 * the time the check itself takes (scans compress ~3–30×; a book of bilevel scans may reach 1 GB).
 */
const MAX_DECODED_PER_FILE_BYTE = 64;
const MIN_DECODED_BUDGET_BYTES = 1024 * MB;

/** A stream of the file decodes to more than its cap: a compression bomb, refused before MuPDF opens it. */
export class OversizedPdfStreamError extends Error {
  override name = 'OversizedPdfStreamError';
}

/** A stream as the scan found it; `chains` are the ways MuPDF might decode it (its /Filter, or zlib data). */
type PdfStream = { data: Uint8Array; chains: FilterName[][]; earlyChange: number; image: boolean; cap: number };

const STREAM = Buffer.from('stream');
const OBJ = Buffer.from('obj');

/**
 * Refuses a PDF one of whose streams decodes past its cap (OversizedPdfStreamError), before MuPDF reads it:
 * MuPDF holds a font's, an object stream's or an image's decoded bytes whole, in WebAssembly memory that never
 * shrinks, so a few hundred KB that inflate to gigabytes would take a reading thread's memory with them. Every stream's filters (zlib, Brotli, LZW, run-length, and the ASCII ones that
 * may wrap them) are decoded far enough to know its size, keeping at most one capped stream in memory;
 * image codecs (JPEG, JBIG2…) end the check, as reading text never decodes them. Data that starts like zlib
 * is also inflated whatever its dictionary says. Streams of an encrypted file cannot be decoded here and are
 * left to MuPDF.
 */
export async function assertStreamsFit(bytes: Uint8Array): Promise<void> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = Math.max(MIN_DECODED_BUDGET_BYTES, MAX_DECODED_PER_FILE_BYTE * file.length);
  let [textLayer, all] = [0, 0];
  // A stream's dictionary never reaches back past the keyword before it, which keeps the scan linear.
  let dictionaryFrom = 0;
  for (let keyword = file.indexOf(STREAM); keyword >= 0; keyword = file.indexOf(STREAM, keyword + STREAM.length)) {
    const stream = isEndstream(file, keyword) ? null : streamAt(file, keyword, dictionaryFrom);
    dictionaryFrom = keyword + STREAM.length;
    if (!stream) continue;
    let size = 0;
    for (const chain of stream.chains) size = Math.max(size, await decodedSizeOf(stream, chain));
    all += size;
    if (!stream.image) textLayer += size;
    if (textLayer > MAX_TEXT_LAYER_BYTES || all > budget) {
      throw new OversizedPdfStreamError('the streams decode to more than the file may hold together');
    }
  }
}

/** The decoded size of a stream; 0 for data its filters cannot decode (MuPDF reads what it can of those). */
async function decodedSizeOf({ data, earlyChange, cap }: PdfStream, filters: FilterName[]): Promise<number> {
  let decoded = data;
  try {
    for (const filter of filters.slice(0, -1)) decoded = decode(filter, decoded, cap, earlyChange);
    return await decodedSize(filters[filters.length - 1] as FilterName, decoded, cap, earlyChange);
  } catch (error) {
    if (error instanceof StreamPastCap)
      throw new OversizedPdfStreamError(`a stream decodes to more than ${cap / MB} MB`);
    return 0;
  }
}

/**
 * The stream whose `stream` keyword is at `keyword`: its dictionary runs from its `N G obj` to the keyword,
 * with names' `#xx` escapes decoded (`/Fl#61teDecode` is FlateDecode to MuPDF).
 */
function streamAt(file: Buffer, keyword: number, dictionaryFrom: number): PdfStream | null {
  const objectAt = objectHeaderBefore(file, dictionaryFrom, keyword);
  if (objectAt < 0) return null;
  const dictionary = decodeNames(file.toString('latin1', objectAt + OBJ.length, keyword));
  const data = file.subarray(dataStart(file, keyword + STREAM.length));
  const declared = declaredFilters(dictionary, data);
  const chains = declared.length > 0 ? [declared] : [];
  if (declared[0] !== 'FlateDecode' && looksLikeZlib(data)) chains.push(['FlateDecode']);
  if (chains.length === 0) return null;
  const image = /\/Subtype\s*\/Image\b/.test(dictionary);
  return {
    data,
    chains,
    earlyChange: /\/EarlyChange\s+0\b/.test(dictionary) ? 0 : 1,
    image,
    cap: image
      ? Math.min(MAX_IMAGE_BYTES, Math.max(MAX_STREAM_BYTES, declaredImageBytes(dictionary)))
      : MAX_STREAM_BYTES,
  };
}

/**
 * The filters of the dictionary's /Filter that a reader decodes into memory when reading text, in order, up to
 * the first it does not (an image codec). A /Filter given by reference is not followed (the zlib check of
 * the data covers the usual case).
 */
function declaredFilters(dictionary: string, data: Uint8Array): FilterName[] {
  const value = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()%{}]+)/.exec(dictionary)?.[1] ?? '';
  const filters: FilterName[] = [];
  for (const [, name = ''] of value.matchAll(/\/([^\s/[\]<>()%{}]+)/g)) {
    const filter = FILTER_NAMES[name];
    if (!filter) break;
    filters.push(filter);
  }
  return data.length > 0 ? filters : [];
}

function decodeNames(text: string): string {
  return text.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Where the `N G obj` that opens the stream's object starts its keyword, searched back from the stream keyword
 * within the window only, so that keyword after keyword in one object's data scans nothing twice; -1 if none.
 */
function objectHeaderBefore(file: Buffer, windowStart: number, keyword: number): number {
  const window = file.subarray(windowStart, keyword);
  for (let at = window.lastIndexOf(OBJ); at >= 0; at = at > 0 ? window.lastIndexOf(OBJ, at - 1) : -1) {
    if (OBJECT_HEADER.test(window.toString('latin1', Math.max(0, at - 24), at + OBJ.length))) return windowStart + at;
  }
  return -1;
}

const OBJECT_HEADER = /(^|[^\w.])\d+\s+\d+\s+obj$/;

/** Width × height × colours of an image's dictionary, with a byte per row for a PNG predictor. */
function declaredImageBytes(dictionary: string): number {
  const number = (key: string, fallback: number) => {
    const match = new RegExp(`/${key}\\s+(\\d+)`).exec(dictionary);
    return match ? Number(match[1]) : fallback;
  };
  const colours = /\/ImageMask\s+true/.test(dictionary)
    ? 1
    : /\/ColorSpace\s*\/(DeviceGray|CalGray|G)\b/.test(dictionary)
      ? 1
      : /\/ColorSpace\s*\/(DeviceRGB|CalRGB|RGB|Lab)\b/.test(dictionary)
        ? 3
        : 4;
  const bits = /\/ImageMask\s+true/.test(dictionary) ? 1 : number('BitsPerComponent', 8);
  return number('Height', 0) * (Math.ceil((number('Width', 0) * colours * bits) / 8) + 1);
}

/** A zlib header: deflate, a window of at most 32 KB, and a check that makes the two bytes a multiple of 31. */
function looksLikeZlib(data: Uint8Array): boolean {
  const [method = 0, flags = 0] = data;
  return (method & 0x0f) === 8 && method >> 4 <= 7 && ((method << 8) | flags) % 31 === 0;
}

/** The data starts after the end of the keyword's line: CR LF or LF (a lone CR, which some producers write, too). */
function dataStart(file: Buffer, afterKeyword: number): number {
  if (file[afterKeyword] === 0x0d) return file[afterKeyword + 1] === 0x0a ? afterKeyword + 2 : afterKeyword + 1;
  return file[afterKeyword] === 0x0a ? afterKeyword + 1 : afterKeyword;
}

function isEndstream(file: Buffer, keyword: number): boolean {
  return keyword >= 3 && file.toString('latin1', keyword - 3, keyword) === 'end';
}
