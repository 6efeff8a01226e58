import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';

const IDLE_SWEEP_MS = 50;

/**
 * Stops taking requests, lets in-flight ones finish, then closes the database.
 * Resolves true when everything closed within the timeout.
 */
export function createShutdown({
  app,
  database,
  timeoutMs,
}: {
  app: FastifyInstance;
  database: DatabaseHandle;
  timeoutMs: number;
}): (reason: string) => Promise<boolean> {
  let closing: Promise<boolean> | undefined;
  return (reason) => {
    closing ??= (async () => {
      app.log.info({ reason }, 'shutting down: finishing in-flight requests');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      // Connections that finish their request during shutdown turn idle keep-alives; close those as they appear.
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      const closed = (async () => {
        await app.close();
        await database.close();
        return true as const;
      })();
      const finished = await Promise.race([closed, timedOut]).finally(() => {
        clearTimeout(timer);
        clearInterval(sweep);
      });
      app.log.info({ finished }, finished ? 'shut down cleanly' : 'shutdown timed out');
      return finished;
    })();
    return closing;
  };
}
