import { emptyRecord, type PaperRecord } from '../search/paper-record';
import { displayName, type PersonName, parseName } from './names';

/**
 * Test references: the five record types the style guides show, with the names and characters that
 * break reference tools (umlauts, accents, braces, ampersands, particles, organisations, Spanish double
 * surnames, a suffix, a non-Latin title). Used by the export round trips and the style-guide tests.
 */
function record(fields: Partial<PaperRecord> & { title: string; names: string[] }): PaperRecord {
  const { names, ...rest } = fields;
  const authorNames: PersonName[] = names.map(parseName);
  return {
    ...emptyRecord('crossref', fields.title),
    catalogues: [],
    authorNames,
    authors: authorNames.map(displayName),
    ...rest,
  };
}

export const JOURNAL_ARTICLE = record({
  title: 'Augmenting large language models with chemistry tools',
  names: [
    'Bran, Andres M.',
    'Cox, Sam',
    'Schilter, Oliver',
    'Baldassari, Carlo',
    'White, Andrew D.',
    'Schwaller, Philippe',
  ],
  year: 2024,
  issuedDate: '2024-05',
  venue: 'Nature Machine Intelligence',
  volume: '6',
  issue: '5',
  pages: '525–535',
  doi: '10.1038/s42256-024-00832-8',
  publisher: 'Springer Science and Business Media LLC',
  issn: '2522-5839',
  language: 'en',
  kind: 'journal-article',
});

export const BOOK = record({
  title: 'Cien años de soledad',
  names: ['García Márquez, Gabriel'],
  year: 1967,
  publisher: 'Editorial Sudamericana',
  place: 'Buenos Aires',
  edition: '1',
  isbn: '978-84-376-0494-7',
  language: 'es',
  kind: 'book',
});

export const CHAPTER = record({
  title: 'Über die Grenzen der Erklärbarkeit: Modelle & Messungen',
  names: ['van der Berg, Anna', 'Müller-Lüdenscheidt, Jürgen'],
  editors: [parseName('de la Cruz, María José'), parseName('King, Jr., Martin Luther')],
  year: 2021,
  venue: 'Handbuch der Wissenschaftsforschung',
  pages: '117–142',
  publisher: 'Springer VS',
  place: 'Wiesbaden',
  edition: '2',
  isbn: '978-3-658-12345-6',
  doi: '10.1007/978-3-658-12345-6_7',
  language: 'de',
  kind: 'book-chapter',
});

export const CONFERENCE_PAPER = record({
  title: 'Fast detection of Escherichia coli in drinking water',
  titleMarkup: 'Fast detection of <span class="nocase">Escherichia coli</span> in drinking water',
  names: ['{World Health Organization}', 'Dupont, Élodie', "O'Neil, Seán"],
  year: 2019,
  issuedDate: '2019-09-12',
  venue: 'Proceedings of the 12th International Conference on Water & Health',
  pages: '45–52',
  publisher: 'IWA Publishing',
  place: 'London',
  doi: '10.2166/wh.2019.045',
  kind: 'proceedings-article',
});

export const WEB_PAGE = record({
  title: 'Novel coronavirus (2019-nCoV): Situation report 1',
  names: ['{World Health Organization}'],
  year: 2020,
  issuedDate: '2020-01-21',
  venue: 'World Health Organization',
  url: 'https://www.who.int/emergencies/diseases/novel-coronavirus-2019/situation-reports_1',
  accessed: '2024-03-05',
  language: 'en',
  kind: 'webpage',
});

export const NON_LATIN = record({
  title: '深層学習による日本語の文章要約',
  names: ['山田, 太郎', 'Иванов, Иван'],
  year: 2022,
  venue: '自然言語処理',
  volume: '29',
  issue: '3',
  pages: '812–840',
  articleNumber: null,
  language: 'ja',
  kind: 'journal-article',
});

export const ARTICLE_NUMBER = record({
  title: 'Birdsong & the brain: an article-number example',
  names: ['Ludwig van Beethoven', 'De Gaulle, Charles'],
  year: 2023,
  venue: 'PLOS ONE',
  volume: '18',
  issue: '2',
  articleNumber: 'e0281234',
  doi: '10.1371/journal.pone.0281234',
  kind: 'journal-article',
});

/** Every test reference with the id it is exported under; two ids share their first 20 characters. */
export const TEST_REFERENCES: { id: string; record: PaperRecord }[] = [
  { id: 'doi:10.1093/obo/9780199830060-0238', record: JOURNAL_ARTICLE },
  { id: 'doi:10.1093/obo/9780199756384-0123', record: BOOK },
  { id: 'doi:10.1007/978-3-658-12345-6_7', record: CHAPTER },
  { id: 'doi:10.2166/wh.2019.045', record: CONFERENCE_PAPER },
  { id: '5f0b8a9e-3c1d-4c53-9a0e-0b7d2f4e8a11', record: WEB_PAGE },
  { id: 'title:深層学習による日本語の文章要約', record: NON_LATIN },
  { id: 'doi:10.1371/journal.pone.0281234', record: ARTICLE_NUMBER },
];
