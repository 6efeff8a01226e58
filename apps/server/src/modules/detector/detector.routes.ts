import { detectorEndpoints } from '@quire/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { GENERATION_LIMITS, type GenerationLimits, takeModelCall } from '../generation/generation.limits';
import { abortWhenClientLeaves } from '../generation/generation.stream';
import { detectAiText } from './detector.service';

/** 20,000 words of text in UTF-8 with its JSON envelope: more than the default 1 MB body allows. */
const DETECTOR_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export type DetectorRoutesOptions = {
  ai: AiGateway;
  db: Database;
  logger: FastifyBaseLogger;
  /** Runs a user may start a minute (`startsPerMinute`); GENERATION_LIMITS unless raised for load tests. */
  limits?: GenerationLimits;
};

/** The AI detector (gen group): per-sentence likelihood that a text is machine-written. */
export async function detectorRoutes(
  app: FastifyInstance,
  { ai, db, logger, limits = GENERATION_LIMITS }: DetectorRoutesOptions,
): Promise<void> {
  endpointRoute(
    app,
    detectorEndpoints.detect,
    { config: { auth: 'user', tool: 'ai-detector' }, bodyLimit: DETECTOR_BODY_LIMIT_BYTES },
    async ({ body }, request, reply) => {
      await takeModelCall(db, signedInUserId(request), 'ai-detector', limits);
      const signal = abortWhenClientLeaves(reply);
      return detectAiText({ ai, logger }, body.inputs, { locale: request.locale, signal });
    },
  );
}
