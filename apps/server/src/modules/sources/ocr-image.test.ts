import { describe, expect, it } from 'vitest';
import { encodePgm } from './ocr-image';
import { tidyText } from './ocr-text';

describe('images for OCR', () => {
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
