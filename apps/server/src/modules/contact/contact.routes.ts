import { ContactMessageRequest } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { validate } from '../../http/validate';
import { presentContactMessage } from './contact.present';
import { sendContactMessage } from './contact.service';

/** POST /api/contact/ — open to visitors too: the error page sends 'nouser' as the address. */
export async function contactRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.post('/contact/', { config: { auth: 'public' } }, async (request, reply) => {
    const message = validate(ContactMessageRequest, request.body);
    const row = await sendContactMessage({ db: options.db, message, locale: request.locale });
    return reply.code(201).send({ data: presentContactMessage(row) });
  });
}
