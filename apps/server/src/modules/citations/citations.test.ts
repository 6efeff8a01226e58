import type { CitationStyle } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import type { ToolSource } from '../generation/engine-types';
import { pageLocator, renderCitations } from './citations.render';

const source = (fields: Partial<ToolSource> & Pick<ToolSource, 'id' | 'title' | 'kind'>): ToolSource => ({
  authors: [],
  year: null,
  venue: null,
  doi: null,
  url: null,
  language: 'en',
  passages: [],
  ...fields,
});

const article = source({
  id: 'article',
  kind: 'paper',
  title: 'Deep learning for protein folding',
  authors: ['Anna Müller', 'John Smith'],
  year: 2020,
  venue: 'Journal of Molecular Biology',
  doi: '10.1000/jmb.2020.1',
});
const book = source({
  id: 'book',
  kind: 'document',
  title: 'The structure of scientific revolutions',
  authors: ['Thomas S. Kuhn'],
  year: 1962,
});
const webPage = source({
  id: 'web',
  kind: 'website',
  title: 'Climate change indicators',
  venue: 'Example Agency',
  url: 'https://example.org/climate',
});
const SOURCES = [article, book, webPage];

/** Article cited at page 4, the book at pages 12–13, the web page without a page, then article and book together. */
function render(style: CitationStyle, language: 'en' | 'de' = 'en') {
  return renderCitations({
    style,
    language,
    sources: SOURCES,
    groups: [
      [{ sourceId: 'article', locator: '4' }],
      [{ sourceId: 'book', locator: '12–13' }],
      [{ sourceId: 'web', locator: null }],
      [
        { sourceId: 'article', locator: null },
        { sourceId: 'book', locator: null },
      ],
    ],
    unknownAuthor: language === 'de' ? 'Unbekannter Autor' : 'Unknown author',
  });
}

// What the official CSL styles (apps/server/csl) print for these sparse sources: no volume, pages or publisher.
// How close they come to the style guides' own examples is in citations.style-guides.test.ts.
const EXPECTED: Record<CitationStyle, { inText: string[]; references: string[] }> = {
  apa7: {
    inText: [
      '(Müller & Smith, 2020, p. 4)',
      '(Kuhn, 1962, pp. 12–13)',
      '(Unknown author, n.d.)',
      '(Kuhn, 1962; Müller & Smith, 2020)',
    ],
    references: [
      'Kuhn, T. S. (1962). *The structure of scientific revolutions*.',
      'Müller, A., & Smith, J. (2020). Deep learning for protein folding. *Journal of Molecular Biology*. https://doi.org/10.1000/jmb.2020.1',
      'Unknown author. (n.d.). *Climate change indicators*. Example Agency. https://example.org/climate',
    ],
  },
  mla9: {
    inText: ['(Müller and Smith 4)', '(Kuhn 12–13)', '(Unknown author)', '(Müller and Smith; Kuhn)'],
    references: [
      'Kuhn, Thomas S. *The Structure of Scientific Revolutions*. 1962.',
      'Müller, Anna, and John Smith. “Deep Learning for Protein Folding.” *Journal of Molecular Biology*, 2020, https://doi.org/10.1000/jmb.2020.1.',
      'Unknown author. “Climate Change Indicators.” *Example Agency*, https://example.org/climate.',
    ],
  },
  'chicago-author-date': {
    inText: [
      '(Müller and Smith 2020, 4)',
      '(Kuhn 1962, 12–13)',
      '(Unknown author n.d.)',
      '(Müller and Smith 2020; Kuhn 1962)',
    ],
    references: [
      'Kuhn, Thomas S. 1962. *The Structure of Scientific Revolutions*.',
      'Müller, Anna, and John Smith. 2020. “Deep Learning for Protein Folding.” *Journal of Molecular Biology*. https://doi.org/10.1000/jmb.2020.1.',
      'Unknown author. n.d. “Climate Change Indicators.” Example Agency. https://example.org/climate.',
    ],
  },
  harvard: {
    inText: [
      '(Müller and Smith, 2020, p. 4)',
      '(Kuhn, 1962, pp. 12–13)',
      '(Unknown author, no date)',
      '(Kuhn, 1962; Müller and Smith, 2020)',
    ],
    references: [
      'Kuhn, T.S. (1962) *The structure of scientific revolutions*.',
      'Müller, A. and Smith, J. (2020) “Deep learning for protein folding,” *Journal of Molecular Biology* [Preprint]. doi:10.1000/jmb.2020.1.',
      'Unknown author (no date) *Climate change indicators*, *Example Agency*. Available at: https://example.org/climate.',
    ],
  },
  ieee: {
    inText: ['[1, p. 4]', '[2, pp. 12–13]', '[3]', '[1], [2]'],
    references: [
      '[1] A. Müller and J. Smith, “Deep learning for protein folding,” *Journal of Molecular Biology*, 2020, doi: 10.1000/jmb.2020.1.',
      '[2] T. S. Kuhn, *The structure of scientific revolutions*.1962.',
      '[3] Unknown author, “Climate change indicators,” *Example Agency*. https://example.org/climate',
    ],
  },
  vancouver: {
    inText: ['(1)', '(2)', '(3)', '(1,2)'],
    references: [
      '1. Müller A, Smith J. Deep learning for protein folding. Journal of Molecular Biology. 2020;',
      '2. Kuhn TS. The structure of scientific revolutions. 1962.',
      '3. Unknown author. Climate change indicators [Internet]. Example Agency. Available from: https://example.org/climate',
    ],
  },
  'din-1505-2': {
    inText: [
      '(Müller & Smith, 2020, p. 4)',
      '(Kuhn, 1962, pp. 12–13)',
      '(Unknown author)',
      '(Kuhn, 1962; Müller & Smith, 2020)',
    ],
    references: [
      'Kuhn, Thomas S.: *The structure of scientific revolutions*, 1962',
      'Müller, Anna ; Smith, John: Deep learning for protein folding. In: *Journal of Molecular Biology* (2020)',
      'Unknown author: *Climate change indicators*. URL https://example.org/climate. — Example Agency',
    ],
  },
};

