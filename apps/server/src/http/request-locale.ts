import { type LocaleCode, negotiateLocale } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language for this request's messages, from its Accept-Language header. */
    locale: LocaleCode;
  }
}

export function installRequestLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (request, reply) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
}
