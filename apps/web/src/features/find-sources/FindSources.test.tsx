import { IMPORT_MAX_BYTES, type Paper, type SearchResult, type Source } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { queryClient } from '../../lib/query-client';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { act, fireEvent, render, screen, waitFor, within } from '../../test/render';
import { signIn } from '../../test/session';
import { aSource } from '../../test/sources';
import { clearSession } from '../auth';
import { loadedSources } from '../sources';
import { libraryQuery } from '../sources/sources.cache';
import { invalidateServerStatus } from '../status/status.store';
import { aPaper, aResult } from './test-papers';

const FIRST = aPaper({
  id: 'doi:10.1000/first',
  title: 'Vineyard soils under heavy rain',
  authors: ['Ann Ant', 'Bob Bee', 'Cy Cat', 'Di Dog'],
  year: 2021,
  venue: 'Journal of Soils',
  doi: '10.1000/first',
  citation_count: 12,
  open_access: true,
  pdf_url: 'https://example.org/first.pdf',
  abstract: `Heavy rain washes soil off slopes. ${'Cover crops slow the water down. '.repeat(12)}`,
});
const ANONYMOUS = aPaper({
  id: 'arxiv:2101.00001',
  title: 'A preprint without authors',
  authors: [],
  year: null,
  venue: null,
  doi: null,
  citation_count: null,
  abstract: null,
  relevance: { level: 'normal', reason: 'Some query words in the abstract.' },
  quality: { level: 'low', reason: 'Not cited yet.' },
  trustworthiness: { level: 'low', reason: 'A preprint, not peer-reviewed.' },
});
const SAVED = aPaper({ id: 'doi:10.1000/saved', title: 'An old favourite', bookmarked: true });
const LIBRARY_DOCUMENT = aSource({ id: 'd-old', name: 'Earlier.pdf' });

type Handlers = {
  search?: (call: StubbedCall) => Response | Promise<Response>;
  bookmarked?: () => Response;
  bookmark?: (call: StubbedCall) => Response;
  add?: (call: StubbedCall) => Response;
  exportFile?: (call: StubbedCall) => Response;
  importFile?: (call: StubbedCall) => Response;
};

const notFound = () => json(404, { error: { code: 'not_found', message: 'Not found' } });

/** The server: the gen group's search calls as the contract describes them, bookmarks kept as it would. */
function serve(handlers: Handlers = {}, result: SearchResult = aResult([FIRST, ANONYMOUS])) {
  const bookmarks = new Set<string>([SAVED.id]);
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (url.pathname === '/gen/papers' && call.method === 'GET') {
      return handlers.search?.(call) ?? json(200, { data: result });
    }
    if (url.pathname === '/gen/bookmarked') return handlers.bookmarked?.() ?? json(200, { data: [SAVED] });
    if (url.pathname === '/gen/bookmark' && call.method === 'POST') {
      if (handlers.bookmark) return handlers.bookmark(call);
      const id = url.searchParams.get('source_id') ?? '';
      if (!bookmarks.delete(id)) bookmarks.add(id);
      return json(200, { data: { bookmarked: bookmarks.has(id) } });
    }
    if (url.pathname === '/gen/papers/add' && call.method === 'POST') return handlers.add?.(call) ?? notFound();
    if (url.pathname === '/gen/papers/export' && call.method === 'POST') {
      return handlers.exportFile?.(call) ?? notFound();
    }
    if (url.pathname === '/gen/papers/import' && call.method === 'POST') {
      return handlers.importFile?.(call) ?? notFound();
    }
    if (url.pathname === '/doc/documents') return json(200, { data: [LIBRARY_DOCUMENT] });
    if (url.pathname === '/doc/websites') return json(200, { data: [] });
    return notFound();
  });
}

/** The page and the tool's chunk load lazily; on a busy machine the first paint can take a few seconds. */
const FIRST_PAINT = { timeout: 5_000 };

