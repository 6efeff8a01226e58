import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkPages, countWords, createChunker, pagesOfSpan, quotableParts, spanQuotable } from './chunking';
import { detectLanguage, searchConfigFor } from './language';

const sentence = (n: number) => `Sentence number ${n} has exactly seven words.`;

describe('chunkPages', () => {
  it('keeps every word once, in order, with the pages each passage spans', () => {
    const pages = [
      Array.from({ length: 30 }, (_, i) => sentence(i)).join(' '),
      '',
      Array.from({ length: 30 }, (_, i) => sentence(100 + i)).join(' '),
    ];
    const passages = chunkPages(pages, 120);
    expect(passages.map((passage) => passage.text).join(' ')).toBe(pages.filter(Boolean).join(' '));
    expect(passages[0]).toMatchObject({ ordinal: 0, pageStart: 1 });
    expect(passages.at(-1)?.pageEnd).toBe(3);
    const spanning = passages.find((passage) => passage.pageStart === 1 && passage.pageEnd === 3);
    expect(spanning).toBeDefined();
    for (const passage of passages.slice(0, -1)) {
      expect(countWords(passage.text)).toBeGreaterThanOrEqual(80);
      expect(countWords(passage.text)).toBeLessThanOrEqual(120);
      expect(passage.text).toMatch(/\.$/);
    }
  });

  it('returns nothing for pages without text', () => {
    expect(chunkPages(['', '   ', '\n'])).toEqual([]);
  });
});

describe('detectLanguage', () => {
  it.each([
    [
      'Die Ergebnisse zeigen, dass die Bodenerosion in den untersuchten Regionen deutlich zugenommen hat.',
      'de',
      'german',
    ],
    [
      'Los resultados muestran que la erosión del suelo ha aumentado claramente en las regiones estudiadas.',
      'es',
      'spanish',
    ],
    ['The results show that soil erosion has clearly increased in the regions that were studied.', 'en', 'english'],
    ['De resultaten laten zien dat de bodemerosie in de onderzochte gebieden duidelijk is toegenomen.', 'nl', 'dutch'],
  ])('%s → %s', (text, language, config) => {
    expect(detectLanguage(text)).toBe(language);
    expect(searchConfigFor(detectLanguage(text))).toBe(config);
  });

  it('says nothing for too little text and indexes unknown languages as simple', () => {
    expect(detectLanguage('ok')).toBeNull();
    expect(searchConfigFor(null)).toBe('simple');
    expect(searchConfigFor('ja')).toBe('simple');
  });
});

describe('createChunker', () => {
  it('cuts the same passages page by page as chunkPages does at once', () => {
    const pages = Array.from({ length: 40 }, (_, page) =>
      Array.from({ length: 11 + ((page * 7) % 23) }, (_, i) => sentence(page * 100 + i)).join(page % 3 ? ' ' : '\n'),
    );
    pages[5] = '';
    const chunker = createChunker(120);
    const streamed = [...pages.flatMap((text, index) => chunker.push(index + 1, text)), ...chunker.finish()];
    expect(streamed).toEqual(wholeDocumentPassages(pages, 120));
    expect(streamed.length).toBeGreaterThan(20);
  });
});

/** The cutting rule applied to the whole document at once (the oracle the page-by-page chunker must match). */
function wholeDocumentPassages(pages: string[], target: number) {
  const words = pages.flatMap((text, index) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, page: index + 1 })),
  );
  const passages: {
    ordinal: number;
    pageStart: number;
    pageEnd: number;
    text: string;
    pageBreaks: number[];
    unquotable: number[];
  }[] = [];
  let start = 0;
  while (start < words.length) {
    let end = Math.min(start + target, words.length);
    for (let candidate = end; candidate > start + Math.floor((target * 2) / 3); candidate--) {
      if (/[.!?]["')\]]?$/.test(words[candidate - 1]?.word ?? '')) {
        end = candidate;
        break;
      }
    }
    if (words.length - end < target / 4) end = words.length;
    const slice = words.slice(start, end);
    passages.push({
      ordinal: passages.length,
      pageStart: slice[0]?.page ?? 1,
      pageEnd: slice.at(-1)?.page ?? 1,
      text: slice.map((entry) => entry.word).join(' '),
      // Page p begins at the first word on page p or later.
      pageBreaks: Array.from({ length: (slice.at(-1)?.page ?? 1) - (slice[0]?.page ?? 1) }, (_, i) =>
        slice.findIndex((entry) => entry.page >= (slice[0]?.page ?? 1) + i + 1),
      ),
      unquotable: [],
    });
    start = end;
  }
  return passages;
}

