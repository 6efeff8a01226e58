import { describe, expect, it } from 'vitest';
import { cleanGlyphs } from './glyphs';

describe('cleaning the glyphs of a line', () => {
  it('spells out ligatures', () => {
    expect(cleanGlyphs('ﬁnd the ﬂow, eﬀect, eﬃcient, baﬄe')).toBe('find the flow, effect, efficient, baffle');
  });

  it('puts spacing accents on the letter after them, as TeX sets them', () => {
    expect(cleanGlyphs('Zolt´an Gy¨ongyi')).toBe('Zoltán Gyöngyi');
    expect(cleanGlyphs('ˆetre, ˜nandu, ˇCech, Tom`as')).toBe('être, ñandu, Čech, Tomàs');
  });

  it('puts an accent set over a dotless i or j on the i or j, not on the letter before', () => {
    expect(cleanGlyphs('na¨ıve Hassan A¨ıt-Kaci')).toBe('naïve Hassan Aït-Kaci');
    expect(cleanGlyphs('nai\u0308ve, na\u0131\u0308ve')).toBe('naïve, naïve');
  });

  it('puts a spacing accent on the letter before it when the letter after cannot take it', () => {
    expect(cleanGlyphs('cafe´ au lait')).toBe('café au lait');
    expect(cleanGlyphs('a´q')).toBe('áq');
  });

  it('composes combining marks, written after their letter or before it (NFC)', () => {
    expect(cleanGlyphs('Jose\u0301 and \u0308ubel')).toBe('José and übel');
    expect(cleanGlyphs('Jose\u0301')).toHaveLength(4);
  });

  it('leaves grave accents used as quotes, and accents with no letter beside them', () => {
    expect(cleanGlyphs("``quoted'' and `code`")).toBe("``quoted'' and `code`");
    expect(cleanGlyphs('a ´ b')).toBe('a ´ b');
  });
});
