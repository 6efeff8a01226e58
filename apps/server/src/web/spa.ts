import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchPage } from '@quire/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from '../http/error-handler';

const HASHED_ASSET = /^\/assets\//;
const NOT_SPA = /^\/(api|doc|gen|oidc)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, every page path answered with index.html
 * (history fallback), with status 404 for paths that are no page so crawlers see the truth.
 */
export async function serveSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
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

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path);
    if (!wantsPage || HASHED_ASSET.test(path)) return sendNotFound(request, reply);
    return reply
      .code(matchPage(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
  return true;
}
