import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchPage } from '@quire/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sendNotFound } from '../http/error-handler';
import type { BlogContent } from '../modules/blog/blog.content';
import { blogArticleHead, blogIndexHead, withPageHead } from '../modules/blog/blog.head';
import { robotsTxt, sitemapXml } from '../modules/blog/blog.sitemap';
import { sharedPageHtml } from '../modules/history/history.og';

const HASHED_ASSET = /^\/assets\//;
const NOT_SPA = /^\/(api|doc|gen|oidc)(\/|$)/;

export type SpaOptions = {
  distDir: string;
  /** Shared results' pages carry the result's title and excerpt for link previews. */
  db: Database;
  publicUrl: string;
  /** The blog's pages carry their article's title, description, translations and cover for crawlers. */
  blog: BlogContent;
};

/**
 * Serves the built web app: hashed assets cached for a year, every page path answered with index.html
 * (history fallback), with status 404 for paths that are no page so crawlers see the truth. A shared
 * result's page gets its Open Graph tags, or status 404 once the link is revoked; the blog's pages get their head
 * (hreflang links, Open Graph), or status 404 for an unknown article. /sitemap.xml lists the public pages and
 * articles of every locale, and /robots.txt names it unless the app ships its own.
 */
export async function serveSpa(app: FastifyInstance, { distDir, db, publicUrl, blog }: SpaOptions): Promise<boolean> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'the web app is not built; run `npm run build` to serve it');
    app.setNotFoundHandler(sendNotFound);
    return false;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    setHeaders: (response, path) => {
      const relative = path.slice(distDir.length).replaceAll('\\', '/');
      response.header(
        'cache-control',
        HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.get('/sitemap.xml', { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(blog, publicUrl)),
  );
  if (!existsSync(join(distDir, 'robots.txt'))) {
    app.get('/robots.txt', { config: { auth: 'public' } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(publicUrl)),
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path);
    if (!wantsPage || HASHED_ASSET.test(path)) return sendNotFound(request, reply);
    const page = matchPage(path);
    let html: string | null = indexHtml;
    if (page?.id === 'shared') {
      html = await sharedPageHtml(indexHtml, { db, publicUrl, token: page.params.token ?? '' });
    } else if (page?.id === 'blog' || page?.id === 'blogArticle') {
      const head =
        page.id === 'blog'
          ? await blogIndexHead(blog, { publicUrl, locale: page.locale, page: pageNumber(request.url) })
          : await blogArticleHead(blog, { publicUrl, locale: page.locale, slug: page.params.article ?? '' });
      html = head && withPageHead(indexHtml, head);
    }
    return reply
      .code(page && html ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html ?? indexHtml);
  });
  return true;
}

/** The index's `?page=`; anything but a whole number from 1 is no page (0, so the index answers 404). */
function pageNumber(url: string): number {
  const value = new URLSearchParams(url.split('?')[1] ?? '').get('page');
  if (value === null) return 1;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : 0;
}
