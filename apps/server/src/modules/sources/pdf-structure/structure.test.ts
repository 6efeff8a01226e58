import { DocumentStructure } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { readStructure } from './structure';
import { layoutPage, prose } from './synthetic-layouts';
import { TUNING_PAPERS } from './tuning-papers';

const byName = (part: string) => {
  const paper = TUNING_PAPERS.find((candidate) => candidate.name.includes(part));
  if (!paper) throw new Error(`no tuning paper named like ${part}`);
  return paper;
};

describe('readStructure on the tuning set', () => {
  it.each(TUNING_PAPERS.map((paper) => [paper.name, paper] as const))('reads the header of the %s', (_name, paper) => {
    const structure = readStructure(paper.pages);
    expect(structure.title).toBe(paper.truth.title);
    expect(structure.authors).toEqual(paper.truth.authors);
    expect(structure.year).toBe(paper.truth.year);
    expect(structure.doi).toBe(paper.truth.doi);
  });

  it('gives a structure the contract accepts', () => {
    for (const paper of TUNING_PAPERS) expect(() => DocumentStructure.parse(readStructure(paper.pages))).not.toThrow();
  });
});

describe('readStructure on a journal article', () => {
  const structure = readStructure(byName('journal article').pages);

  it('keeps affiliations, abstract and keywords apart from the authors', () => {
    expect(structure.affiliations).toEqual([
      'Department of Geography, University of Leeds, Leeds LS2 9JT, United Kingdom',
      'Instituto de Hidrología, Universidad de Granada, Spain',
    ]);
    expect(structure.abstract).toMatch(/^Soil moisture controls .* north and south facing slopes\.$/);
    expect(structure.keywords).toEqual(['runoff', 'soil moisture', 'thresholds', 'hillslope hydrology']);
  });

  it('finds numbered headings with their level, and the reference list heading', () => {
    expect(structure.headings.map(({ text, number, level, page }) => [text, number, level, page])).toEqual([
      ['Introduction', '1', 1, 1],
      ['Study area and methods', '2', 1, 2],
      ['Field sites', '2.1', 2, 2],
      ['References', null, 1, 3],
    ]);
  });

  it('reads figure and table captions, and a footnote kept out of the body', () => {
    expect(structure.captions.map(({ kind, label, page }) => [kind, label, page])).toEqual([
      ['figure', 'Fig. 1', 2],
      ['table', 'Table 2', 2],
    ]);
    expect(structure.footnotes).toEqual([
      { marker: '*', text: 'Corresponding author. E-mail address: h.collins@leeds.ac.uk (H.J. Collins).', page: 1 },
    ]);
    expect(structure.paragraphs.some((paragraph) => paragraph.text.includes('Corresponding author'))).toBe(false);
  });

  it('joins a paragraph over a page break and says on which pages its sentence lies', () => {
    const paragraph = structure.paragraphs.find((candidate) =>
      candidate.text.includes('The records end in the third winter'),
    );
    expect(paragraph).toMatchObject({ page: 2, pageEnd: 3 });
    const sentence = structure.sentences.find((candidate) => candidate.text.startsWith('The records end in'));
    expect(sentence).toMatchObject({ kind: 'body', page: 2, pageEnd: 3 });
  });

  it('splits the numbered reference list and parses each entry', () => {
    expect(
      structure.references.map(({ label, authors, year, title, venue, doi }) => ({
        label,
        authors,
        year,
        title,
        venue,
        doi,
      })),
    ).toEqual([
      {
        label: '1',
        authors: ['J. Smith', 'K. Lee', 'A. Brown'],
        year: 2004,
        title: 'Runoff thresholds in humid catchments',
        venue: 'Water Resources Research',
        doi: null,
      },
      {
        label: '2',
        authors: ['R. Jones'],
        year: 2001,
        title: 'Measuring small streams with weirs',
        venue: 'Proceedings of the Hydrology Conference',
        doi: null,
      },
      {
        label: '3',
        authors: ['M. van der Berg', 'P. Ortiz'],
        year: 2005,
        title: 'Soil water and slope aspect',
        venue: 'Hydrological Letters',
        doi: '10.5555/hl.2005.0012',
      },
    ]);
  });

  it('never turns running heads, footers or page numbers into sentences', () => {
    const texts = structure.sentences.map((sentence) => sentence.text).join('\n');
    expect(texts).not.toContain('H.J. Collins et al. /');
    expect(texts).not.toContain('All rights reserved');
    expect(structure.sentences.filter((sentence) => sentence.kind === 'reference')).toHaveLength(3);
  });

  it('places each sentence inside its page, with an abbreviation kept inside its sentence', () => {
    const sentence = structure.sentences.find((candidate) => candidate.text.startsWith('How a catchment'));
    expect(sentence?.text).toBe(
      'How a catchment turns rain into streamflow has long been studied (e.g. Smith et al., 2004).',
    );
    for (const { box, page } of structure.sentences) {
      expect(box.x0).toBeLessThan(box.x1);
      expect(box.y0).toBeLessThan(box.y1);
      expect(box.y1).toBeLessThanOrEqual(842);
      expect(page).toBeGreaterThanOrEqual(1);
    }
    expect(structure.sentences.find((candidate) => candidate.kind === 'title')).toMatchObject({
      page: 1,
      box: { y0: expect.any(Number) },
    });
  });
});

