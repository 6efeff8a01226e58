import { brotliDecompressSync, createBrotliDecompress, createInflate, inflateSync } from 'node:zlib';

/**
 * The PDF stream filters a reader decodes into memory (MuPDF loads a font's or an image's stream whole),
 * reimplemented only as far as pdf-stream-guard.ts needs to learn how large a stream decodes: each stops at
 * its end-of-data marker, so the bytes after a stream's data may follow, and each gives up past `cap`.
 */

/** A stream decodes to more than its cap. */
export class StreamPastCap extends Error {
  override name = 'StreamPastCap';
}

export type FilterName =
  | 'FlateDecode'
  | 'BrotliDecode'
  | 'LZWDecode'
  | 'RunLengthDecode'
  | 'ASCIIHexDecode'
  | 'ASCII85Decode';

/** Filter names as PDF files may spell them (inline-image abbreviations are accepted on streams too). */
export const FILTER_NAMES: Record<string, FilterName> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  BrotliDecode: 'BrotliDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
};

/** Decoded at once up to this size; a stream that decodes to more is counted as it streams, without keeping it. */
const AT_ONCE_BYTES = 4 * 1024 * 1024;
/** Pieces of a counted stream: large enough that handing them over costs little, small enough not to matter. */
const STREAMING_CHUNK_BYTES = 256 * 1024;

/**
 * The decoded bytes, for a filter that another one follows; throws StreamPastCap past `cap`. `earlyChange` is
 * LZW's /EarlyChange (1 unless a stream's parameters say 0).
 */
export function decode(filter: FilterName, data: Uint8Array, cap: number, earlyChange = 1): Uint8Array {
  switch (filter) {
    case 'FlateDecode':
      return zlibAtOnce(() => inflateSync(data, { maxOutputLength: cap }));
    case 'BrotliDecode':
      return zlibAtOnce(() => brotliDecompressSync(data, { maxOutputLength: cap }));
    case 'LZWDecode':
      return decodeLzw(data, cap, earlyChange);
    case 'RunLengthDecode':
      return decodeRunLength(data, cap);
    case 'ASCIIHexDecode':
      return decodeAsciiHex(data, cap);
    case 'ASCII85Decode':
      return decodeAscii85(data, cap);
  }
}

/**
 * The decoded size of the last filter of a stream, whose bytes nobody needs: small ones are decoded at once,
 * larger zlib and Brotli streams are counted as they stream. Rejects with StreamPastCap past `cap`.
 */
export async function decodedSize(filter: FilterName, data: Uint8Array, cap: number, earlyChange = 1): Promise<number> {
  if (filter !== 'FlateDecode' && filter !== 'BrotliDecode') return decode(filter, data, cap, earlyChange).length;
  try {
    return decode(filter, data, Math.min(cap, AT_ONCE_BYTES)).length;
  } catch (error) {
    if (!(error instanceof StreamPastCap) || cap <= AT_ONCE_BYTES) throw error;
    const options = { chunkSize: STREAMING_CHUNK_BYTES };
    return countStreaming(
      filter === 'FlateDecode' ? createInflate(options) : createBrotliDecompress(options),
      data,
      cap,
    );
  }
}

/** zlib stops at `maxOutputLength` with a RangeError; any other failure is a broken stream, MuPDF's to judge. */
function zlibAtOnce(run: () => Buffer): Uint8Array {
  try {
    return run();
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new StreamPastCap();
    throw error;
  }
}

function countStreaming(
  decoder: ReturnType<typeof createInflate> | ReturnType<typeof createBrotliDecompress>,
  data: Uint8Array,
  cap: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    decoder.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) return;
      decoder.destroy();
      reject(new StreamPastCap());
    });
    decoder.on('end', () => resolve(size));
    decoder.on('error', reject);
    decoder.end(data);
  });
}

