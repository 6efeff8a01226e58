import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLocalServer } from '../../sources/website/test-server';
import { arxivConnector, parseArxivFeed } from './arxiv';
import { CatalogueError, retryAfterMs } from './catalogue-http';
import { parseCrossrefWork, parseCrossrefWorks } from './crossref';
import { parseOpenAlexWork, parseOpenAlexWorks } from './openalex';
import { parseS2Papers } from './semantic-scholar';

const RECORDINGS = join(import.meta.dirname, '../../../test/recorded-apis');
const text = (file: string) => readFileSync(join(RECORDINGS, file), 'utf8');
const json = (file: string) => JSON.parse(text(file));

describe('OpenAlex works (recorded list and single work)', () => {
  const [nature, preprint] = parseOpenAlexWorks(json('openalex/works_list_filter_title.search_paperqa.json'));

  it('reads the journal article with its rebuilt abstract, open PDF and field-normalised citations', () => {
    expect(nature).toMatchObject({
      title: 'Augmenting large language models with chemistry tools',
      doi: '10.1038/s42256-024-00832-8',
      openalexId: 'W4396723768',
      year: 2024,
      venue: 'Nature Machine Intelligence',
      citationCount: 236,
      citationPercentile: 0.999972,
      openAccess: true,
      pdfUrl: 'https://www.nature.com/articles/s42256-024-00832-8.pdf',
      pages: '525–535',
      kind: 'journal-article',
      preprint: false,
      retracted: false,
    });
    expect(nature?.authors.slice(0, 3)).toEqual(['Andres M. Bran', 'Sam Cox', 'Oliver Schilter']);
    expect(nature?.abstract).toMatch(
      /^Large language models \(LLMs\) have shown strong performance in tasks across domains/,
    );
  });

  it('knows the arXiv preprint by its arXiv DOI and has no PDF link where OpenAlex gives none', () => {
    expect(preprint).toMatchObject({
      doi: '10.48550/arxiv.2304.05376',
      arxivId: '2304.05376',
      preprint: true,
      kind: 'preprint',
      venue: 'arXiv (Cornell University)',
      citationCount: 106,
      pdfUrl: null,
    });
    expect(preprint?.abstract).toMatch(/^Over the last decades, excellent computational chemistry tools/);
  });

  it('reads a closed work without an abstract', () => {
    expect(parseOpenAlexWork(json('openalex/work_single_by_doi_paperqa.json'))).toMatchObject({
      doi: '10.1023/a:1007154515475',
      year: 2001,
      openAccess: false,
      pdfUrl: null,
      abstract: null,
      citationCount: 7,
      pages: '1–11',
      venue: 'Molecular and Cellular Biochemistry',
    });
  });
});

describe('Crossref works (recorded work lists and single work)', () => {
  it('reads a reference entry without authors, with its JATS abstract as plain text', () => {
    const [communicating, chemical] = parseCrossrefWorks(json('crossref/works_query_ecology_rows2_habanero.json'));
    expect(communicating).toMatchObject({
      title: 'Communicating Ecology',
      doi: '10.1093/obo/9780199830060-0238',
      authors: [],
      year: 2022,
      venue: 'Ecology',
      kind: 'reference-entry',
      citationCount: 1,
      openAccess: false,
    });
    expect(communicating?.abstract).toMatch(
      /^Communication is perhaps the most important, but least formally discussed/,
    );
    expect(chemical?.authors).toEqual(['André Kessler']);
  });

  it('takes a CC-licensed work as open access with its PDF link, and the page range', () => {
    const [nature] = parseCrossrefWorks(json('crossref/works_query.title_rows1_paperqa.json'));
    expect(nature).toMatchObject({
      doi: '10.1038/s42256-024-00832-8',
      citationCount: 232,
      openAccess: true,
      pdfUrl: 'https://www.nature.com/articles/s42256-024-00832-8.pdf',
      pages: '525–535',
      kind: 'journal-article',
      year: 2024,
    });
    expect(nature?.authors[0]).toBe('Andres M. Bran');
    expect(nature?.abstract).toMatch(/^Large language models \(LLMs\) have shown strong performance/);
  });

  it('keeps a publisher licence that is not open as closed', () => {
    const single = parseCrossrefWork(json('crossref/work_single_by_doi_paperqa.json').message);
    expect(single).toMatchObject({ openAccess: false, pdfUrl: null, year: 2001, pages: '1–11' });
  });
});