describe('readStructure on an arXiv preprint in two columns', () => {
  const structure = readStructure(byName('arXiv').pages);

  it('reads author–year references with a hanging indent', () => {
    expect(structure.references.map(({ authors, year, title, venue }) => ({ authors, year, title, venue }))).toEqual([
      {
        authors: ['Karlsson, V.', 'Ortega, B.', 'Moon, S.'],
        year: 2020,
        title: 'Dense vectors for searching long legal documents',
        venue: 'Proceedings of the Legal NLP Workshop',
      },
      {
        authors: ['Novak, P.', 'Ziegler, H.'],
        year: 2009,
        title: 'The weighting of terms in long texts: a study of patents',
        venue: 'Journal of Text Retrieval Studies',
      },
    ]);
  });

  it('splits affiliations set on one line and keeps the mail line as contact', () => {
    expect(structure.affiliations).toContain('Example Research Lab');
    expect(structure.affiliations).toContain('University of Turin');
  });

  it('lists sentences of every kind in reading order', () => {
    const kinds = structure.sentences.map((sentence) => sentence.kind);
    expect(kinds.slice(0, 7)).toEqual(['title', 'author', 'author', 'author', 'author', 'author', 'affiliation']);
    expect(kinds.indexOf('abstract')).toBeLessThan(kinds.indexOf('heading'));
    expect(kinds.lastIndexOf('reference')).toBe(kinds.length - 1);
    const pages = structure.sentences.map((sentence) => sentence.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
  });

  it('keeps footnotes out of the abstract', () => {
    expect(structure.abstract).not.toContain('Equal contribution');
    expect(structure.sentences.filter((s) => s.kind === 'footnote').map((s) => s.text)).toEqual([
      '∗ Equal contribution.',
      '† Corresponding author.',
    ]);
  });
});

describe('readStructure on an ACM paper', () => {
  const structure = readStructure(byName('ACM').pages);

  it('reads side-by-side author blocks with their affiliations', () => {
    expect(structure.affiliations).toEqual(
      expect.arrayContaining(['Acme Cloud Inc.', 'Universidad de Chile', 'Trinity College Dublin']),
    );
  });

  it('keeps subject classes and the reference format out of the body', () => {
    const body = structure.sentences.filter((sentence) => sentence.kind === 'body').map((sentence) => sentence.text);
    expect(body.join(' ')).not.toMatch(/Information systems|Reference Format/);
    expect(structure.keywords).toEqual(['query plans', 'multi-tenancy', 'caching']);
  });
});

describe('readStructure in other languages', () => {
  it('keeps a structured abstract whole and splits keywords at full stops', () => {
    const structure = readStructure(byName('Spanish').pages);
    expect(structure.abstract).toBe(
      'Objetivos Medir la calidad del agua en 30 puntos del río, p. ej. nitratos y fosfatos. Métodos Se tomaron muestras cada mes durante dos años.',
    );
    expect(structure.keywords).toEqual(['calidad del agua', 'Nitratos', 'Ríos']);
    expect(structure.headings.map((heading) => heading.text)).toEqual(['Introducción']);
  });

  it.each([
    ['German journal', 'Zusammenfassung', ['Abfluss', 'Bodenfeuchte', 'Einzugsgebiet'], 'de'],
    ['French', 'Résumé', ['requêtes', 'résumé', 'entrepôt de données'], 'fr'],
    ['Portuguese', 'Resumo', ['aleitamento materno', 'saúde infantil', 'inquérito'], 'pt'],
    ['Italian journal', 'Riassunto', ['reti', 'trasporto pubblico', 'grafi'], 'it'],
    ['Dutch journal', 'Samenvatting', ['grondwater', 'veen', 'droogte'], 'nl'],
  ])('reads the %s paper’s abstract (%s) and keywords', (name, _label, keywords, language) => {
    const structure = readStructure(byName(name).pages);
    expect(structure.abstract?.length).toBeGreaterThan(60);
    expect(structure.keywords).toEqual(keywords);
    expect(structure.language).toBe(language);
    expect(structure.headings).toHaveLength(1);
  });

  it('keeps "z. B." and "p. ex." inside their sentences', () => {
    const german = readStructure(byName('German journal').pages).sentences.filter((s) => s.kind === 'abstract');
    expect(german.map((s) => s.text)).toEqual([
      'Wir untersuchen, wie die Bodenfeuchte den Abfluss steuert, z. B. nach starkem Regen.',
      'Die Messungen umfassen drei Jahre.',
    ]);
  });
});

describe('readStructure on thesis title pages', () => {
  it('takes the supervisor for no author, whatever the label', () => {
    for (const name of ['Italian bachelor', 'German master', 'Dutch bachelor']) {
      const structure = readStructure(byName(name).pages);
      expect(structure.authors).toHaveLength(1);
      expect(structure.authors.join()).not.toMatch(/Verdi|Keller|Weiß|van Dam/);
    }
  });

  it('does not start the references at the table of contents’ "Literatur" line', () => {
    const structure = readStructure(byName('German master').pages);
    expect(structure.headings.map((heading) => [heading.text, heading.page])).toEqual([
      ['Grundlagen', 4],
      ['Literatur', 5],
    ]);
    expect(structure.paragraphs.map((paragraph) => paragraph.page)).toEqual([4]);
    expect(structure.references.map((reference) => [reference.label, reference.year])).toEqual([
      ['1', 1967],
      ['2', 1998],
    ]);
  });

  it('reads a title page with no abstract and a preface-less body', () => {
    const structure = readStructure(byName('Italian bachelor').pages);
    expect(structure.abstract).toMatch(/^Questa tesi descrive/);
    expect(structure.headings.map((heading) => heading.text)).toEqual(['Introduzione']);
  });
});

describe('readStructure on unusual pages', () => {
  it('gives an empty structure for no pages and for blank pages', () => {
    for (const pages of [[], [layoutPage(1, [])]]) {
      const structure = readStructure(pages);
      expect(structure).toMatchObject({ title: null, authors: [], abstract: null, sentences: [] });
    }
  });

  it('finds a title the layout marked as a running head on the first page', () => {
    const pages = [
      layoutPage(1, [
        { lines: ['Quiet Rivers and Loud Floods'], size: 18, role: 'header' },
        { lines: ['Ada Lovelace'], size: 11 },
        { lines: ['Abstract'], size: 10, bold: true },
        { lines: prose('Rivers are quiet until they flood, and then they are loud for a short while only.'), size: 10 },
      ]),
    ];
    expect(readStructure(pages)).toMatchObject({ title: 'Quiet Rivers and Loud Floods', authors: ['Ada Lovelace'] });
  });

  it('keeps running text of a first page with neither abstract nor heading as body', () => {
    const pages = [
      layoutPage(1, [
        { lines: ['Notes on Small Rivers'], size: 16 },
        { lines: ['Alan Turing'], size: 11 },
        {
          lines: prose(
            `Small rivers are measured less often than large ones. ${'They matter for floods all the same. '.repeat(6)}`,
          ),
          size: 10,
        },
      ]),
    ];
    const structure = readStructure(pages);
    expect(structure.title).toBe('Notes on Small Rivers');
    expect(structure.paragraphs.map((paragraph) => paragraph.text)).toEqual([
      expect.stringMatching(/^Small rivers are measured less often than large ones\./),
    ]);
    expect(structure.sentences.filter((sentence) => sentence.kind === 'body')).toHaveLength(7);
  });

  it('does not take a large journal name for the title', () => {
    const pages = [
      layoutPage(1, [
        { lines: ['Journal of Applied Examples'], size: 22, bold: true },
        { lines: ['Measuring the Unmeasurable in Small Rivers'], size: 16, gap: 20 },
        { lines: ['Ada Lovelace and Alan Turing'], size: 11 },
        { lines: ['Abstract'], size: 10, bold: true },
        {
          lines: prose('We measure rivers that nobody measured before, with cheap sensors and some patience.'),
          size: 9,
        },
      ]),
    ];
    expect(readStructure(pages)).toMatchObject({
      title: 'Measuring the Unmeasurable in Small Rivers',
      authors: ['Ada Lovelace', 'Alan Turing'],
    });
  });
});
