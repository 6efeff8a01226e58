import { DetectorInputs } from '@quire/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AiGateway } from '../../ai/gateway';
import type { Database } from '../../db/client';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { GENERATION_LIMITS, type GenerationLimits, takeModelCall } from '../generation/generation.limits';
import { abortWhenClientLeaves } from '../generation/generation.stream';
import { detectAiText } from './detector.service';

/** 20,000 words of text in UTF-8 with its JSON envelope: more than the default 1 MB body allows. */
const DETECTOR_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const DetectorRequest = z.object({ inputs: DetectorInputs });

export type DetectorRoutesOptions = {
  ai: AiGateway;
  db: Database;
  logger: FastifyBaseLogger;
  /** Runs a user may start a minute (`startsPerMinute`); GENERATION_LIMITS unless raised for load tests. */
  limits?: GenerationLimits;
};

/** `POST /gen/ai-detector` (gen group): per-sentence likelihood that a text is machine-written. */
export async function detectorRoutes(
  app: FastifyInstance,
  { ai, db, logger, limits = GENERATION_LIMITS }: DetectorRoutesOptions,
): Promise<void> {
  app.post(
    '/ai-detector',
    { config: { auth: 'user', tool: 'ai-detector' }, bodyLimit: DETECTOR_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const { inputs } = validate(DetectorRequest, request.body);
      await takeModelCall(db, signedInUserId(request), 'ai-detector', limits);
      const data = await detectAiText({ ai, logger }, inputs, {
        locale: request.locale,
        signal: abortWhenClientLeaves(reply),
      });
      return { data };
    },
  );
}
