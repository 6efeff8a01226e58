import { ProofreadingInputs } from '@quire/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validate } from '../../http/validate';
import { signedInUserId } from '../accounts/accounts.routes';
import { abortWhenClientLeaves } from '../generation/generation.stream';
import type { ProofreadingService } from './proofreading.service';

/** 20,000 words of text in UTF-8 with its JSON envelope: more than the default 1 MB body allows. */
const PROOFREADING_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const ProofreadingRequest = z.object({ inputs: ProofreadingInputs });

export type ProofreadingRoutesOptions = { service: ProofreadingService };

/** `POST /gen/proofreading` (gen group): the tool as other tools and the web page call it. */
export async function proofreadingRoutes(app: FastifyInstance, { service }: ProofreadingRoutesOptions): Promise<void> {
  app.post(
    '/proofreading',
    { config: { auth: 'user', tool: 'proofreading' }, bodyLimit: PROOFREADING_BODY_LIMIT_BYTES },
    (request, reply) => proofread(service, request, abortWhenClientLeaves(reply)),
  );
}

/** `POST /api/prompt_templates/proofreading/execute`: the same through the templates API (spec §7). */
export async function proofreadingTemplateRoutes(
  app: FastifyInstance,
  { service }: ProofreadingRoutesOptions,
): Promise<void> {
  app.post(
    '/prompt_templates/proofreading/execute',
    { config: { auth: 'user', tool: 'proofreading' }, bodyLimit: PROOFREADING_BODY_LIMIT_BYTES },
    (request, reply) => proofread(service, request, abortWhenClientLeaves(reply)),
  );
}

async function proofread(service: ProofreadingService, request: FastifyRequest, signal: AbortSignal) {
  const { inputs } = validate(ProofreadingRequest, request.body);
  const data = await service.proofread(signedInUserId(request), inputs, { locale: request.locale, signal });
  return { data };
}
