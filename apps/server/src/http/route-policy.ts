import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route says whether visitors may call it ('public') or only logged-in users ('user'). */
    auth?: 'public' | 'user';
    /** Routes that keep answering while MAINTENANCE is on. */
    duringMaintenance?: boolean;
  }
}

/** Refuses at start-up any route that does not declare its auth policy, so none is public by accident. */
export function requireAuthPolicy(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.config?.auth) return;
    throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth ('public' or 'user')`);
  });
}

/** While maintenance is on, the route groups answer 503 `maintenance` except the routes marked to stay up. */
export function refuseDuringMaintenance(app: FastifyInstance, maintenance: boolean): void {
  if (!maintenance) return;
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.duringMaintenance) throw new AppError('maintenance');
  });
}
