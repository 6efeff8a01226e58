import { healthEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../blobs/blob-store';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';

const READINESS_TIMEOUT_MS = 2_000;

/** Liveness (the process answers) and readiness (the database and the file store answer too). Open to everyone. */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; blobs: BlobStore },
): Promise<void> {
  const visitor = { config: { auth: 'public' } } as const;
  endpointRoute(app, endpoints.live, visitor, async () => ({ status: 'ok' }) as const);

  endpointRoute(app, endpoints.ready, visitor, async () => {
    try {
      // An instance whose bucket is unreachable cannot take uploads or serve files, so it is not ready either.
      await withTimeout(Promise.all([options.database.ping(), options.blobs.check()]), READINESS_TIMEOUT_MS);
    } catch (error) {
      throw new AppError('service_unavailable', { cause: error });
    }
    return { status: 'ready', database: options.database.engine } as const;
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
