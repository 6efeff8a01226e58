import { OwnAppDefinition } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { presentOwnApp } from './own-apps.present';
import { changeOwnApp, createOwnApp, getOwnApp, ownAppsOf, removeOwnApp } from './own-apps.service';

/**
 * Own applications (contracts own-apps.ts): the user's own tools, each visible to its owner only. They run
 * through the writing tools' endpoints as `own-{id}` (modules/generation).
 */
export async function ownAppsRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get('/own_apps', { config: { auth: 'user' } }, async (request) => ({
    data: (await ownAppsOf({ db, userId: signedInUserId(request) })).map(presentOwnApp),
  }));

  app.post('/own_apps', { config: { auth: 'user' } }, async (request, reply) => {
    const definition = validate(OwnAppDefinition, request.body);
    const row = await createOwnApp({ db, userId: signedInUserId(request), definition });
    return reply.code(201).send({ data: presentOwnApp(row) });
  });

  app.get<{ Params: { id: string } }>('/own_apps/:id', { config: { auth: 'user' } }, async (request) => ({
    data: presentOwnApp(await getOwnApp({ db, userId: signedInUserId(request), appId: request.params.id })),
  }));

  app.put<{ Params: { id: string } }>('/own_apps/:id', { config: { auth: 'user' } }, async (request) => {
    const definition = validate(OwnAppDefinition, request.body);
    const userId = signedInUserId(request);
    return { data: presentOwnApp(await changeOwnApp({ db, userId, appId: request.params.id, definition })) };
  });

  app.delete<{ Params: { id: string } }>('/own_apps/:id', { config: { auth: 'user' } }, async (request) => {
    await removeOwnApp({ db, userId: signedInUserId(request), appId: request.params.id });
    return { data: { deleted: true } };
  });
}