describe('arXiv Atom feeds (recorded)', () => {
  it('reads entries with their DOI, journal reference, PDF link and authors', () => {
    const entries = parseArxivFeed(text('arxiv/query_search_testing_max10.xml'));
    expect(entries).toHaveLength(10);
    expect(entries[0]).toMatchObject({
      arxivId: '2202.12139',
      title: 'Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
      doi: '10.1109/icstw55395.2022.00035',
      year: 2022,
      openAccess: true,
      pdfUrl: 'https://arxiv.org/pdf/2202.12139v1',
      preprint: false,
    });
    expect(entries[0]?.authors).toEqual(['Mohit Kumar Ahuja', 'Arnaud Gotlieb', 'Helge Spieker']);
    expect(entries[0]?.abstract).toMatch(/^Deep Learning \(DL\) has revolutionized/);
  });

  it('marks a paper without a journal reference as a preprint on arXiv', () => {
    const [entry] = parseArxivFeed(text('arxiv/query_id_list_1605.08386.xml'));
    expect(entry).toMatchObject({
      arxivId: '1605.08386',
      title: 'Heat-bath random walks with Markov bases',
      authors: ['Caprice Stanley', 'Tobias Windisch'],
      preprint: true,
      kind: 'preprint',
      venue: 'arXiv',
      doi: null,
    });
  });

  it('reads the 2016 feed format (old-style ids, namespaced elements, wrapped titles) and an empty feed', () => {
    const [entry] = parseArxivFeed(text('arxiv/query_au_del_maestro_AND_ti_checkerboard_2016format.xml'));
    expect(entry).toMatchObject({
      arxivId: 'cond-mat/0603029',
      title: 'From stripe to checkerboard order on the square lattice in the presence of quenched disorder',
      doi: '10.1103/physrevb.74.024520',
      venue: 'Phys. Rev. B 74, 024520 (2006)',
      year: 2006,
    });
    expect(parseArxivFeed(text('arxiv/query_id_list_invalid_0000.0000.xml'))).toEqual([]);
  });
});

describe('Semantic Scholar paper search (recorded)', () => {
  it('reads ids, journal pages and the open PDF of a full record', () => {
    const [paper] = parseS2Papers(json('semanticscholar/paper_search_match_paperqa_manyfields.json'));
    expect(paper).toMatchObject({
      s2Id: '354dcdebf3f8b5feeed5c62090e0bc1f0c28db06',
      doi: '10.1038/s42256-024-00832-8',
      arxivId: '2304.05376',
      year: 2023,
      citationCount: 488,
      venue: 'Nature Machine Intelligence',
      pages: '525–535',
      kind: 'journal-article',
      openAccess: true,
      pdfUrl: 'https://www.nature.com/articles/s42256-024-00832-8.pdf',
    });
    expect(paper?.authors[0]).toBe('Andrés M Bran');
  });

  it('reads pages that asked for one field only, and treats a CLOSED PDF status as closed', () => {
    expect(parseS2Papers(json('semanticscholar/paper_search_turing_fields_title.json'))[1]).toMatchObject({
      title: 'Quantum theory, the Church–Turing principle and the universal quantum computer',
      citationCount: null,
    });
    const openAccess = json('semanticscholar/paper_search_turing_openAccessPdf.json');
    openAccess.data = openAccess.data.map((paper: object) => ({ ...paper, title: 'A title' }));
    const [gold, , closed] = parseS2Papers(openAccess);
    expect(gold).toMatchObject({ openAccess: true, pdfUrl: 'https://mededu.jmir.org/2023/1/e46939/PDF' });
    expect(closed).toMatchObject({ openAccess: false, pdfUrl: null });
  });
});

