import { generationEndpoints as endpoints, type GenerationResult } from '@quire/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import type { JobWorker } from '../../jobs/worker';
import { cataloguesFor } from '../search/catalogues/catalogues';
import type { FileLinks } from '../sources/sources.links';
import { GENERATION_LIMITS, type GenerationLimits } from './generation.limits';
import { presentResult } from './generation.present';
import {
  beginRun,
  type GenerationDependencies,
  prepareRun,
  resolveTool,
  runGeneration,
  type ToolEngines,
} from './generation.service';
import { deleteHistoryItem, listHistory } from './generation.store';
import { abortWhenClientLeaves, errorEvent, openEventStream, wantsEventStream } from './generation.stream';

export type GenerationRoutesOptions = {
  db: Database;
  ai: AiGateway;
  engines: ToolEngines;
  config: Pick<Config, 'trial' | 'search' | 'jobLeaseSeconds'>;
  fileLinks: FileLinks;
  jobs: JobWorker;
  /** Raised by benchmarks and load tests; GENERATION_LIMITS otherwise. */
  limits?: GenerationLimits;
};

/** The generation backend (spec §7, gen group): run a tool, its history, and deleting from it. */
export async function generationRoutes(app: FastifyInstance, options: GenerationRoutesOptions): Promise<void> {
  const deps = generationDependencies(options);

  endpointRoute(app, endpoints.run, USER, ({ params, body }, request, reply) =>
    runTool(deps, request, reply, params.slug, body.inputs),
  );

  endpointRoute(app, endpoints.history, USER, async ({ query }, request) =>
    (await listHistory(options.db, signedInUserId(request), query.feature)).map(presentResult),
  );

  endpointRoute(app, endpoints.deleteHistory, USER, async ({ params }, request) => {
    if (!(await deleteHistoryItem(options.db, signedInUserId(request), params.id))) throw new AppError('not_found');
    return { deleted: true } as const;
  });
}

/** The same tools through the main API (spec §7): execute, execute_batch and the history of a template. */
export async function templateRunRoutes(app: FastifyInstance, options: GenerationRoutesOptions): Promise<void> {
  const deps = generationDependencies(options);

  endpointRoute(app, endpoints.execute, USER, ({ params, body }, request, reply) =>
    runTool(deps, request, reply, params.slug, body.inputs),
  );

  endpointRoute(app, endpoints.executeBatch, USER, async ({ params, body }, request, reply) => {
    const { inputs } = body;
    const userId = signedInUserId(request);
    const tool = await resolveTool(deps, userId, params.slug);
    // Every set of inputs is checked before the first one runs.
    const runs = inputs.map((each) => prepareRun(tool, each));
    const signal = abortWhenClientLeaves(reply);
    const results: GenerationResult[] = [];
    try {
      for (const [index, run] of runs.entries()) {
        // The batch is one start: only its first run is counted against the generation limits.
        const reservation = await beginRun(deps, run, userId, { limited: index === 0 });
        results.push(await runGeneration(deps, run, reservation, { locale: request.locale, signal }));
      }
    } catch (error) {
      if (!signal.aborted) throw error;
      request.log.info({ written: results.length }, 'the client left during a batch; the run under way was not stored');
      return reply.hijack();
    }
    return results;
  });

  endpointRoute(app, endpoints.prompts, USER, async ({ query }, request) =>
    (await listHistory(options.db, signedInUserId(request), query.prompt_template)).map(presentResult),
  );
}

const USER = { config: { auth: 'user' } } as const;

function generationDependencies({ db, ai, engines, config, fileLinks, jobs, limits }: GenerationRoutesOptions) {
  const research = {
    db,
    catalogues: cataloguesFor(config.search),
    cacheSeconds: config.search.cacheSeconds,
    fileLinks,
    jobs,
  };
  return {
    db,
    limits: limits ?? GENERATION_LIMITS,
    ai,
    engines,
    config,
    research,
  } satisfies GenerationDependencies;
}

/**
 * Runs one tool for the signed-in user. Unknown tools, invalid inputs, others' sources, a used-up quota and
 * the generation limits are ordinary error answers, also for a client that asked for a stream; after that the answer is one JSON
 * result or, with `Accept: text/event-stream`, its stages and text as they come, then `done` or `error`.
 */
async function runTool(
  deps: GenerationDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  inputs: Record<string, unknown>,
) {
  const userId = signedInUserId(request);
  const run = prepareRun(await resolveTool(deps, userId, slug), inputs);
  const signal = abortWhenClientLeaves(reply);
  const reservation = await beginRun(deps, run, userId);
  const options = { locale: request.locale, signal };
  if (!wantsEventStream(request)) {
    try {
      return await runGeneration(deps, run, reservation, options);
    } catch (error) {
      if (!signal.aborted) throw error;
      request.log.info('the client left before its text was written; nothing was stored or charged');
      return reply.hijack();
    }
  }
  const events = openEventStream(reply);
  try {
    const result = await runGeneration(deps, run, reservation, { ...options, onEvent: events.send });
    events.send({ type: 'done', result });
  } catch (error) {
    if (signal.aborted) request.log.info('the client left while its text was written; nothing was stored or charged');
    else events.send(errorEvent(request, error));
  } finally {
    events.end();
  }
}
