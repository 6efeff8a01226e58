import { statusEndpoints as endpoints, type ServerStatus } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { type AiGateway, describeEngine } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { createBannerReader, effectiveBanner } from './status.settings';

/**
 * The status: maintenance flag, status banner (STATUS_BANNER, else the one of `npm run status`), and the
 * settings the web app reads at run time (survey delay, where analytics and errors go); read by every client before
 * a page renders.
 * The engine: which engine writes (the built-in one, or which language model), so the UI can
 * say so plainly and explain how to connect a model.
 */
export async function statusRoutes(
  app: FastifyInstance,
  options: { config: Config; ai: AiGateway; db: Database },
): Promise<void> {
  const { config } = options;
  const storedBanner = createBannerReader({
    db: options.db,
    onError: (error) => app.log.warn({ err: error }, 'could not read the stored status banner'),
  });

  const always = { config: { auth: 'public', duringMaintenance: true } } as const;
  endpointRoute(app, endpoints.status, always, async (_input, _request, reply) => {
    const status: ServerStatus = {
      maintenance: config.maintenance,
      banner: effectiveBanner(config.statusBanner, await storedBanner()),
      survey_delay_seconds: config.surveyDelaySeconds,
      analytics: config.analytics,
      error_reporting: config.errorReporting,
    };
    reply.header('cache-control', 'no-store');
    return status;
  });

  endpointRoute(app, endpoints.engine, { config: { auth: 'public' } }, async () => describeEngine(options.ai));
}
