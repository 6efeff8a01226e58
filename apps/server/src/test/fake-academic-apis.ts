import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * Local stand-ins for OpenAlex, Crossref, arXiv and Semantic Scholar that answer from the real responses
 * recorded in `test/recorded-apis/`, in each API's wire format: the same envelopes and fields,
 * filtered by the query words and the filters each API documents. Scriptable per catalogue: an error
 * status, a 429 with Retry-After, or a delay.
 */

export type FakeCatalogue = 'openalex' | 'crossref' | 'arxiv' | 'semanticscholar';
export type FakeBehaviour = {
  /** Answer with this status instead of results (e.g. 500, 429). */
  status?: number;
  /** Retry-After header sent with the status. */
  retryAfter?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** For this many requests; without it the behaviour stays until `reset()`. */
  times?: number;
};
export type FakeRequest = { catalogue: FakeCatalogue; url: URL; headers: IncomingHttpHeaders; at: number };

export type FakeAcademicApis = {
  url: string;
  urls: Record<FakeCatalogue, string>;
  /** The configuration variables that point the server at these fakes (with an OpenAlex key). */
  env: () => Record<string, string>;
  requests: FakeRequest[];
  script: (catalogue: FakeCatalogue, behaviour: FakeBehaviour) => void;
  /** Serves a file under /files/<name> and resolves its URL. */
  serveFile: (name: string, bytes: Buffer, contentType?: string) => string;
  /** Makes the paper with this DOI open access with its PDF at `pdfUrl`, in every catalogue that has it. */
  setPdfUrl: (doi: string, pdfUrl: string) => void;
  /**
   * Points every PDF link in the recordings at this fake (`/files/pdf-<n>.pdf`), serving `bytes` there or
   * answering 404 when null: for tests that add papers, so no fetch leaves the machine.
   */
  localisePdfs: (bytes: Buffer | null) => void;
  /** Forgets scripts, recorded requests and changes to the recordings. */
  reset: () => void;
  close: () => Promise<void>;
};

const RECORDINGS = join(import.meta.dirname, 'recorded-apis');
const PREFIXES: Record<FakeCatalogue, string> = {
  openalex: '/openalex',
  crossref: '/crossref',
  arxiv: '/arxiv',
  semanticscholar: '/s2',
};

// biome-ignore lint/suspicious/noExplicitAny: recorded JSON, served as it was recorded
type Json = any;

const read = (file: string) => readFileSync(join(RECORDINGS, file), 'utf8');
const readJson = (file: string): Json => JSON.parse(read(file));

type Corpus = { openalex: Json[]; crossref: Json[]; arxiv: string[]; semanticscholar: Json[] };

function loadCorpus(): Corpus {
  const openalex = [
    ...readJson('openalex/works_list_filter_title.search_paperqa.json').results,
    readJson('openalex/work_single_by_doi_paperqa.json'),
  ];
  const crossref = [
    ...readJson('crossref/works_query_ecology_rows2_habanero.json').message.items,
    ...readJson('crossref/works_query.title_rows1_paperqa.json').message.items,
    readJson('crossref/work_single_by_doi_paperqa.json').message,
  ];
  const arxiv = [
    'arxiv/query_search_testing_max10.xml',
    'arxiv/query_id_list_1605.08386.xml',
    'arxiv/query_id_list_two_ids.xml',
    'arxiv/query_au_del_maestro_AND_ti_checkerboard_2016format.xml',
  ].flatMap((file) => read(file).match(/<entry>[\s\S]*?<\/entry>/g) ?? []);
  // The turing recordings each asked for one field; joined by paperId they describe the same papers.
  const s2 = new Map<string, Json>();
  for (const file of [
    'semanticscholar/paper_search_turing_fields_title.json',
    'semanticscholar/paper_search_turing_minCitationCount1000.json',
    'semanticscholar/paper_search_turing_openAccessPdf.json',
  ]) {
    for (const paper of readJson(file).data) s2.set(paper.paperId, { ...s2.get(paper.paperId), ...paper });
  }
  const semanticscholar = [
    ...readJson('semanticscholar/paper_search_match_paperqa_manyfields.json').data.map((paper: Json) => {
      const { matchScore: _score, ...rest } = paper;
      return rest;
    }),
    ...[...s2.values()].filter((paper) => paper.title),
  ];
  return { openalex, crossref, arxiv, semanticscholar };
}