/** Decoded bytes gathered in chunks, so a cap is checked without growing one array again and again. */
function output(cap: number) {
  const chunks: Uint8Array[] = [];
  let current = new Uint8Array(64 * 1024);
  let used = 0;
  let total = 0;
  return {
    push(byte: number) {
      if (++total > cap) throw new StreamPastCap();
      if (used === current.length) {
        chunks.push(current);
        current = new Uint8Array(Math.min(current.length * 2, 16 * 1024 * 1024));
        used = 0;
      }
      current[used++] = byte;
    },
    bytes(): Uint8Array {
      const result = new Uint8Array(total);
      let at = 0;
      for (const chunk of [...chunks, current.subarray(0, used)]) {
        result.set(chunk, at);
        at += chunk.length;
      }
      return result;
    },
  };
}

/** PDF 32000-1 §7.4.4: code words of 9 to 12 bits, 256 clears the table, 257 ends the data. */
function decodeLzw(data: Uint8Array, cap: number, earlyChange: number): Uint8Array {
  const out = output(cap);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let code = 0; code < 256; code++) [suffix[code], lengths[code]] = [code, 1];
  const sequence = new Uint8Array(4096);
  let [nextCode, codeLength, previous, bits, bitCount] = [258, 9, -1, 0, 0];
  for (const byte of data) {
    bits = ((bits << 8) | byte) & 0xffffff;
    bitCount += 8;
    if (bitCount < codeLength) continue;
    bitCount -= codeLength;
    const code = (bits >>> bitCount) & ((1 << codeLength) - 1);
    if (code === 257) break;
    if (code === 256) {
      [nextCode, codeLength, previous] = [258, 9, -1];
      continue;
    }
    const known = code < nextCode;
    const entry = known ? code : previous;
    if (entry < 0 || (!known && code !== nextCode)) break;
    // Walk the entry back to its first byte, then write it forwards (and, for a new code, its first byte again).
    let length = lengths[entry] ?? 0;
    for (let at = length - 1, walk = entry; at >= 0; at--, walk = prefix[walk] ?? 0) sequence[at] = suffix[walk] ?? 0;
    if (!known) sequence[length++] = sequence[0] ?? 0;
    for (let at = 0; at < length; at++) out.push(sequence[at] ?? 0);
    if (previous >= 0 && nextCode < 4096) {
      prefix[nextCode] = previous;
      suffix[nextCode] = sequence[0] ?? 0;
      lengths[nextCode] = Math.min((lengths[previous] ?? 0) + 1, 4095);
      nextCode++;
    }
    previous = code;
    if (nextCode + earlyChange >= 1 << codeLength && codeLength < 12) codeLength++;
  }
  return out.bytes();
}

/** PDF 32000-1 §7.4.5: a length byte, then that many bytes plus one, or one byte 257 − length times; 128 ends. */
function decodeRunLength(data: Uint8Array, cap: number): Uint8Array {
  const out = output(cap);
  for (let at = 0; at < data.length; ) {
    const length = data[at++] ?? 128;
    if (length === 128) break;
    if (length < 128) {
      for (let end = Math.min(at + length + 1, data.length); at < end; at++) out.push(data[at] ?? 0);
    } else {
      const byte = data[at++] ?? 0;
      for (let count = 0; count < 257 - length; count++) out.push(byte);
    }
  }
  return out.bytes();
}

/** PDF 32000-1 §7.4.2: pairs of hex digits, white space ignored, `>` ends. Never larger than its input. */
function decodeAsciiHex(data: Uint8Array, cap: number): Uint8Array {
  const out = output(cap);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    const digit = hexDigit(byte);
    if (digit < 0) continue;
    if (high < 0) high = digit;
    else {
      out.push((high << 4) | digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.bytes();
}

function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** PDF 32000-1 §7.4.3: five characters for four bytes, `z` for four zeros, `~>` ends. At most 4× its input. */
function decodeAscii85(data: Uint8Array, cap: number): Uint8Array {
  const out = output(cap);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let index = 0; index < 5; index++) value = value * 85 + (group[index] ?? 84);
    for (let index = 0; index < count; index++) out.push((value >>> (24 - index * 8)) & 0xff);
    group.length = 0;
  };
  for (const byte of data) {
    if (byte === 0x7e) break;
    if (byte === 0x7a && group.length === 0) for (let index = 0; index < 4; index++) out.push(0);
    else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 0x21);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return out.bytes();
}
