import type { CitationStyle } from '@quire/contracts';
import { emptyRecord, type PaperRecord } from '../search/paper-record';
import { displayName, parseName } from './names';

/**
 * HELD-OUT SET, written before the official CSL styles were wired in and never tuned on: reference-list
 * entries as the style guides print them (APA Publication Manual, 7th ed., ch. 10; IEEE Reference Guide,
 * 2021), each with the record a user would enter for it. The expected text is Markdown as Quire renders
 * it (*italics*). A mismatch is a measured difference between the official style and its guide, not a
 * test to tune until it passes.
 */
export type StyleGuideExample = {
  id: string;
  style: CitationStyle;
  recordType: 'journal article' | 'book' | 'chapter' | 'conference paper' | 'web page';
  /** Where the guide prints it. */
  source: string;
  record: PaperRecord;
  expected: string;
};

function record(
  fields: Partial<PaperRecord> & { title: string; names: string[]; editorNames?: string[] },
): PaperRecord {
  const { names, editorNames, ...rest } = fields;
  const authorNames = names.map(parseName);
  return {
    ...emptyRecord('crossref', fields.title),
    catalogues: [],
    authorNames,
    authors: authorNames.map(displayName),
    ...(editorNames ? { editors: editorNames.map(parseName) } : {}),
    ...rest,
  };
}

