import { ProofreadingInputs } from '@quire/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { GENERATION_LIMITS, type GenerationLimits, takeModelCall } from '../generation/generation.limits';
import { abortWhenClientLeaves } from '../generation/generation.stream';
import type { ProofreadingService } from './proofreading.service';

/** 20,000 words of text in UTF-8 with its JSON envelope: more than the default 1 MB body allows. */
const PROOFREADING_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const ProofreadingRequest = z.object({ inputs: ProofreadingInputs });

export type ProofreadingRoutesOptions = {
  service: ProofreadingService;
  db: Database;
  /** Checks with a model's rewrites a user may ask for a minute; GENERATION_LIMITS unless raised. */
  limits?: GenerationLimits;
};

/** `POST /gen/proofreading` (gen group): the tool as other tools and the web page call it. */
export async function proofreadingRoutes(app: FastifyInstance, options: ProofreadingRoutesOptions): Promise<void> {
  app.post(
    '/proofreading',
    { config: { auth: 'user', tool: 'proofreading' }, bodyLimit: PROOFREADING_BODY_LIMIT_BYTES },
    (request, reply) => proofread(options, request, abortWhenClientLeaves(reply)),
  );
}

/** `POST /api/prompt_templates/proofreading/execute`: the same through the templates API (spec §7). */
export async function proofreadingTemplateRoutes(
  app: FastifyInstance,
  options: ProofreadingRoutesOptions,
): Promise<void> {
  app.post(
    '/prompt_templates/proofreading/execute',
    { config: { auth: 'user', tool: 'proofreading' }, bodyLimit: PROOFREADING_BODY_LIMIT_BYTES },
    (request, reply) => proofread(options, request, abortWhenClientLeaves(reply)),
  );
}

async function proofread(
  { service, db, limits = GENERATION_LIMITS }: ProofreadingRoutesOptions,
  request: FastifyRequest,
  signal: AbortSignal,
) {
  const { inputs } = validate(ProofreadingRequest, request.body);
  const userId = signedInUserId(request);
  // The checkers answer as fast as a user types; only the model's rewrites count as a model call.
  if (inputs.rewrites) await takeModelCall(db, userId, 'proofreading-rewrites', limits);
  const data = await service.proofread(userId, inputs, { locale: request.locale, signal });
  return { data };
}
