import type { WebSocket } from '@fastify/websocket';
import websocket from '@fastify/websocket';
import { type LiveEvent, type Source, sourcesEndpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { AccessTokenVerifier, TokenUserResolver } from '../../http/authenticate';
import { sendNotFound } from '../../http/error-handler';
import type { SourceRow } from './source-row';
import { findSource } from './sources.store';

const CHANNEL = 'quire_sources';
const HEARTBEAT_MS = 30_000;
/** Close codes in the application range: the client should sign in again, or was not allowed. */
export const LIVE_CLOSE = { unauthorized: 4401 } as const;

type Options = {
  database: DatabaseHandle;
  verifyAccessToken: AccessTokenVerifier;
  resolveUser: TokenUserResolver;
  present: (row: SourceRow) => Source;
};

/**
 * A WebSocket (sourcesEndpoints.live) pushing the signed-in user's source changes. Changes arrive from the
 * database (a trigger NOTIFYs on every change), so they reach the user whichever instance made them.
 */
export async function liveRoutes(app: FastifyInstance, { database, verifyAccessToken, resolveUser, present }: Options) {
  const sockets = new Map<string, Set<WebSocket>>();

  const stopListening = await database.listen(CHANNEL, (payload) => {
    void deliver(payload).catch((error) => app.log.warn({ err: error }, 'live update failed'));
  });
  const deliver = async (payload: string) => {
    const change = JSON.parse(payload) as { id: string; user_id: string; op: string };
    const targets = sockets.get(change.user_id);
    if (!targets?.size) return;
    let event: LiveEvent;
    if (change.op === 'DELETE') {
      event = { type: 'source.deleted', id: change.id };
    } else {
      const row = await findSource(database.db, change.id);
      if (!row) return;
      event = { type: 'source.updated', source: present(row) };
    }
    const message = JSON.stringify(event);
    for (const socket of targets) socket.send(message);
  };

  const heartbeat = setInterval(() => {
    for (const set of sockets.values()) for (const socket of set) socket.ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await stopListening();
    for (const set of sockets.values()) for (const socket of set) socket.close(1001);
  });

  await app.register(websocket, { options: { maxPayload: 1024 } });
  // 'public' at the HTTP layer: browsers cannot send headers with a WebSocket, so the token is checked here.
  // Registered by hand: endpointRoute has no WebSocket handler, so the descriptor is recorded here.
  const endpoint = sourcesEndpoints.live;
  app.route<{ Querystring: { token?: string } }>({
    method: endpoint.method,
    url: endpoint.path,
    config: { auth: 'public', endpoint },
    wsHandler: async (socket, request) => {
      const userId = await userOf(request.query.token);
      if (!userId) {
        socket.close(LIVE_CLOSE.unauthorized, 'unauthorized');
        return;
      }
      const set = sockets.get(userId) ?? new Set();
      set.add(socket);
      sockets.set(userId, set);
      socket.on('close', () => {
        set.delete(socket);
        if (set.size === 0) sockets.delete(userId);
      });
      const ready: LiveEvent = { type: 'ready' };
      socket.send(JSON.stringify(ready));
    },
    // A plain GET without an upgrade gets the JSON 404 of every API path (the plugin's own is an empty body).
    handler: sendNotFound,
  });

  async function userOf(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    try {
      return await resolveUser(await verifyAccessToken(token));
    } catch {
      return null;
    }
  }
}
