import multipart from '@fastify/multipart';
import { searchEndpoints as endpoints, IMPORT_MAX_BYTES } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import type { JobWorker } from '../../jobs/worker';
import type { FileLinks } from '../sources/sources.links';
import { sourcePresenter } from '../sources/sources.present';
import { cataloguesFor } from './catalogues/catalogues';
import { addPaper, bookmarkedPapers, exportPapers, importPapers, toggleBookmark } from './papers.service';
import type { SearchConfig } from './search.config';
import { searchPapers } from './search.service';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const EXPORT_FILES = {
  bibtex: { type: 'application/x-bibtex; charset=utf-8', name: 'quire-sources.bib' },
  biblatex: { type: 'application/x-bibtex; charset=utf-8', name: 'quire-sources-biblatex.bib' },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', name: 'quire-sources.ris' },
  'csl-json': { type: 'application/vnd.citationstyles.csl+json; charset=utf-8', name: 'quire-sources.json' },
} as const;

export type SearchRoutesOptions = { db: Database; config: SearchConfig; fileLinks: FileLinks; jobs: JobWorker };

/** Find sources (spec §1, §7): academic search, adding results to the library, bookmarks, BibTeX, BibLaTeX, RIS and CSL-JSON export and import. */
export async function searchRoutes(app: FastifyInstance, { db, config, fileLinks, jobs }: SearchRoutesOptions) {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const deps = { db, catalogues: cataloguesFor(config), cacheSeconds: config.cacheSeconds, fileLinks };
  const presentSource = sourcePresenter(fileLinks);

  const user = { config: { auth: 'user' } } as const;

  endpointRoute(app, endpoints.search, { config: { auth: 'user', tool: 'find-sources' } }, async ({ query }, request) =>
    searchPapers(
      { ...deps, logger: request.log },
      { userId: signedInUserId(request), request: query, locale: request.locale },
    ),
  );

  endpointRoute(app, endpoints.add, user, async ({ body }, request) =>
    presentSource(await addPaper({ db, jobs, userId: signedInUserId(request), paperId: body.paper_id })),
  );

  endpointRoute(app, endpoints.export, user, async ({ body }, request, reply) => {
    const { paper_ids, format } = body;
    const text = await exportPapers({ db, userId: signedInUserId(request), paperIds: paper_ids, format });
    const file = EXPORT_FILES[format];
    return reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(text);
  });

  const form = { config: { auth: 'user', formBody: 'multipart/form-data' } } as const;
  endpointRoute(app, endpoints.import, form, async (_input, request, reply) => {
    const userId = signedInUserId(request);
    if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
      reply.header('connection', 'close');
      throw new AppError('payload_too_large');
    }
    const fileRequired = (cause?: unknown) =>
      new AppError('validation_error', {
        cause,
        fields: [{ path: 'file', field: 'file', key: 'required', params: {} }],
      });
    // A body cut short (a dropped upload) fails while its parts are read: no file came.
    const file = request.isMultipart()
      ? await request.file().catch((error: unknown) => Promise.reject(fileRequired(error)))
      : undefined;
    if (!file) throw fileRequired();
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('payload_too_large', { cause: error });
      throw fileRequired(error);
    }
    return importPapers({ db, userId, text: bytes.toString('utf8') });
  });

  endpointRoute(app, endpoints.bookmark, user, async ({ query }, request) => ({
    bookmarked: await toggleBookmark({ db, userId: signedInUserId(request), id: query.source_id }),
  }));

  endpointRoute(app, endpoints.bookmarked, user, async (_input, request) =>
    bookmarkedPapers({ db, userId: signedInUserId(request), locale: request.locale }),
  );
}
