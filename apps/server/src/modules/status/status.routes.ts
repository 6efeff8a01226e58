import type { ServerStatus } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { type AiGateway, describeEngine } from '../../ai/gateway';
import type { Config } from '../../config';

/**
 * GET /api/status: maintenance flag and status banner, read by every client before a page renders.
 * GET /api/status/engine: which engine writes (the built-in one, or which language model), so the UI can
 * say so plainly and explain how to connect a model.
 */
export async function statusRoutes(app: FastifyInstance, options: { config: Config; ai: AiGateway }): Promise<void> {
  app.get('/status', { config: { auth: 'public', duringMaintenance: true } }, async (_request, reply) => {
    const status: ServerStatus = { maintenance: options.config.maintenance, banner: options.config.statusBanner };
    reply.header('cache-control', 'no-store');
    return { data: status };
  });

  app.get('/status/engine', { config: { auth: 'public' } }, async () => ({ data: describeEngine(options.ai) }));
}