describe('citation styles', () => {
  for (const [style, expected] of Object.entries(EXPECTED) as [CitationStyle, (typeof EXPECTED)[CitationStyle]][]) {
    it(`${style}: in-text citations and reference list for a journal article, a book and a web page`, () => {
      expect(render(style)).toEqual(expected);
    });
  }

  it('uses the output language’s terms where the style has them', () => {
    expect(render('apa7', 'de').inText).toEqual([
      '(Müller & Smith, 2020, S. 4)',
      '(Kuhn, 1962, S. 12–13)',
      '(Unbekannter Autor, o.\u00a0J.)',
      '(Kuhn, 1962; Müller & Smith, 2020)',
    ]);
    expect(render('din-1505-2', 'de')).toEqual({
      inText: [
        '(Müller & Smith, 2020, S. 4)',
        '(Kuhn, 1962, S. 12–13)',
        '(Unbekannter Autor)',
        '(Kuhn, 1962; Müller & Smith, 2020)',
      ],
      references: [
        'Kuhn, Thomas S.: *The structure of scientific revolutions*, 1962',
        'Müller, Anna ; Smith, John: Deep learning for protein folding. In: *Journal of Molecular Biology* (2020)',
        'Unbekannter Autor: *Climate change indicators*. URL https://example.org/climate. — Example Agency',
      ],
    });
    const italian = renderCitations({
      style: 'mla9',
      language: 'it',
      sources: SOURCES,
      groups: [[{ sourceId: 'article', locator: '4' }]],
      unknownAuthor: 'Autore sconosciuto',
    });
    expect(italian).toEqual({
      inText: ['(Müller e Smith 4)'],
      references: [
        'Müller, Anna, e John Smith. «Deep learning for protein folding». *Journal of Molecular Biology*, 2020, https://doi.org/10.1000/jmb.2020.1.',
      ],
    });
  });

  it('lists only the cited sources, and numbers them in order of first citation', () => {
    const { inText, references } = renderCitations({
      style: 'ieee',
      language: 'en',
      sources: SOURCES,
      groups: [
        [{ sourceId: 'web', locator: null }],
        [{ sourceId: 'book', locator: '3' }],
        [{ sourceId: 'web', locator: null }],
      ],
      unknownAuthor: 'Unknown author',
    });
    expect(inText).toEqual(['[1]', '[2, p. 3]', '[1]']);
    expect(references).toHaveLength(2);
    expect(references[0]).toMatch(/^\[1\] Unknown author, “Climate change indicators,”/);
    expect(references[1]).toMatch(/^\[2\] T\. S\. Kuhn,/);
  });

  it('tells apart two works of one author and year, lettered in reference-list order (by title)', () => {
    const second = source({ ...book, id: 'book-2', title: 'The essential tension' });
    const { inText, references } = renderCitations({
      style: 'apa7',
      language: 'en',
      sources: [book, second],
      groups: [[{ sourceId: 'book', locator: null }], [{ sourceId: 'book-2', locator: null }]],
      unknownAuthor: 'Unknown author',
    });
    expect(inText).toEqual(['(Kuhn, 1962b)', '(Kuhn, 1962a)']);
    expect(references).toEqual([
      'Kuhn, T. S. (1962a). *The essential tension*.',
      'Kuhn, T. S. (1962b). *The structure of scientific revolutions*.',
    ]);
  });

  it('gives a page or page range as the locator', () => {
    expect(pageLocator(4, 4)).toBe('4');
    expect(pageLocator(4, 5)).toBe('4–5');
    expect(pageLocator(null, null)).toBeNull();
  });
});