export async function startFakeAcademicApis(): Promise<FakeAcademicApis> {
  let corpus = loadCorpus();
  const scripts = new Map<FakeCatalogue, FakeBehaviour[]>();
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: FakeRequest[] = [];

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/files/')) {
      const file = files.get(decodeURIComponent(url.pathname.slice('/files/'.length)));
      if (!file) return response.writeHead(404).end();
      return response.writeHead(200, { 'content-type': file.contentType }).end(file.bytes);
    }
    const catalogue = (Object.keys(PREFIXES) as FakeCatalogue[]).find((name) =>
      url.pathname.startsWith(`${PREFIXES[name]}/`),
    );
    if (!catalogue) return response.writeHead(404).end();
    requests.push({ catalogue, url, headers: request.headers, at: Date.now() });
    const behaviour = nextBehaviour(scripts, catalogue);
    if (behaviour?.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (response.destroyed) return;
    if (behaviour?.status) return sendError(response, catalogue, behaviour);
    const path = url.pathname.slice(PREFIXES[catalogue].length);
    answer(response, catalogue, path, url.searchParams, corpus);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = {
    openalex: `${base}/openalex`,
    crossref: `${base}/crossref`,
    arxiv: `${base}/arxiv`,
    semanticscholar: `${base}/s2`,
  };

  return {
    url: base,
    urls,
    env: () => ({
      OPENALEX_URL: urls.openalex,
      OPENALEX_API_KEY: 'k',
      CROSSREF_URL: urls.crossref,
      ARXIV_URL: urls.arxiv,
      SEMANTIC_SCHOLAR_URL: urls.semanticscholar,
      CONTACT_EMAIL: 'team@quire.example',
    }),
    requests,
    script: (catalogue, behaviour) => scripts.set(catalogue, [...(scripts.get(catalogue) ?? []), behaviour]),
    serveFile: (name, bytes, contentType = 'application/pdf') => {
      files.set(name, { bytes, contentType });
      return `${base}/files/${encodeURIComponent(name)}`;
    },
    setPdfUrl: (doi, pdfUrl) => setPdfUrl(corpus, doi.toLowerCase(), pdfUrl),
    localisePdfs: (bytes) => {
      let count = 0;
      const local = () => {
        count += 1;
        const name = `pdf-${count}.pdf`;
        if (bytes) files.set(name, { bytes, contentType: 'application/pdf' });
        return `${base}/files/${name}`;
      };
      localisePdfs(corpus, local);
    },
    reset: () => {
      scripts.clear();
      requests.length = 0;
      corpus = loadCorpus();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function nextBehaviour(scripts: Map<FakeCatalogue, FakeBehaviour[]>, catalogue: FakeCatalogue) {
  const queue = scripts.get(catalogue) ?? [];
  const behaviour = queue[0];
  if (behaviour?.times !== undefined) {
    behaviour.times -= 1;
    if (behaviour.times <= 0) queue.shift();
  }
  return behaviour;
}

/** Error bodies as each API sends them (S2 and OpenAlex JSON, Crossref and arXiv plain text). */
function sendError(response: ServerResponse, catalogue: FakeCatalogue, behaviour: FakeBehaviour) {
  const headers: Record<string, string> = behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {};
  const status = behaviour.status ?? 500;
  if (catalogue === 'semanticscholar' || catalogue === 'openalex') {
    const body =
      status === 429
        ? {
            message: 'Too Many Requests. Please wait and try again or apply for a key for higher rate limits.',
            code: '429',
          }
        : { error: 'Internal Server Error', message: 'Something went wrong' };
    return response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  response
    .writeHead(status, { ...headers, 'content-type': 'text/plain' })
    .end(status === 429 ? 'Too Many Requests' : 'Internal Server Error');
}

function answer(
  response: ServerResponse,
  catalogue: FakeCatalogue,
  path: string,
  params: URLSearchParams,
  corpus: Corpus,
) {
  const json = (body: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (catalogue === 'openalex' && path === '/works') return json(openAlexWorks(corpus.openalex, params));
  if (catalogue === 'crossref' && path === '/works') return json(crossrefWorks(corpus.crossref, params));
  if (catalogue === 'crossref' && path.startsWith('/works/')) return crossrefWork(response, corpus.crossref, path);
  if (catalogue === 'openalex' && path.startsWith('/works/'))
    return openAlexWork(response, corpus.openalex, path, params);
  if (catalogue === 'semanticscholar' && path === '/graph/v1/paper/search')
    return json(s2Search(corpus.semanticscholar, params));
  if (catalogue === 'arxiv' && path === '/query')
    return response
      .writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' })
      .end(arxivFeed(corpus.arxiv, params));
  response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
}

/** Lower-case words of three letters or more: what the fakes match against titles and abstracts. */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter(
    (word) => !['and', 'the', 'with', 'for'].includes(word),
  );
}

function matchCount(query: string[], text: string): number {
  const haystack = text.toLowerCase();
  return query.filter((word) => haystack.includes(word)).length;
}

function rankByQuery<T>(items: T[], query: string, text: (item: T) => string): T[] {
  const terms = words(query);
  return items
    .map((item) => ({ item, hits: matchCount(terms, text(item)) }))
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((entry) => entry.item);
}

function pick(record: Json, fields: string[] | null): Json {
  if (!fields) return record;
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

function invertedText(index: Record<string, number[]> | null | undefined): string {
  return index ? Object.keys(index).join(' ') : '';
}

/** OpenAlex `/works?search=&filter=&select=&per_page=` → `{ meta, results, group_by }`. */
function openAlexWorks(works: Json[], params: URLSearchParams) {
  const filters = new Map(
    (params.get('filter') ?? '')
      .split(',')
      .filter(Boolean)
      .map((filter) => [filter.slice(0, filter.indexOf(':')), filter.slice(filter.indexOf(':') + 1)]),
  );
  const perPage = Number(params.get('per_page') ?? 25);
  const found = rankByQuery(
    works,
    params.get('search') ?? '',
    (work) => `${work.display_name} ${invertedText(work.abstract_inverted_index)}`,
  ).filter((work) => {
    const from = filters.get('from_publication_date');
    const to = filters.get('to_publication_date');
    if (from && work.publication_date < from) return false;
    if (to && work.publication_date > to) return false;
    if (filters.get('is_oa') === 'true' && !work.open_access?.is_oa) return false;
    return true;
  });
  const select = params.get('select')?.split(',') ?? null;
  return {
    meta: { count: found.length, db_response_time_ms: 21, page: 1, per_page: perPage, groups_count: null },
    results: found.slice(0, perPage).map((work) => pick(work, select)),
    group_by: [],
  };
}

/** The DOI a single-work path names: `/works/10.1023%2Fa:1007154515475`, `/works/doi:…`, `/works/https://doi.org/…`. */
function doiOfPath(path: string): string {
  return decodeURIComponent(path.slice('/works/'.length))
    .replace(/^doi:/i, '')
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .toLowerCase();
}

/** Crossref `/works/{doi}` → the `work` envelope, or 404 with Crossref's plain-text "Resource not found.". */
function crossrefWork(response: ServerResponse, items: Json[], path: string) {
  const doi = doiOfPath(path);
  const item = items.find((candidate) => String(candidate.DOI).toLowerCase() === doi);
  if (!item) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Resource not found.');
  const body = { status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: item };
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** OpenAlex `/works/doi:{doi}?select=` → one Work, or 404 with the HTML page OpenAlex really sends. */
function openAlexWork(response: ServerResponse, works: Json[], path: string, params: URLSearchParams) {
  const doi = doiOfPath(path);
  const work = works.find((candidate) => String(candidate.doi).toLowerCase() === `https://doi.org/${doi}`);
  if (!work)
    return response.writeHead(404, { 'content-type': 'text/html' }).end(read('openalex/work_not_found_paperqa.html'));
  const select = params.get('select')?.split(',') ?? null;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pick(work, select)));
}

/** Crossref `/works?query=&filter=&select=&rows=` → the work-list envelope. */
function crossrefWorks(items: Json[], params: URLSearchParams) {
  const filters = new Map(
    (params.get('filter') ?? '')
      .split(',')
      .filter(Boolean)
      .map((filter) => filter.split(':') as [string, string]),
  );
  const rows = Number(params.get('rows') ?? 20);
  const query = params.get('query') ?? '';
  const found = rankByQuery(items, query, (item) => `${item.title?.[0] ?? ''} ${item.abstract ?? ''}`).filter(
    (item) => {
      const year = item.issued?.['date-parts']?.[0]?.[0];
      const from = filters.get('from-pub-date');
      const until = filters.get('until-pub-date');
      if (from && (!year || year < Number(from.slice(0, 4)))) return false;
      if (until && (!year || year > Number(until.slice(0, 4)))) return false;
      return true;
    },
  );
  const select = params.get('select')?.split(',') ?? null;
  return {
    status: 'ok',
    'message-type': 'work-list',
    'message-version': '1.0.0',
    message: {
      facets: {},
      'total-results': found.length,
      items: found.slice(0, rows).map((item) => pick(item, select)),
      'items-per-page': rows,
      query: { 'start-index': 0, 'search-terms': query },
    },
  };
}

/** Semantic Scholar `/graph/v1/paper/search?query=&fields=&year=&openAccessPdf&limit=` → `{ total, offset, next?, data }`. */
function s2Search(papers: Json[], params: URLSearchParams) {
  const limit = Number(params.get('limit') ?? 100);
  const [from, to] = (params.get('year') ?? '-').split('-').map((year) => (year ? Number(year) : null));
  const found = rankByQuery(
    papers,
    params.get('query') ?? '',
    (paper) => `${paper.title} ${paper.abstract ?? ''}`,
  ).filter((paper) => {
    if (from && (!paper.year || paper.year < from)) return false;
    if (to && (!paper.year || paper.year > to)) return false;
    if (params.has('openAccessPdf') && !paper.openAccessPdf?.url) return false;
    return true;
  });
  // Without `fields` the API answers paperId and title only.
  const fields = ['paperId', ...(params.get('fields')?.split(',') ?? ['title'])];
  return {
    total: found.length,
    offset: 0,
    ...(found.length > limit ? { next: limit } : {}),
    data: found.slice(0, limit).map((paper) => pick(paper, fields)),
  };
}

/** arXiv `/query?search_query=all:a AND all:b AND submittedDate:[… TO …]&max_results=` → an Atom feed. */
function arxivFeed(entries: string[], params: URLSearchParams) {
  const searchQuery = params.get('search_query') ?? '';
  const terms = [...searchQuery.matchAll(/all:([^\s]+)/g)].map((match) => (match[1] ?? '').toLowerCase());
  const dates = /submittedDate:\[(\d{4})\d* TO (\d{4})\d*\]/.exec(searchQuery);
  const maxResults = Number(params.get('max_results') ?? 10);
  const found = entries.filter((entry) => {
    const text = `${/<title>([\s\S]*?)<\/title>/.exec(entry)?.[1]} ${/<summary>([\s\S]*?)<\/summary>/.exec(entry)?.[1]}`;
    if (terms.length === 0 || !terms.every((term) => text.toLowerCase().includes(term))) return false;
    const year = Number(/<published>(\d{4})/.exec(entry)?.[1]);
    return !dates || (year >= Number(dates[1]) && year <= Number(dates[2]));
  });
  const escaped = searchQuery.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">
  <id>https://arxiv.org/api/fake</id>
  <title>arXiv Query: search_query=${escaped}&amp;id_list=&amp;start=0&amp;max_results=${maxResults}</title>
  <updated>${new Date().toISOString().slice(0, 19)}Z</updated>
  <link href="https://arxiv.org/api/query?search_query=${encodeURIComponent(searchQuery)}&amp;start=0&amp;max_results=${maxResults}&amp;id_list=" type="application/atom+xml"/>
  <opensearch:itemsPerPage>${maxResults}</opensearch:itemsPerPage>
  <opensearch:totalResults>${found.length}</opensearch:totalResults>
  <opensearch:startIndex>0</opensearch:startIndex>
  ${found.slice(0, maxResults).join('\n  ')}
</feed>
`;
}

function setPdfUrl(corpus: Corpus, doi: string, pdfUrl: string) {
  for (const work of corpus.openalex) {
    if (work.doi?.toLowerCase() !== `https://doi.org/${doi}`) continue;
    work.open_access = { ...work.open_access, is_oa: true, oa_url: pdfUrl };
    work.best_oa_location = { ...(work.best_oa_location ?? work.primary_location), is_oa: true, pdf_url: pdfUrl };
  }
  for (const paper of corpus.semanticscholar) {
    if (String(paper.externalIds?.DOI ?? '').toLowerCase() !== doi) continue;
    paper.isOpenAccess = true;
    paper.openAccessPdf = { url: pdfUrl, status: 'GOLD', license: 'CCBY' };
  }
  for (const item of corpus.crossref) {
    if (item.DOI?.toLowerCase() !== doi) continue;
    item.license = [{ URL: 'https://creativecommons.org/licenses/by/4.0', 'content-version': 'vor' }];
    item.link = [{ URL: pdfUrl, 'content-type': 'application/pdf', 'content-version': 'vor' }];
  }
}

function localisePdfs(corpus: Corpus, local: () => string) {
  for (const work of corpus.openalex) {
    for (const location of [work.best_oa_location, work.primary_location, ...(work.locations ?? [])]) {
      if (location?.pdf_url) location.pdf_url = local();
    }
  }
  for (const paper of corpus.semanticscholar) if (paper.openAccessPdf?.url) paper.openAccessPdf.url = local();
  for (const item of corpus.crossref) {
    for (const link of item.link ?? []) if (link['content-type'] === 'application/pdf') link.URL = local();
  }
  corpus.arxiv = corpus.arxiv.map((entry) =>
    entry
      .replace(
        /<link([^>]*?)href="[^"]+"([^>]*type="application\/pdf"[^>]*)\/>/g,
        (_all, before, after) => `<link${before}href="${local()}"${after}/>`,
      )
      .replace(
        /<link([^>]*type="application\/pdf"[^>]*?)href="[^"]+"([^>]*)\/>/g,
        (_all, before, after) => `<link${before}href="${local()}"${after}/>`,
      ),
  );
}
