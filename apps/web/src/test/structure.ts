import type { DocumentOutline } from '@quire/contracts';

/** Long enough to start folded. */
export const ABSTRACT = `Heavy rain washes soil off farmland. ${'Cover crops slow the water down and hold the soil. '.repeat(6)}`;

/** A paper as GET /doc/documents/:id/structure answers it: front matter, sections, captions, references. */
export function aStructure(overrides: Partial<DocumentOutline> = {}): DocumentOutline {
  return {
    title: 'Cover crops against soil erosion',
    authors: ['Ada Lovelace', 'Jan van der Berg', 'Grace Hopper'],
    affiliations: ['University of Utrecht'],
    abstract: ABSTRACT,
    keywords: ['soil erosion', 'cover crops'],
    doi: '10.1000/soil.2021.7',
    year: 2021,
    language: 'en',
    headings: [
      { text: 'Introduction', number: '1', level: 1, page: 1 },
      { text: 'Methods', number: '2', level: 1, page: 3 },
      { text: 'Field sites', number: '2.1', level: 2, page: 3 },
      { text: 'Measurements', number: '2.2', level: 2, page: 4 },
      { text: 'Acknowledgements', number: null, level: 1, page: 9 },
    ],
    captions: [
      { kind: 'figure', label: 'Figure 1', text: 'The field sites.', page: 3 },
      { kind: 'figure', label: 'Figure 2', text: 'Soil lost per plot.', page: 5 },
      { kind: 'table', label: 'Table 1', text: 'Rainfall per month.', page: 4 },
    ],
    footnotes: [],
    references: [
      {
        label: '1',
        text: '[1] Smith, J. (2019). Rain and soil. Soil Science 12, 3–9.',
        authors: ['J. Smith'],
        year: 2019,
        title: 'Rain and soil',
        venue: 'Soil Science',
        doi: null,
        page: 9,
      },
      {
        label: '2',
        text: '[2] Jones, K. (2020). Roots hold the ground. Geoderma 40, 1–12.',
        authors: ['K. Jones'],
        year: 2020,
        title: 'Roots hold the ground',
        venue: 'Geoderma',
        doi: null,
        page: 9,
      },
    ],
    ...overrides,
  };
}