function renderTool(path = '/feature/find-sources') {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function searchFor(query: string, filters: () => void = () => {}) {
  fireEvent.change(await screen.findByTestId('search-query', {}, FIRST_PAINT), { target: { value: query } });
  filters();
  fireEvent.click(screen.getByTestId('search-submit'));
}

const cards = () => screen.queryAllByTestId('paper-card');
const card = (id: string) => {
  const found = cards().find((element) => element.dataset.paperId === id);
  if (!found) throw new Error(`no card for ${id}`);
  return found;
};
const callsTo = (calls: StubbedCall[], path: string) =>
  calls.filter((call) => new URL(call.url, 'http://localhost').pathname === path);

/** Downloads the page starts: jsdom has no object URLs and does not navigate, so both are played here. */
function captureDownloads() {
  const saved: { name: string; url: string }[] = [];
  const blobs: Blob[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:quire/${blobs.length}`;
  };
  URL.revokeObjectURL = () => {};
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, url: this.href });
  });
  return { saved, blobs };
}

beforeEach(() => {
  invalidateServerStatus();
  signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('find sources: searching', () => {
  it('sends the form as the query string and shows each paper with its ratings, facts and abstract', async () => {
    const { calls } = serve();
    renderTool();
    await searchFor('soil erosion', () => {
      fireEvent.change(screen.getByTestId('search-subject'), { target: { value: 'Agronomy' } });
      fireEvent.change(screen.getByTestId('search-year_from'), { target: { value: '2010' } });
      fireEvent.click(screen.getByTestId('search-open-access'));
      fireEvent.change(screen.getByTestId('search-min-rating'), { target: { value: 'normal' } });
      fireEvent.change(screen.getByTestId('search-sort'), { target: { value: 'year' } });
    });
    expect(screen.getByTestId('search-form').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('find-sources-loading').textContent).toBe('Searching the catalogues…');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [search] = callsTo(calls, '/gen/papers');
    expect(search?.url).toBe(
      '/gen/papers?query=soil+erosion&subject=Agronomy&year_from=2010&open_access=true&min_rating=normal&sort=year',
    );
    expect(search?.headers.get('Accept-Language')).toBe('en');
    expect(screen.getByTestId('find-sources-count').textContent).toBe('Papers found: 2');
    expect(screen.getByTestId('find-sources-catalogues').textContent).toBe(
      'Catalogues: OpenAlex: 2 found · Crossref: 0 found · arXiv: timed out · Semantic Scholar: not set up',
    );
    expect(screen.queryByTestId('find-sources-offline')).toBeNull();

    const first = card(FIRST.id);
    // The title is the heading, and links to the paper.
    expect(within(first).getByRole('heading', { name: FIRST.title }).querySelector('a')?.getAttribute('href')).toBe(
      'https://doi.org/10.1000/first',
    );
    expect(within(first).getByRole('link', { name: FIRST.title }).getAttribute('href')).toBe(
      'https://doi.org/10.1000/first',
    );
    expect(within(first).getByTestId('paper-authors').textContent).toBe('Ann Ant, Bob Bee, Cy Cat et al.');
    expect(within(first).getByTestId('paper-facts').textContent).toBe('2021 · Journal of Soils · Citations: 12');
    const relevance = within(first).getByTestId('rating-relevance');
    expect(relevance.textContent).toContain('Relevance: high');
    expect(relevance.dataset.level).toBe('high');
    const reason = document.getElementById(relevance.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('All query words in the title.');
    expect(reason?.className).not.toContain('open');
    fireEvent.click(relevance);
    expect(reason?.className).toContain('rating-badge__reason--open');
    expect(within(first).getByTestId('rating-quality').textContent).toContain('Quality: normal');
    expect(within(first).getByTestId('rating-trustworthiness').textContent).toContain('Trustworthiness: low');
    expect(within(first).getByTestId('paper-open-access').textContent).toContain('Open access');
    const pdf = within(first).getByRole('link', { name: `PDF of “${FIRST.title}” (opens in a new tab)` });
    expect(pdf.getAttribute('href')).toBe(FIRST.pdf_url);
    expect(pdf.getAttribute('rel')).toContain('noopener');

    const abstract = within(first).getByTestId('paper-abstract');
    expect(abstract.className).toContain('paper-card__abstract--folded');
    const more = within(first).getByRole('button', { name: 'Show the whole abstract' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(abstract.className).not.toContain('folded');
    expect(within(first).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    const anonymous = card(ANONYMOUS.id);
    expect(within(anonymous).getByTestId('paper-authors').textContent).toBe('Unknown author');
    expect(within(anonymous).getByTestId('paper-facts').textContent).toBe('');
    expect(within(anonymous).queryByTestId('paper-open-access')).toBeNull();
    expect(within(anonymous).queryByTestId('paper-abstract')).toBeNull();
    expect(within(anonymous).queryByRole('link')).toBeNull();
    expect(within(anonymous).getByTestId('rating-quality').dataset.level).toBe('low');
  });

  it('checks the form before sending: an empty query is required and nothing is sent', async () => {
    const { calls } = serve();
    renderTool();
    await searchFor('   ');
    const error = await screen.findByTestId('search-error-query');
    expect(error.textContent).toBe('Topic or question is required');
    const input = screen.getByTestId('search-query');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(callsTo(calls, '/gen/papers')).toHaveLength(0);
  });

  it('says when the online catalogues could not be reached and the results come from the library', async () => {
    serve(
      {},
      aResult([FIRST], {
        offline: true,
        catalogues: [
          { catalogue: 'openalex', status: 'failed', count: 0 },
          { catalogue: 'crossref', status: 'failed', count: 0 },
        ],
      }),
    );
    renderTool();
    await searchFor('soil');
    const notice = await screen.findByTestId('find-sources-offline');
    expect(notice.textContent).toBe(
      'The online catalogues could not be reached. These results come from your own library.',
    );
    expect(screen.getByTestId('find-sources-catalogues').textContent).toBe(
      'Catalogues: OpenAlex: failed · Crossref: failed',
    );
    expect(cards()).toHaveLength(1);
  });

  it('shows an empty answer as such', async () => {
    serve({}, aResult([]));
    renderTool();
    await searchFor('soil');
    expect((await screen.findByTestId('find-sources-empty')).textContent).toContain('No papers matched your search.');
  });

  it('explains too few sources in German, with what to do next', async () => {
    serve({
      search: () =>
        json(422, {
          error: {
            code: 'no_snippets_found_error',
            message: 'Not enough sources found. Please retry with other inputs.',
          },
        }),
    });
    renderTool('/de/feature/find-sources');
    await searchFor('Boden');
    const error = await screen.findByTestId('find-sources-error');
    expect(error.textContent).toContain('Nicht genug Quellen gefunden. Bitte versuche es mit anderen Eingaben erneut.');
    expect(error.textContent).toContain('Versuche allgemeinere Begriffe oder entferne einige Filter.');
    expect(error.getAttribute('role')).toBe('alert');
  });

  it('says when the server could not be reached at all', async () => {
    serve({ search: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderTool();
    await searchFor('soil');
    const error = await screen.findByTestId('find-sources-error');
    expect(error.textContent).toContain('Your request failed – try again later or contact support');
    expect(error.textContent).toContain('Check your internet connection and try again.');
  });

  it('asks visitors to sign in and sends nothing', async () => {
    clearSession();
    const { calls } = serve();
    renderTool();
    const prompt = await screen.findByTestId('find-sources-sign-in', {}, FIRST_PAINT);
    expect(within(prompt).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('search-form')).toBeNull();
    expect(calls.filter((call) => call.url.startsWith('/gen/'))).toHaveLength(0);
  });
});

describe('find sources: bookmarks (spec §4)', () => {
  it('bookmarking calls POST /gen/bookmark and appends the paper to the bookmarked tab', async () => {
    const { calls } = serve();
    renderTool();
    const tab = await screen.findByRole('tab', { name: 'Bookmarked (1)' }, FIRST_PAINT);
    await searchFor('soil');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const star = within(card(FIRST.id)).getByRole('button', { name: `Bookmark “${FIRST.title}”` });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    const [toggle] = callsTo(calls, '/gen/bookmark');
    expect(toggle?.url).toBe(`/gen/bookmark?source_id=${encodeURIComponent(FIRST.id)}`);
    expect(toggle?.method).toBe('POST');
    expect(tab.textContent).toBe('Bookmarked (2)');

    fireEvent.click(tab);
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(cards().map((element) => element.dataset.paperId)).toEqual([SAVED.id, FIRST.id]);
  });

  it('a failed bookmark keeps the local state and says so', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({ bookmark: () => json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } }) });
    renderTool();
    await searchFor('soil');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const first = card(FIRST.id);
    fireEvent.click(within(first).getByTestId('paper-bookmark'));
    expect((await within(first).findByTestId('paper-bookmark-error')).textContent).toBe(
      'The bookmark could not be changed. Please try again.',
    );
    expect(within(first).getByTestId('paper-bookmark').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('tab', { name: 'Bookmarked (1)' }).getAttribute('aria-selected')).toBe('false');
  });

  it('removing a bookmark removes it from the tab only once the server confirms', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    serve({
      bookmark: () =>
        fail
          ? json(503, { error: { code: 'service_unavailable', message: 'Unavailable.' } })
          : json(200, { data: { bookmarked: false } }),
    });
    renderTool();
    const tab = await screen.findByRole('tab', { name: /Bookmarked/ }, FIRST_PAINT);
    fireEvent.click(tab);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const saved = card(SAVED.id);
    expect(within(saved).getByTestId('paper-bookmark').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(saved).getByTestId('paper-bookmark'));
    await within(saved).findByTestId('paper-bookmark-error');
    expect(cards()).toHaveLength(1);

    fail = false;
    fireEvent.click(within(saved).getByTestId('paper-bookmark'));
    expect((await screen.findByTestId('bookmarked-empty')).textContent).toBe(
      'No bookmarks yet. Bookmark a paper to keep it here.',
    );
    expect(tab.textContent).toBe('Bookmarked (0)');
  });

  it('moves between the tabs with the arrow keys', async () => {
    serve();
    renderTool();
    const results = await screen.findByRole('tab', { name: 'Results' }, FIRST_PAINT);
    fireEvent.keyDown(results, { key: 'ArrowRight' });
    const bookmarked = screen.getByRole('tab', { name: /Bookmarked/ });
    expect(bookmarked.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(bookmarked);
    expect(results.getAttribute('tabindex')).toBe('-1');
  });
});

describe('find sources: adding, exporting, importing', () => {
  it('adds a paper to the sources and to the library by its rule', async () => {
    const added = aSource({ id: 'd-new', name: FIRST.title, type: 'document', state: 'processing', progress: 5 });
    const { calls } = serve({ add: () => json(201, { data: added }) });
    await queryClient.fetchQuery(libraryQuery());
    renderTool();
    await searchFor('soil');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const first = card(FIRST.id);
    fireEvent.click(within(first).getByRole('button', { name: `Add “${FIRST.title}” to my sources` }));
    expect(within(first).getByTestId('paper-add').textContent).toBe('Adding…');
    await waitFor(() =>
      expect(within(first).getByTestId('paper-status').textContent).toContain('Added to your sources.'),
    );
    expect(within(first).getByRole('link', { name: 'Open my sources' }).getAttribute('href')).toBe('/sources');
    expect((within(first).getByTestId('paper-add') as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(calls, '/gen/papers/add')[0]?.body).toEqual({ paper_id: FIRST.id });
    expect(loadedSources().map((source: Source) => source.id)).toEqual(['d-old', 'd-new']);
  });

  it('shows why a paper could not be added', async () => {
    serve({ add: () => json(502, { error: { code: 'request_failed', message: 'The PDF could not be fetched.' } }) });
    renderTool();
    await searchFor('soil');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card(ANONYMOUS.id)).getByTestId('paper-add'));
    expect((await screen.findByTestId('paper-add-error')).textContent).toBe('The PDF could not be fetched.');
    expect((within(card(ANONYMOUS.id)).getByTestId('paper-add') as HTMLButtonElement).disabled).toBe(false);
  });

  it('exports the selected papers as BibTeX and hands the file to the browser', async () => {
    const bibtex = '@article{ant2021, title={Vineyard soils under heavy rain}}\n';
    const { calls } = serve({
      exportFile: () =>
        new Response(bibtex, {
          status: 200,
          headers: {
            'Content-Type': 'application/x-bibtex; charset=utf-8',
            'Content-Disposition': 'attachment; filename="quire-sources.bib"',
          },
        }),
    });
    const { saved, blobs } = captureDownloads();
    renderTool();
    await searchFor('soil');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const exportButton = screen.getByTestId('papers-export-bibtex') as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('papers-select-all'));
    expect(screen.getByTestId('papers-selected').textContent).toBe('2 selected');
    fireEvent.click(within(card(FIRST.id)).getByTestId('paper-select'));
    expect(screen.getByTestId('papers-selected').textContent).toBe('1 selected');
    expect((screen.getByTestId('papers-select-all') as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(exportButton);

    await waitFor(() => expect(saved).toEqual([{ name: 'quire-sources.bib', url: 'blob:quire/1' }]));
    const [call] = callsTo(calls, '/gen/papers/export');
    expect(call?.body).toEqual({ paper_ids: [ANONYMOUS.id], format: 'bibtex' });
    expect(call?.headers.get('Accept')).toContain('application/x-bibtex');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(await blobs[0]?.text()).toBe(bibtex);
    expect(screen.getByTestId('papers-export-status').textContent).toBe('Downloaded quire-sources.bib.');
  });

  it('shows why an export failed', async () => {
    serve({ exportFile: () => json(404, { error: { code: 'not_found', message: 'A paper is no longer known.' } }) });
    renderTool();
    await searchFor('soil');
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card(FIRST.id)).getByTestId('paper-select'));
    fireEvent.click(screen.getByTestId('papers-export-ris'));
    expect((await screen.findByTestId('papers-export-error')).textContent).toBe('A paper is no longer known.');
  });

  it('refuses a file over the limit before sending, and imports one within it', async () => {
    const entries = [
      { source_id: 'source-1', title: 'Soil erosion by water in Europe', authors: ['Panos Panagos'], year: 2015 },
      { source_id: 'source-2', title: 'Cien años de soledad', authors: [], year: null },
    ];
    const { calls } = serve({ importFile: () => json(200, { data: { imported: 2, skipped: 1, entries } }) });
    renderTool();
    const input = await screen.findByTestId('import-input', {}, FIRST_PAINT);
    const big = new File(['x'], 'library.bib', { type: 'application/x-bibtex' });
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByTestId('import-error')).textContent).toBe('The file is too large (max. 5 MB).');
    expect(callsTo(calls, '/gen/papers/import')).toHaveLength(0);

    const file = new File(['TY  - JOUR\nTI  - Soil\nER  - \n'], 'zotero.ris', {
      type: 'application/x-research-info-systems',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toContain('2 imported, 1 skipped.'));
    const [call] = callsTo(calls, '/gen/papers/import');
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('zotero.ris');
    expect(screen.queryByTestId('import-error')).toBeNull();
    const listed = within(screen.getByTestId('imported-entries')).getAllByRole('listitem');
    expect(listed.map((item) => [item.dataset.sourceId, item.textContent])).toEqual([
      ['source-1', 'Soil erosion by water in Europe – Panos Panagos (2015)'],
      ['source-2', 'Cien años de soledad'],
    ]);
  });
});

it('keeps selected papers ticked only while they are among the results', async () => {
  let answer: Paper[] = [FIRST, ANONYMOUS];
  serve({ search: () => json(200, { data: aResult(answer) }) });
  renderTool();
  await searchFor('soil');
  await waitFor(() => expect(cards()).toHaveLength(2));
  fireEvent.click(screen.getByTestId('papers-select-all'));
  answer = [ANONYMOUS, SAVED];
  await act(async () => {
    fireEvent.click(screen.getByTestId('search-submit'));
  });
  await waitFor(() => expect(cards().map((element) => element.dataset.paperId)).toEqual([ANONYMOUS.id, SAVED.id]));
  expect(screen.getByTestId('papers-selected').textContent).toBe('1 selected');
  expect((within(card(ANONYMOUS.id)).getByTestId('paper-select') as HTMLInputElement).checked).toBe(true);
  expect((within(card(SAVED.id)).getByTestId('paper-select') as HTMLInputElement).checked).toBe(false);
});
