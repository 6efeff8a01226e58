import { brotliCompressSync, constants, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { paperPdf } from '../../test/generated-pdf';
import { makePdf } from '../../test/make-pdf';
import { MAP_REDUCE_PAPER, SPANISH_PAPER } from '../../test/test-papers';
import { decode } from './pdf-stream-filters';
import { assertStreamsFit, MAX_STREAM_BYTES, OversizedPdfStreamError } from './pdf-stream-guard';

const MB = 1024 * 1024;
/** Past the cap of a stream other than an image. */
const BOMB_BYTES = MAX_STREAM_BYTES + 8 * MB;

/** Objects with one stream each, as a PDF file holds them (the guard reads no cross-reference table). */
function pdfWith(streams: { dictionary: string; data: Buffer }[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  streams.forEach(({ dictionary, data }, index) => {
    parts.push(Buffer.from(`${index + 1} 0 obj\n<< /Length ${data.length} ${dictionary} >>\nstream\n`, 'latin1'));
    parts.push(data, Buffer.from('\nendstream\nendobj\n'));
  });
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return new Uint8Array(Buffer.concat(parts));
}

const spaces = (bytes: number) => Buffer.alloc(bytes, 0x20);
const flate = (data: Buffer) => deflateSync(data, { level: 9 });
const hex = (data: Buffer) => Buffer.from(`${data.toString('hex')}>`);

/** Run-length data for `bytes` zeros: each pair of bytes repeats one byte 128 times. */
function runLengthZeros(bytes: number): Buffer {
  const pairs = Buffer.alloc((bytes / 128) * 2);
  for (let at = 0; at < pairs.length; at += 2) pairs[at] = 129;
  return Buffer.concat([pairs, Buffer.from([128])]);
}

/**
 * LZW codes (early change 1) for at least `bytes` zeros: 0, then each new code one zero longer than the last,
 * then the longest (4095, 3839 zeros) again and again, with the code widths a decoder expects.
 */
function lzwZeros(bytes: number): Buffer {
  const codes = [0];
  let written = 1;
  for (let code = 258; code < 4096 && written < bytes; code++) {
    codes.push(code);
    written += code - 256;
  }
  for (; written < bytes; written += 3839) codes.push(4095);
  codes.push(257);
  const out: number[] = [];
  let [width, nextCode, bits, bitCount] = [9, 258, 0, 0];
  codes.forEach((code, index) => {
    bits = (bits << width) | code;
    bitCount += width;
    while (bitCount >= 8) {
      bitCount -= 8;
      out.push((bits >>> bitCount) & 0xff);
    }
    bits &= (1 << bitCount) - 1;
    if (index > 0 && nextCode < 4096) nextCode++;
    if (nextCode + 1 >= 1 << width && width < 12) width++;
  });
  if (bitCount > 0) out.push((bits << (8 - bitCount)) & 0xff);
  return Buffer.from(out);
}

const refused = (pdf: Uint8Array) => expect(assertStreamsFit(pdf)).rejects.toBeInstanceOf(OversizedPdfStreamError);

describe('the stream guard', () => {
  it('lets generated papers through', async () => {
    for (const paper of [MAP_REDUCE_PAPER, SPANISH_PAPER]) {
      await expect(assertStreamsFit(new Uint8Array(await paperPdf(paper)))).resolves.toBeUndefined();
    }
  });

  it('lets a stream just under the cap through, and refuses one just over it', async () => {
    const under = flate(spaces(MAX_STREAM_BYTES));
    await expect(assertStreamsFit(pdfWith([{ dictionary: '/Filter /FlateDecode', data: under }]))).resolves.toBe(
      undefined,
    );
    await refused(pdfWith([{ dictionary: '/Filter /FlateDecode', data: flate(spaces(MAX_STREAM_BYTES + 1)) }]));
  });

  it('refuses a bomb however its filters are spelt, wrapped or stacked', async () => {
    const bomb = flate(spaces(BOMB_BYTES));
    await refused(pdfWith([{ dictionary: '/Filter /Fl#61teDecode', data: bomb }]));
    await refused(pdfWith([{ dictionary: '/Filter [/AHx /Fl]', data: hex(bomb) }]));
    await refused(pdfWith([{ dictionary: '/Filter [/FlateDecode /FlateDecode]', data: flate(bomb) }]));
    // A dictionary that names another filter, or names it by reference, does not hide zlib data.
    await refused(pdfWith([{ dictionary: '/Filter /ASCII85Decode', data: bomb }]));
    await refused(pdfWith([{ dictionary: '/Filter 7 0 R', data: bomb }]));
  });

  it('refuses Brotli, LZW and run-length bombs, which a reader decodes whole too', async () => {
    const brotli = brotliCompressSync(spaces(BOMB_BYTES), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    await refused(pdfWith([{ dictionary: '/Filter /BrotliDecode', data: brotli }]));
    await refused(pdfWith([{ dictionary: '/Filter /LZWDecode', data: lzwZeros(BOMB_BYTES) }]));
    await refused(pdfWith([{ dictionary: '/Filter /RunLengthDecode', data: runLengthZeros(BOMB_BYTES) }]));
  });

  it('allows an image the bytes of its declared pixels, but no more', async () => {
    const pixels = 9_000 * 9_000;
    const image = `/Subtype /Image /Width 9000 /Height 9000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`;
    await expect(assertStreamsFit(pdfWith([{ dictionary: image, data: flate(spaces(pixels)) }]))).resolves.toBe(
      undefined,
    );
    const small = image.replace('/Width 9000 /Height 9000', '/Width 100 /Height 100');
    await refused(pdfWith([{ dictionary: small, data: flate(spaces(pixels)) }]));
  });

  it('refuses many streams that each fit but together would fill the memory', async () => {
    const stream = { dictionary: '/Filter /FlateDecode', data: flate(spaces(MAX_STREAM_BYTES - MB)) };
    await expect(assertStreamsFit(pdfWith(Array.from({ length: 4 }, () => stream)))).resolves.toBeUndefined();
    await refused(pdfWith(Array.from({ length: 9 }, () => stream)));
  });

  it('leaves broken and encrypted-looking data to MuPDF', async () => {
    const broken = flate(spaces(MB)).subarray(0, 200);
    await expect(
      assertStreamsFit(pdfWith([{ dictionary: '/Filter /FlateDecode', data: Buffer.concat([broken, spaces(500)]) }])),
    ).resolves.toBeUndefined();
    await expect(assertStreamsFit(new Uint8Array(makePdf([['A page of text.']])))).resolves.toBeUndefined();
  });
});

describe('the decoders the guard uses', () => {
  it('decode LZW as PDF 32000-1 §7.4.4.2 shows, and the ASCII encodings', () => {
    const lzw = decode('LZWDecode', Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]), MB);
    expect(Buffer.from(lzw)).toEqual(Buffer.from([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]));
    expect(Buffer.from(decode('LZWDecode', lzwZeros(10 * MB), 20 * MB)).every((byte) => byte === 0)).toBe(true);
    // An odd last digit counts as followed by 0.
    expect(Buffer.from(decode('ASCIIHexDecode', Buffer.from('48 65 6C6c 6F 2>'), MB)).toString('latin1')).toBe(
      'Hello ',
    );
    expect(Buffer.from(decode('ASCII85Decode', Buffer.from('87cURD]i,"Ebo7~>'), MB)).toString()).toBe('Hello World');
    expect(decode('RunLengthDecode', Buffer.from([2, 65, 66, 67, 253, 68, 128]), MB)).toEqual(
      new Uint8Array([65, 66, 67, 68, 68, 68, 68]),
    );
  });
});
