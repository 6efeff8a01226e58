import { historyEndpoints as endpoints, HistoryQuery, SHARE_TOKEN_PATTERN } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { searchConfigFor } from '../../text/language';
import { HistoryCursorParameter } from './history.cursor';
import { nextCursor, presentDetail, presentListItem, presentShared } from './history.present';
import { revokeShare, shareResult } from './history.service';
import { deleteResult, findResult, findShared, listResults } from './history.store';

/** The list's query with its cursor read back (a cursor this server did not write is a 400); the contract's, refined. */
const HistoryListQuery = HistoryQuery.extend({ before: HistoryCursorParameter.optional() });

/** The history of every tool and shared results (contracts history.ts). */
export async function historyRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  const user = { config: { auth: 'user' } } as const;

  endpointRoute(app, endpoints.list, user, async (_input, request) => {
    const { tool, q, before, limit } = validate(HistoryListQuery, request.query);
    // Stemmed as the reader writes: the request's language decides how the query's words are reduced.
    const search = q ? { q, config: searchConfigFor(request.locale) } : undefined;
    const rows = await listResults(db, { userId: signedInUserId(request), tool, search, before, limit });
    return { items: rows.map(presentListItem), next: nextCursor(rows, limit) };
  });

  endpointRoute(app, endpoints.get, user, async ({ params }, request) => {
    const row = await findResult(db, signedInUserId(request), params.id);
    if (!row) throw new AppError('not_found');
    return presentDetail(row);
  });

  endpointRoute(app, endpoints.remove, user, async ({ params }, request) => {
    if (!(await deleteResult(db, signedInUserId(request), params.id))) throw new AppError('not_found');
    return { deleted: true } as const;
  });

  // 201 with a new link, 200 with the link the result already had.
  endpointRoute(app, endpoints.share, user, async ({ params }, request, reply) => {
    const { link, created } = await shareResult({
      db,
      userId: signedInUserId(request),
      resultId: params.id,
      publicUrl: config.publicUrl,
    });
    reply.code(created ? 201 : 200);
    return link;
  });

  endpointRoute(app, endpoints.revokeShare, user, async ({ params }, request) => {
    await revokeShare({ db, userId: signedInUserId(request), resultId: params.id });
    return { revoked: true } as const;
  });

  endpointRoute(app, endpoints.shared, { config: { auth: 'public' } }, async ({ params }) => {
    const row = SHARE_TOKEN_PATTERN.test(params.token) ? await findShared(db, params.token) : undefined;
    if (!row) throw new AppError('not_found');
    return presentShared(row);
  });
}
