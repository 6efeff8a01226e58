import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceChunks, sources } from '../../db/schema';
import { bearer } from '../../test/fixtures';
import { OidcBrowser } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { mapReducePaperPdf } from '../../test/test-papers';
import { type LocalServer, startLocalServer } from './website/test-server';

const PDF = await mapReducePaperPdf();
const PARAGRAPH =
  'Die Bodenerosion hat in den letzten Jahrzehnten in vielen Regionen Mitteleuropas deutlich zugenommen. ' +
  'Starkregen, intensive Landwirtschaft und fehlende Bodenbedeckung verstärken den Abtrag fruchtbarer Erde.';
const ARTICLE = `<!doctype html><html lang="de"><head><title>Bodenerosion in Mitteleuropa | Umweltmagazin</title>
<meta name="author" content="Anna Schmidt"><meta property="article:published_time" content="2023-05-04"></head>
<body><nav>Start · Themen · Kontakt</nav><article><h1>Bodenerosion in Mitteleuropa</h1>
${Array.from({ length: 8 }, (_, i) => `<p>${PARAGRAPH} Abschnitt ${i + 1}.</p>`).join('')}</article>
<aside>Anzeige: Jetzt Gartenmöbel kaufen!</aside></body></html>`;

let site: LocalServer;
let test: TestApp;
let token: string;

beforeAll(async () => {
  site = await startLocalServer((request, response) => {
    if (request.url === '/article')
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    if (request.url === '/paper') return response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (request.url === '/image')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100));
    if (request.url === '/metadata')
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    response.writeHead(404).end();
  });
  test = await startTestApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
  token = (
    await new OidcBrowser(test.baseUrl).signUp({ name: 'Web', email: 'web@example.org', password: 'reads-the-web' })
  ).access_token;
});
afterAll(async () => {
  await test.close();
  await site.close();
});

async function addLink(app: TestApp, link: string, as = token) {
  const response = await app.request('/doc/upload/website', jsonRequest('POST', { link }, bearer(as)));
  expect(response.status).toBe(201);
  const { data } = await readBody(response);
  await app.app.jobs.drain();
  const [row] = await app.database.db.select().from(sources).where(eq(sources.id, data.id));
  return { created: data, row };
}

describe('adding a web page', () => {
  it('answers with a processing "Article", then keeps the article text without navigation or ads', async () => {
    const { created, row } = await addLink(test, `${site.origin}/article`);
    expect(created).toMatchObject({
      type: 'website',
      state: 'processing',
      name: `127.0.0.1:${site.port}/article`,
      pdf_url: null,
    });
    expect(row).toMatchObject({
      state: 'usable',
      language: 'de',
      title: 'Bodenerosion in Mitteleuropa',
      authors: ['Anna Schmidt'],
      year: 2023,
    });
    const chunks = await test.database.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, created.id));
    const text = chunks.map((chunk) => chunk.text).join(' ');
    expect(text).toContain('Starkregen, intensive Landwirtschaft');
    expect(text).not.toContain('Gartenmöbel');
    expect(text).not.toContain('Kontakt');
    expect(chunks.every((chunk) => chunk.searchConfig === 'german')).toBe(true);

    const websites = await readBody(await test.request('/doc/websites', { headers: bearer(token) }));
    expect(websites.data.map((source: { id: string }) => source.id)).toContain(created.id);
    const documents = await readBody(await test.request('/doc/documents', { headers: bearer(token) }));
    expect(documents.data.map((source: { id: string }) => source.id)).not.toContain(created.id);
  });

  it('handles a link that serves a PDF as a PDF', async () => {
    const { created, row } = await addLink(test, `${site.origin}/paper`);
    expect(row?.state).toBe('usable');
    expect(row?.pageCount).toBeGreaterThan(5);
    const list = await readBody(await test.request('/doc/websites', { headers: bearer(token) }));
    expect(list.data.find((source: { id: string }) => source.id === created.id)?.pdf_url).toMatch(/\/file\?expires=/);
  });

  it.each([
    ['an image', '/image'],
    ['a redirect to the cloud metadata address', '/metadata'],
    ['a missing page', '/missing'],
  ])('fails %s with upload_error_url', async (_case, path) => {
    const { row } = await addLink(test, `${site.origin}${path}`);
    expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_url' });
  });

  it('refuses loopback links unless ALLOW_PRIVATE_URLS is on', async () => {
    const strict = await startTestApp({ database: test.database });
    try {
      const strictToken = (
        await new OidcBrowser(strict.baseUrl).signUp({
          name: 'Strict',
          email: 'strict@example.org',
          password: 'no-loopback-here',
        })
      ).access_token;
      const { row } = await addLink(strict, `${site.origin}/article`, strictToken);
      expect(row).toMatchObject({ state: 'failed', errorCode: 'upload_error_url' });
      expect(site.requests.filter((request) => request.url === '/article')).toHaveLength(1);
    } finally {
      await strict.app.close();
    }
  });

  it('validates the link in the spec wording', async () => {
    const ftp = await test.request(
      '/doc/upload/website',
      jsonRequest('POST', { link: 'ftp://example.org/paper.pdf' }, bearer(token)),
    );
    expect(ftp.status).toBe(400);
    expect((await readBody(ftp)).error.message).toBe('Not a valid URL.');
    const none = await test.request(
      '/doc/upload/website',
      jsonRequest('POST', {}, { ...bearer(token), 'accept-language': 'fr' }),
    );
    expect((await readBody(none)).error.message).toBe('Lien est obligatoire');
  });
});
