import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** The id of the user the request is signed in as; routes with `auth: 'user'` always have one. */
export function signedInUserId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('unauthorized');
  return request.user.id;
}
