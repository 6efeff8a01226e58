import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route says whether visitors may call it ('public') or only logged-in users ('user'). */
    auth?: 'public' | 'user';
    /** Routes that keep answering while MAINTENANCE is on. */
    duringMaintenance?: boolean;
    /**
     * The one body type a cross-site form could also send that the route takes: `multipart/form-data` for
     * file uploads, `text/plain` for the error-report tunnel. Other routes refuse form and text bodies.
     */
    formBody?: 'multipart/form-data' | 'text/plain';
  }
}

/** The body types a cross-site HTML form, or a fetch without a CORS preflight, can send. */
const FORM_BODY_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

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

/**
 * Refuses (415) form, multipart and text bodies on every route that does not declare it takes one
 * (`formBody`), so the API takes JSON, which another site cannot send without a preflight it fails. What
 * keeps other sites out is the Bearer token, which browsers never add to a cross-site request; this keeps a
 * route from acting on a body it never meant to read should anything authenticate without one.
 */
export function refuseFormBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // A path no route serves stays a 404, whatever its body.
    if (request.is404) return;
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (!type || !FORM_BODY_TYPES.has(type) || request.routeOptions.config?.formBody === type) return;
    throw new AppError('unsupported_media_type');
  });
}