export const STYLE_GUIDE_EXAMPLES: StyleGuideExample[] = [
  {
    id: 'apa-journal',
    style: 'apa7',
    recordType: 'journal article',
    source: 'APA 7 §10.1, example 1',
    record: record({
      names: ['Grady, J. S.', 'Her, M.', 'Moreno, G.', 'Perez, C.', 'Yelinek, J.'],
      title:
        'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States',
      year: 2019,
      venue: 'Psychology of Popular Media Culture',
      volume: '8',
      issue: '3',
      pages: '207–217',
      doi: '10.1037/ppm0000185',
      kind: 'journal-article',
    }),
    expected:
      'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. *Psychology of Popular Media Culture*, *8*(3), 207–217. https://doi.org/10.1037/ppm0000185',
  },
  {
    id: 'apa-book',
    style: 'apa7',
    recordType: 'book',
    source: 'APA 7 §10.2, example 20',
    record: record({
      names: ['Jackson, L. M.'],
      title: 'The psychology of prejudice: From attitudes to social action',
      year: 2019,
      edition: '2',
      publisher: 'American Psychological Association',
      doi: '10.1037/0000168-000',
      kind: 'book',
    }),
    expected:
      'Jackson, L. M. (2019). *The psychology of prejudice: From attitudes to social action* (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
  },
  {
    id: 'apa-chapter',
    style: 'apa7',
    recordType: 'chapter',
    source: 'APA 7 §10.3, example 38',
    record: record({
      names: ['Aron, L.', 'Botella, M.', 'Lubart, T.'],
      editorNames: ['Subotnik, R. F.', 'Olszewski-Kubilius, P.', 'Worrell, F. C.'],
      title: 'Culinary arts: Talent and their development',
      year: 2019,
      venue: 'The psychology of high performance: Developing human potential into domain-specific talent',
      pages: '345–359',
      publisher: 'American Psychological Association',
      doi: '10.1037/0000120-016',
      kind: 'book-chapter',
    }),
    expected:
      'Aron, L., Botella, M., & Lubart, T. (2019). Culinary arts: Talent and their development. In R. F. Subotnik, P. Olszewski-Kubilius, & F. C. Worrell (Eds.), *The psychology of high performance: Developing human potential into domain-specific talent* (pp. 345–359). American Psychological Association. https://doi.org/10.1037/0000120-016',
  },
  {
    id: 'apa-conference',
    style: 'apa7',
    recordType: 'conference paper',
    source: 'APA 7 §10.5, example 63 (proceedings published in a journal)',
    record: record({
      names: ['Duckworth, A. L.', 'Quirk, A.', 'Gallop, R.', 'Hoyle, R. H.', 'Kelly, D. R.', 'Matthews, M. D.'],
      title: 'Cognitive and noncognitive predictors of success',
      year: 2019,
      venue: 'Proceedings of the National Academy of Sciences, USA',
      volume: '116',
      issue: '47',
      pages: '23499–23504',
      doi: '10.1073/pnas.1910510116',
      kind: 'proceedings-article',
    }),
    expected:
      'Duckworth, A. L., Quirk, A., Gallop, R., Hoyle, R. H., Kelly, D. R., & Matthews, M. D. (2019). Cognitive and noncognitive predictors of success. *Proceedings of the National Academy of Sciences, USA*, *116*(47), 23499–23504. https://doi.org/10.1073/pnas.1910510116',
  },
  {
    id: 'apa-webpage',
    style: 'apa7',
    recordType: 'web page',
    source: 'APA 7 §10.16, example 111',
    record: record({
      names: ['{Centers for Disease Control and Prevention}'],
      title: 'People at high risk of developing flu–related complications',
      year: 2018,
      issuedDate: '2018-01-23',
      url: 'https://www.cdc.gov/flu/about/disease/high_risk.htm',
      kind: 'webpage',
    }),
    expected:
      'Centers for Disease Control and Prevention. (2018, January 23). *People at high risk of developing flu–related complications*. https://www.cdc.gov/flu/about/disease/high_risk.htm',
  },
  {
    id: 'ieee-journal',
    style: 'ieee',
    recordType: 'journal article',
    source: 'IEEE Reference Guide 2021, periodicals',
    record: record({
      names: ['Liu, G.', 'Lee, K. Y.', 'Jordan, H. F.'],
      title: 'TDM and TWDM de Bruijn networks and shufflenets for optical communications',
      year: 1997,
      issuedDate: '1997-06',
      venue: 'IEEE Trans. Comput.',
      volume: '46',
      issue: '6',
      pages: '695–701',
      kind: 'journal-article',
    }),
    expected:
      '[1] G. Liu, K. Y. Lee, and H. F. Jordan, “TDM and TWDM de Bruijn networks and shufflenets for optical communications,” *IEEE Trans. Comput.*, vol. 46, no. 6, pp. 695–701, Jun. 1997.',
  },
  {
    id: 'ieee-book',
    style: 'ieee',
    recordType: 'book',
    source: 'IEEE Reference Guide 2021, books',
    record: record({
      names: ['Klaus, B.', 'Horn, P.'],
      title: 'Robot Vision',
      year: 1986,
      publisher: 'MIT Press',
      place: 'Cambridge, MA, USA',
      kind: 'book',
    }),
    expected: '[1] B. Klaus and P. Horn, *Robot Vision*. Cambridge, MA, USA: MIT Press, 1986.',
  },
  {
    id: 'ieee-chapter',
    style: 'ieee',
    recordType: 'chapter',
    source: 'IEEE Reference Guide 2021, books (chapter in an edited book)',
    record: record({
      names: ['Bourne, J. E.'],
      editorNames: ['Peters, J.'],
      title: 'Synthetic structure of industrial plastics',
      year: 1964,
      venue: 'Plastics',
      edition: '2',
      volume: '3',
      pages: '15–67',
      publisher: 'McGraw-Hill',
      place: 'New York, NY, USA',
      kind: 'book-chapter',
    }),
    expected:
      '[1] J. E. Bourne, “Synthetic structure of industrial plastics,” in *Plastics*, 2nd ed., vol. 3, J. Peters, Ed. New York, NY, USA: McGraw-Hill, 1964, pp. 15–67.',
  },
  {
    id: 'ieee-conference',
    style: 'ieee',
    recordType: 'conference paper',
    source: 'IEEE Reference Guide 2021, conference proceedings',
    record: record({
      names: ['Bingulac, S. P.'],
      title: 'On the compatibility of adaptive controllers',
      year: 1994,
      venue: 'Proc. 4th Annu. Allerton Conf. Circuit and Systems Theory',
      place: 'New York',
      pages: '8–16',
      kind: 'proceedings-article',
    }),
    expected:
      '[1] S. P. Bingulac, “On the compatibility of adaptive controllers,” in *Proc. 4th Annu. Allerton Conf. Circuit and Systems Theory*, New York, 1994, pp. 8–16.',
  },
  {
    id: 'ieee-webpage',
    style: 'ieee',
    recordType: 'web page',
    source: 'IEEE Reference Guide 2021, websites',
    record: record({
      names: ['Smith, J.'],
      title: 'Obama inaugurated as President',
      venue: 'CNN.com',
      url: 'http://www.cnn.com/POLITICS/01/21/obama_inaugurated/index.html',
      accessed: '2009-02-01',
      kind: 'webpage',
    }),
    expected:
      '[1] J. Smith. “Obama inaugurated as President.” CNN.com. Accessed: Feb. 1, 2009. [Online.] Available: http://www.cnn.com/POLITICS/01/21/obama_inaugurated/index.html',
  },
];
