import { contactEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { createRateLimiter } from '../../http/rate-limit';
import { presentContactMessage } from './contact.present';
import { sendContactMessage } from './contact.service';

/** Messages one client address may send in ten minutes: a form is not a way to fill the table. */
export const CONTACT_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

/**
 * Open to visitors too: the error page sends 'nouser' as the address. Messages (contact
 * page, error page) and survey answers (rating, optional comment) alike.
 */
export async function contactRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const limiter = createRateLimiter(CONTACT_RATE_LIMIT);
  endpointRoute(app, endpoints.send, { config: { auth: 'public' } }, async ({ body: message }, request) => {
    limiter.take(request.ip);
    return presentContactMessage(await sendContactMessage({ db: options.db, message, locale: request.locale }));
  });
}