describe('pagesOfSpan', () => {
  const pages = ['Alpha beta gamma.', '', 'Delta epsilon.', 'Zeta eta theta iota.'];
  const [passage] = chunkPages(pages, 120);
  const span = (words: string) => {
    const from = passage?.text.indexOf(words) ?? -1;
    return passage && pagesOfSpan(passage, from, from + words.length);
  };

  it('gives a stretch of a passage the pages its own words are on, past empty pages', () => {
    expect(passage).toMatchObject({ pageStart: 1, pageEnd: 4, pageBreaks: [3, 3, 5] });
    expect(span('Alpha beta gamma.')).toEqual({ pageStart: 1, pageEnd: 1 });
    expect(span('Delta epsilon.')).toEqual({ pageStart: 3, pageEnd: 3 });
    expect(span('Zeta eta')).toEqual({ pageStart: 4, pageEnd: 4 });
    expect(span('epsilon. Zeta')).toEqual({ pageStart: 3, pageEnd: 4 });
  });

  it("falls back to the passage's pages when it has no breaks", () => {
    expect(pagesOfSpan({ text: 'One two three.', pageStart: 2, pageEnd: 3 }, 4, 7)).toEqual({
      pageStart: 2,
      pageEnd: 3,
    });
  });
});

describe('unquotable ranges', () => {
  const [passage] = chunkPages([
    [
      { text: 'Soil loss grows with rainfall.', quotable: true },
      { text: '2 Methods', quotable: false },
      { text: 'We measured it in ten basins.', quotable: true },
      { text: 'Figure 1: The basins.', quotable: false },
    ],
  ]);
  const at = (words: string) => passage?.text.indexOf(words) ?? -1;

  it('marks the words of unquotable segments as word ranges of the passage', () => {
    expect(passage?.text).toBe(
      'Soil loss grows with rainfall. 2 Methods We measured it in ten basins. Figure 1: The basins.',
    );
    expect(passage?.unquotable).toEqual([5, 7, 13, 17]);
  });

  it('says whether a stretch of text touches an unquotable range', () => {
    if (!passage) throw new Error('no passage');
    const span = (words: string) => spanQuotable(passage, at(words), at(words) + words.length);
    expect(span('Soil loss grows with rainfall.')).toBe(true);
    expect(span('We measured it in ten basins.')).toBe(true);
    expect(span('2 Methods We measured it in ten basins.')).toBe(false);
    expect(span('Figure 1: The basins.')).toBe(false);
    expect(span('basins. Figure')).toBe(false);
  });

  it('gives the text between unquotable ranges', () => {
    if (!passage) throw new Error('no passage');
    expect(quotableParts(passage)).toEqual(['Soil loss grows with rainfall.', 'We measured it in ten basins.']);
    expect(quotableParts({ text: 'One two.', unquotable: [] })).toEqual(['One two.']);
  });

  it('keeps plain page strings quotable throughout', () => {
    expect(chunkPages(['Plain text of a page.'])[0]?.unquotable).toEqual([]);
  });
});

describe('countWords', () => {
  it('counts what splitting at \\s counts, for every kind of whitespace JavaScript knows', () => {
    const spaces = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u2028'];
    const more = ['\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u0085', '\u180e', 'x', 'é', '😀'];
    const piece = fc.oneof(fc.constantFrom(...spaces, ...more), fc.string({ maxLength: 4, unit: 'grapheme' }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(countWords(text)).toBe(text.split(/\s+/).filter(Boolean).length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts words across lines and leading or trailing spaces', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
    expect(countWords('  Soil erosion,\nin\u00a0upland basins. ')).toBe(5);
  });
});
