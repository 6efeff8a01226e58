import type { BlogArticle, BlogIndex, BlogSummary } from '@quire/contracts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../app/routes';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { fireEvent, render, screen, waitFor } from '../../test/render';
import { invalidateServerStatus } from '../status/status.store';

function summary(slug: string, overrides: Partial<BlogSummary> = {}): BlogSummary {
  return {
    slug,
    locale: 'de',
    title: `Artikel ${slug}`,
    date: '2026-10-06',
    description: `Worum es in ${slug} geht.`,
    cover: '/blog/covers/citing-sources.svg',
    reading_minutes: 4,
    translations: {},
    ...overrides,
  };
}

const ARTICLE: BlogArticle = {
  ...summary('richtig-zitieren', { title: 'Richtig zitieren', description: 'Wann und wie Sie Quellen belegen.' }),
  translations: { en: 'citing-sources-correctly-apa-7', fr: 'citer-ses-sources-apa-iso-690' },
  html: '<h2>Wann zitieren?</h2>\n<p>Immer <strong>dann</strong>, siehe <a href="/de/blog">alle Artikel</a>.</p>',
};

const notFound = () => json(404, { error: { code: 'not_found', message: 'Nicht gefunden' } });

function serve(blog: (call: StubbedCall, url: URL) => Response) {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/status') return json(200, STATUS_OK);
    if (url.pathname.startsWith('/api/blog')) return blog(call, url);
    return notFound();
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => invalidateServerStatus());

describe('the blog index', () => {
  it('shows each article as a card with its cover, linked title, local date, reading time and description', async () => {
    const index: BlogIndex = { items: [summary('eins'), summary('zwei', { date: '2026-09-15' })], page: 1, pages: 1 };
    const { calls } = serve(() => json(200, { data: index }));
    renderAt('/de/blog');
    const cards = await screen.findAllByTestId('blog-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByTestId('page-title').textContent).toBe('Blog');
    await waitFor(() => expect(document.title).toBe('Blog: Ratgeber zum wissenschaftlichen Schreiben · Quire'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Praktische/);
    const first = cards[0] as HTMLElement;
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/de/blog/eins');
    expect(first.querySelector('a')?.textContent).toBe('Artikel eins');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/blog/covers/citing-sources.svg');
    expect(first.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(first.querySelector('time')?.textContent).toBe('6. Oktober 2026');
    expect(screen.getAllByTestId('blog-card-meta')[1]?.textContent).toBe('15. September 2026 · 4 Min. Lesezeit');
    expect(first.textContent).toContain('Worum es in eins geht.');
    // One page: no pagination. The request asked for German and sent no token.
    expect(screen.queryByTestId('blog-pagination')).toBeNull();
    const request = calls.find((call) => call.url.startsWith('/api/blog'));
    expect(request?.url).toBe('/api/blog?page=1');
    expect(request?.headers.get('Accept-Language')).toBe('de');
    expect(request?.headers.get('Authorization')).toBeNull();
  });

  it('pages with ?page= links to newer and older articles', async () => {
    serve((_call, url) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, { data: { items: [summary(`seite-${page}`)], page, pages: 3 } });
    });
    const router = renderAt('/de/blog?page=2');
    await screen.findByText('Artikel seite-2');
    expect(screen.getByTestId('blog-pagination').textContent).toContain('Seite 2 von 3');
    expect(screen.getByTestId('blog-newer').getAttribute('href')).toBe('/de/blog');
    expect(screen.getByTestId('blog-older').getAttribute('href')).toBe('/de/blog?page=3');
    fireEvent.click(screen.getByTestId('blog-older'));
    await screen.findByText('Artikel seite-3');
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.queryByTestId('blog-older')).toBeNull();
  });

  it('says so when there are no articles in the language yet', async () => {
    serve(() => json(200, { data: { items: [], page: 1, pages: 1 } }));
    renderAt('/blog');
    expect((await screen.findByTestId('blog-empty')).textContent).toBe(
      'No articles have been published in this language yet.',
    );
  });

  it('shows what failed and loads again on request', async () => {
    let failing = true;
    serve(() =>
      failing
        ? json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } })
        : json(200, { data: { items: [summary('wieder-da', { locale: 'en' })], page: 1, pages: 1 } }),
    );
    renderAt('/blog');
    const error = await screen.findByTestId('blog-error');
    expect(error.textContent).toContain('The articles could not be loaded. Something went wrong.');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Artikel wieder-da');
  });

  it.each(['/blog?page=9', '/blog?page=zero'])('shows the not-found page for %s', async (path) => {
    serve(notFound);
    renderAt(path);
    await screen.findByTestId('not-found');
    expect(screen.queryByTestId('blog-list')).toBeNull();
  });
});

