import { BlogIndexQuery, BlogSlug } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { validate } from '../../http/validate';
import { blogContentFor } from './blog.content';

/** The public blog in the request's language (contracts blog.ts). */
export async function blogRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const content = blogContentFor(config, app.log);

  app.get('/blog', { config: { auth: 'public' } }, async (request) => {
    const { page } = validate(BlogIndexQuery, request.query);
    const index = await content.list(request.locale, page);
    if (!index) throw new AppError('not_found');
    return { data: index };
  });

  app.get<{ Params: { slug: string } }>('/blog/:slug', { config: { auth: 'public' } }, async (request) => {
    const { slug } = request.params;
    const article = BlogSlug.safeParse(slug).success ? await content.article(request.locale, slug) : null;
    if (!article) throw new AppError('not_found');
    return { data: article };
  });
}
