import { BlogSlug, blogEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { blogContentFor } from './blog.content';

/** The public blog in the request's language (contracts blog.ts). */
export async function blogRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const content = blogContentFor(config, app.log);
  const visitor = { config: { auth: 'public' } } as const;

  endpointRoute(app, endpoints.index, visitor, async ({ query }, request) => {
    const index = await content.list(request.locale, query.page);
    if (!index) throw new AppError('not_found');
    return index;
  });

  endpointRoute(app, endpoints.article, visitor, async ({ params }, request) => {
    const { slug } = params;
    const article = BlogSlug.safeParse(slug).success ? await content.article(request.locale, slug) : null;
    if (!article) throw new AppError('not_found');
    return article;
  });
}