describe('catalogue requests', () => {
  it('reads Retry-After in seconds and as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:05 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(5000);
    expect(retryAfterMs(null)).toBe(1000);
  });

  it('spaces arXiv requests and reports rate_limited when the next slot is past the deadline', async () => {
    const feed = text('arxiv/query_id_list_1605.08386.xml');
    const arxiv = await startLocalServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(feed),
    );
    try {
      const connector = arxivConnector({ arxivUrl: arxiv.origin } as never, 400);
      const query = { query: 'heat bath', openAccess: false, limit: 5 };
      const call = () => ({ signal: AbortSignal.timeout(2000), deadline: Date.now() + 2000 });
      const started = Date.now();
      await connector.search(query, call());
      const second = await connector.search(query, call());
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(second[0]?.arxivId).toBe('1605.08386');
      const hurried = connector.search(query, { signal: AbortSignal.timeout(100), deadline: Date.now() + 100 });
      await expect(hurried).rejects.toMatchObject({ status: 'rate_limited' });
      await expect(hurried).rejects.toBeInstanceOf(CatalogueError);
      expect(arxiv.requests).toHaveLength(2);
      expect(new URL(arxiv.requests[0]?.url ?? '', arxiv.origin).searchParams.get('search_query')).toBe(
        'all:heat AND all:bath',
      );
    } finally {
      await arxiv.close();
    }
  });
});

describe('bibliographic fields a reference needs', () => {
  it('keeps Crossref’s names, volume, issue, article number, publisher, place, editors and identifiers', () => {
    const record = parseCrossrefWork({
      DOI: '10.1038/S42256-024-00832-8',
      title: ['Augmenting large language models with chemistry tools'],
      author: [
        { given: 'Andres M.', family: 'Bran' },
        { given: 'Anna', family: 'van der Berg' },
        { given: 'Martin Luther', family: 'King', suffix: 'Jr.' },
        { name: 'World Health Organization' },
      ],
      editor: [{ given: 'Gabriel', family: 'García Márquez' }],
      issued: { 'date-parts': [[2024, 5, 8]] },
      'container-title': ['Nature Machine Intelligence'],
      volume: '6',
      issue: '5',
      page: '525-535',
      'article-number': 'e12',
      publisher: 'Springer Science and Business Media LLC',
      'publisher-location': 'London',
      ISBN: ['978-3-16-148410-0'],
      ISSN: ['2522-5839', '2522-5839'],
      language: 'en',
      URL: 'https://doi.org/10.1038/s42256-024-00832-8',
      type: 'journal-article',
    });
    expect(record).toMatchObject({
      authors: ['Andres M. Bran', 'Anna van der Berg', 'Martin Luther King Jr.', 'World Health Organization'],
      authorNames: [
        { given: 'Andres M.', family: 'Bran' },
        { given: 'Anna', family: 'van der Berg' },
        { given: 'Martin Luther', family: 'King', suffix: 'Jr.' },
        { literal: 'World Health Organization' },
      ],
      editors: [{ given: 'Gabriel', family: 'García Márquez' }],
      year: 2024,
      issuedDate: '2024-05-08',
      venue: 'Nature Machine Intelligence',
      volume: '6',
      issue: '5',
      pages: '525–535',
      articleNumber: 'e12',
      publisher: 'Springer Science and Business Media LLC',
      place: 'London',
      isbn: '978-3-16-148410-0',
      issn: '2522-5839',
      language: 'en',
      url: 'https://doi.org/10.1038/s42256-024-00832-8',
    });
  });

  it('keeps OpenAlex’s volume, issue, publisher, ISSN, language and landing page', () => {
    const record = parseOpenAlexWork({
      id: 'https://openalex.org/W1',
      display_name: 'Soil erosion by water in Europe',
      publication_year: 2015,
      primary_location: {
        landing_page_url: 'https://doi.org/10.1016/j.envsci.2015.08.012',
        source: {
          display_name: 'Environmental Science & Policy',
          host_organization_name: 'Elsevier BV',
          issn_l: '1462-9011',
        },
      },
      biblio: { volume: '54', issue: null, first_page: '438', last_page: '447' },
      language: 'en',
    });
    expect(record).toMatchObject({
      venue: 'Environmental Science & Policy',
      volume: '54',
      issue: null,
      pages: '438–447',
      publisher: 'Elsevier BV',
      issn: '1462-9011',
      language: 'en',
      url: 'https://doi.org/10.1016/j.envsci.2015.08.012',
    });
  });
});
