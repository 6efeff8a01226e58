import { HistoryQuery, SHARE_TOKEN_PATTERN } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { searchConfigFor } from '../../text/language';
import { HistoryCursorParameter } from './history.cursor';
import { nextCursor, presentDetail, presentListItem, presentShared } from './history.present';
import { revokeShare, shareResult } from './history.service';
import { deleteResult, findResult, findShared, listResults } from './history.store';

/** The list's query with its cursor read back (a cursor this server did not write is a 400). */
const HistoryListQuery = HistoryQuery.extend({ before: HistoryCursorParameter.optional() });

type WithId = { Params: { id: string } };

/** The history of every tool and shared results (contracts history.ts). */
export async function historyRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  app.get('/history', { config: { auth: 'user' } }, async (request) => {
    const { tool, q, before, limit } = validate(HistoryListQuery, request.query);
    // Stemmed as the reader writes: the request's language decides how the query's words are reduced.
    const search = q ? { q, config: searchConfigFor(request.locale) } : undefined;
    const rows = await listResults(db, { userId: signedInUserId(request), tool, search, before, limit });
    return { data: { items: rows.map(presentListItem), next: nextCursor(rows, limit) } };
  });

  app.get<WithId>('/history/:id', { config: { auth: 'user' } }, async (request) => {
    const row = await findResult(db, signedInUserId(request), request.params.id);
    if (!row) throw new AppError('not_found');
    return { data: presentDetail(row) };
  });

  app.delete<WithId>('/history/:id', { config: { auth: 'user' } }, async (request) => {
    if (!(await deleteResult(db, signedInUserId(request), request.params.id))) throw new AppError('not_found');
    return { data: { deleted: true } };
  });

  // 201 with a new link, 200 with the link the result already had.
  app.post<WithId>('/history/:id/share', { config: { auth: 'user' } }, async (request, reply) => {
    const { link, created } = await shareResult({
      db,
      userId: signedInUserId(request),
      resultId: request.params.id,
      publicUrl: config.publicUrl,
    });
    return reply.code(created ? 201 : 200).send({ data: link });
  });

  app.delete<WithId>('/history/:id/share', { config: { auth: 'user' } }, async (request) => {
    await revokeShare({ db, userId: signedInUserId(request), resultId: request.params.id });
    return { data: { revoked: true } };
  });

  app.get<{ Params: { token: string } }>('/shared/:token', { config: { auth: 'public' } }, async (request) => {
    const { token } = request.params;
    const row = SHARE_TOKEN_PATTERN.test(token) ? await findShared(db, token) : undefined;
    if (!row) throw new AppError('not_found');
    return { data: presentShared(row) };
  });
}
