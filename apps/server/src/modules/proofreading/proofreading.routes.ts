import { proofreadingEndpoints as endpoints, type ProofreadingInputs } from '@quire/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { GENERATION_LIMITS, type GenerationLimits, takeModelCall } from '../generation/generation.limits';
import { abortWhenClientLeaves } from '../generation/generation.stream';
import type { ProofreadingService } from './proofreading.service';

/** 20,000 words of text in UTF-8 with its JSON envelope: more than the default 1 MB body allows. */
const PROOFREADING_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const ROUTE = { config: { auth: 'user', tool: 'proofreading' }, bodyLimit: PROOFREADING_BODY_LIMIT_BYTES } as const;

export type ProofreadingRoutesOptions = {
  service: ProofreadingService;
  db: Database;
  /** Checks with a model's rewrites a user may ask for a minute; GENERATION_LIMITS unless raised. */
  limits?: GenerationLimits;
};

/** Proofreading (gen group): the tool as other tools and the web page call it. */
export async function proofreadingRoutes(app: FastifyInstance, options: ProofreadingRoutesOptions): Promise<void> {
  endpointRoute(app, endpoints.check, ROUTE, ({ body }, request, reply) =>
    proofread(options, body.inputs, request, abortWhenClientLeaves(reply)),
  );
}

/** The same through the templates API (spec §7). */
export async function proofreadingTemplateRoutes(
  app: FastifyInstance,
  options: ProofreadingRoutesOptions,
): Promise<void> {
  endpointRoute(app, endpoints.execute, ROUTE, ({ body }, request, reply) =>
    proofread(options, body.inputs, request, abortWhenClientLeaves(reply)),
  );
}

async function proofread(
  { service, db, limits = GENERATION_LIMITS }: ProofreadingRoutesOptions,
  inputs: ProofreadingInputs,
  request: FastifyRequest,
  signal: AbortSignal,
) {
  const userId = signedInUserId(request);
  // The checkers answer as fast as a user types; only the model's rewrites count as a model call.
  if (inputs.rewrites) await takeModelCall(db, userId, 'proofreading-rewrites', limits);
  return service.proofread(userId, inputs, { locale: request.locale, signal });
}