describe('a blog article', () => {
  it('shows its title, date, reading time, cover, body and its other languages', async () => {
    const { calls } = serve((_call, url) =>
      url.pathname === '/api/blog/richtig-zitieren' ? json(200, { data: ARTICLE }) : notFound(),
    );
    renderAt('/de/blog/richtig-zitieren');
    const article = await screen.findByTestId('blog-article');
    expect(screen.getByTestId('page-title').textContent).toBe('Richtig zitieren');
    await waitFor(() => expect(document.title).toBe('Richtig zitieren · Quire'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Wann und wie Sie Quellen belegen.',
    );
    expect(screen.getByTestId('blog-article-meta').textContent).toBe('6. Oktober 2026 · 4 Min. Lesezeit');
    expect(article.querySelector('img')?.getAttribute('src')).toBe('/blog/covers/citing-sources.svg');
    const body = screen.getByTestId('blog-article-body');
    expect(body.querySelector('h2')?.textContent).toBe('Wann zitieren?');
    expect(body.querySelector('strong')?.textContent).toBe('dann');
    expect(screen.getByTestId('blog-translation-en').getAttribute('href')).toBe('/blog/citing-sources-correctly-apa-7');
    expect(screen.getByTestId('blog-translation-en').textContent).toBe('English');
    expect(screen.getByTestId('blog-translation-fr').getAttribute('href')).toBe(
      '/fr/blog/citer-ses-sources-apa-iso-690',
    );
    expect(screen.queryByTestId('blog-translation-de')).toBeNull();
    expect(screen.getByTestId('blog-back').getAttribute('href')).toBe('/de/blog');
    expect(calls.find((call) => call.url.startsWith('/api/blog'))?.headers.get('Accept-Language')).toBe('de');
  });

  it('follows a link inside the article within the app', async () => {
    serve((_call, url) =>
      url.pathname === '/api/blog/richtig-zitieren'
        ? json(200, { data: ARTICLE })
        : json(200, { data: { items: [summary('eins')], page: 1, pages: 1 } }),
    );
    const router = renderAt('/de/blog/richtig-zitieren');
    const link = (await screen.findByTestId('blog-article-body')).querySelector('a') as HTMLAnchorElement;
    fireEvent.click(link);
    await screen.findByTestId('blog-list');
    expect(router.state.location.pathname).toBe('/de/blog');
  });

  it('follows a translation link to the article in the other language', async () => {
    const english: BlogArticle = {
      ...ARTICLE,
      slug: 'citing-sources-correctly-apa-7',
      locale: 'en',
      title: 'Citing sources correctly',
      translations: { de: 'richtig-zitieren' },
    };
    serve((call, url) => {
      const language = call.headers.get('Accept-Language');
      if (url.pathname === '/api/blog/richtig-zitieren' && language === 'de') return json(200, { data: ARTICLE });
      if (url.pathname === '/api/blog/citing-sources-correctly-apa-7' && language === 'en')
        return json(200, { data: english });
      return notFound();
    });
    renderAt('/de/blog/richtig-zitieren');
    fireEvent.click(await screen.findByTestId('blog-translation-en'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Citing sources correctly'));
    expect(screen.getByTestId('blog-translation-de').getAttribute('href')).toBe('/de/blog/richtig-zitieren');
  });

  it('shows the not-found page for an article that does not exist in the language', async () => {
    serve(notFound);
    renderAt('/blog/no-such-article');
    await screen.findByTestId('not-found');
    expect(screen.queryByTestId('blog-article')).toBeNull();
  });
});
