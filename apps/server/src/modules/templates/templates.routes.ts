import { templatesEndpoints as endpoints, FLOW_SLUGS, GROUP_SLUGS } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { presentFlow, presentGroup } from './templates.present';
import { listTemplates, toggleFavourite } from './templates.service';

/** The tools as templates with the user's favourites (spec §7), and the flows and groups of spec §2. */
export async function templatesRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const user = { config: { auth: 'user' } } as const;
  const visitor = { config: { auth: 'public' } } as const;

  endpointRoute(app, endpoints.list, user, async (_input, request) =>
    listTemplates({ db, userId: signedInUserId(request), locale: request.locale }),
  );

  endpointRoute(app, endpoints.favourite, user, async ({ params }, request) =>
    toggleFavourite({ db, userId: signedInUserId(request), slug: params.slug }),
  );

  endpointRoute(app, endpoints.flows, visitor, async (_input, request) =>
    FLOW_SLUGS.map((slug) => presentFlow(slug, request.locale)),
  );

  endpointRoute(app, endpoints.groups, visitor, async (_input, request) =>
    GROUP_SLUGS.map((slug) => presentGroup(slug, request.locale)),
  );
}
