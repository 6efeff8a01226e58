import { type FavouriteToggle, FLOW_SLUGS, GROUP_SLUGS } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { signedInUserId } from '../../http/signed-in-user';
import { presentFlow, presentGroup } from './templates.present';
import { listTemplates, toggleFavourite } from './templates.service';

/** The tools as templates with the user's favourites (spec §7), and the flows and groups of spec §2. */
export async function templatesRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get('/prompt_templates', { config: { auth: 'user' } }, async (request) => ({
    data: await listTemplates({ db, userId: signedInUserId(request), locale: request.locale }),
  }));

  app.post<{ Params: { slug: string } }>(
    '/prompt_templates/:slug/favourite',
    { config: { auth: 'user' } },
    async (request) => {
      const data: FavouriteToggle = await toggleFavourite({
        db,
        userId: signedInUserId(request),
        slug: request.params.slug,
      });
      return { data };
    },
  );

  app.get('/flows', { config: { auth: 'public' } }, async (request) => ({
    data: FLOW_SLUGS.map((slug) => presentFlow(slug, request.locale)),
  }));

  app.get('/groups', { config: { auth: 'public' } }, async (request) => ({
    data: GROUP_SLUGS.map((slug) => presentGroup(slug, request.locale)),
  }));
}
