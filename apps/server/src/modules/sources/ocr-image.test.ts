import { describe, expect, it } from 'vitest';
import { encodePgm, shrinkToFit, toGrayImage } from './ocr-image';
import { tidyText } from './ocr-text';

describe('images as pdf.js hands them over', () => {
  it('unpacks 1-bit images, where a set bit is white, row by row padded to a byte', () => {
    // 10 pixels wide: two bytes a row. Row 1 all black but the first pixel; row 2 all white but the last.
    const data = new Uint8Array([0b1000_0000, 0b0000_0000, 0b1111_1111, 0b1000_0000]);
    const image = toGrayImage({ width: 10, height: 2, kind: 1, data });
    expect(image?.pixels).toEqual(
      new Uint8Array([255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0]),
    );
  });

  it('turns RGB into luma and lays transparent RGBA pixels on white paper', () => {
    const rgb = toGrayImage({ width: 2, height: 1, kind: 2, data: new Uint8Array([255, 0, 0, 10, 10, 10]) });
    expect(rgb?.pixels).toEqual(new Uint8Array([76, 10]));
    const rgba = toGrayImage({ width: 2, height: 1, kind: 3, data: new Uint8Array([0, 0, 0, 255, 0, 0, 0, 0]) });
    expect(rgba?.pixels).toEqual(new Uint8Array([0, 255]));
  });

  it('refuses a layout it does not know or data shorter than the size says', () => {
    expect(toGrayImage({ width: 2, height: 2, kind: 7, data: new Uint8Array(16) })).toBeNull();
    expect(toGrayImage({ width: 2, height: 2, kind: 2, data: new Uint8Array(5) })).toBeNull();
    expect(toGrayImage({ width: 2, height: 2, kind: 2 })).toBeNull();
  });

  it('scales a huge image down by averaging blocks, and leaves others alone', () => {
    const image = { width: 4, height: 2, pixels: new Uint8Array([0, 100, 200, 200, 100, 200, 0, 0]) };
    expect(shrinkToFit(image, 8)).toBe(image);
    expect(shrinkToFit(image, 2)).toEqual({ width: 2, height: 1, pixels: new Uint8Array([100, 100]) });
  });

  it('writes binary PGM: a header with the size, then the pixels', () => {
    const pgm = encodePgm({ width: 3, height: 1, pixels: new Uint8Array([0, 128, 255]) });
    expect(pgm.subarray(0, 11).toString('latin1')).toBe('P5\n3 1\n255\n');
    expect([...pgm.subarray(11)]).toEqual([0, 128, 255]);
  });
});

describe('tidying page text', () => {
  it('joins words hyphenated at a line end, but keeps hyphens in compounds and before capitals', () => {
    expect(tidyText('die Unter-\nsuchung und Nord-\nSüd-Gefälle, E-Mail')).toBe(
      'die Untersuchung und Nord-\nSüd-Gefälle, E-Mail',
    );
    expect(tidyText('evalu\u00ad\nation')).toBe('evaluation');
  });

  it('collapses stray spaces and blank lines', () => {
    expect(tidyText('  Erste  Zeile \t \n\n\n\n Zweite\u00a0 Zeile \r\n')).toBe('Erste Zeile\n\nZweite Zeile');
  });
});
