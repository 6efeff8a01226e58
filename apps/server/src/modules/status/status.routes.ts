import type { ServerStatus } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** GET /api/status: maintenance flag and status banner, read by every client before a page renders. */
export async function statusRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  app.get('/status', { config: { auth: 'public', duringMaintenance: true } }, async (_request, reply) => {
    const status: ServerStatus = { maintenance: options.config.maintenance, banner: options.config.statusBanner };
    reply.header('cache-control', 'no-store');
    return { data: status };
  });
}
