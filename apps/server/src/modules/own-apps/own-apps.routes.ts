import { ownAppsEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { presentOwnApp } from './own-apps.present';
import { changeOwnApp, createOwnApp, getOwnApp, ownAppsOf, removeOwnApp } from './own-apps.service';

/**
 * Own applications (contracts own-apps.ts): the user's own tools, each visible to its owner only. They run
 * through the writing tools' endpoints as `own-{id}` (modules/generation).
 */
export async function ownAppsRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const user = { config: { auth: 'user' } } as const;

  endpointRoute(app, endpoints.list, user, async (_input, request) =>
    (await ownAppsOf({ db, userId: signedInUserId(request) })).map(presentOwnApp),
  );

  endpointRoute(app, endpoints.create, user, async ({ body }, request) =>
    presentOwnApp(await createOwnApp({ db, userId: signedInUserId(request), definition: body })),
  );

  endpointRoute(app, endpoints.get, user, async ({ params }, request) =>
    presentOwnApp(await getOwnApp({ db, userId: signedInUserId(request), appId: params.id })),
  );

  endpointRoute(app, endpoints.update, user, async ({ params, body }, request) => {
    const userId = signedInUserId(request);
    return presentOwnApp(await changeOwnApp({ db, userId, appId: params.id, definition: body }));
  });

  endpointRoute(app, endpoints.remove, user, async ({ params }, request) => {
    await removeOwnApp({ db, userId: signedInUserId(request), appId: params.id });
    return { deleted: true } as const;
  });
}
