import multipart from '@fastify/multipart';
import {
  AddPaperRequest,
  type BookmarkResult,
  ExportPapersRequest,
  IMPORT_MAX_BYTES,
  SearchRequest,
} from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import type { JobWorker } from '../../jobs/worker';
import type { FileLinks } from '../sources/sources.links';
import { sourcePresenter } from '../sources/sources.present';
import { cataloguesFor } from './catalogues/catalogues';
import { addPaper, bookmarkedPapers, exportPapers, importPapers, toggleBookmark } from './papers.service';
import type { SearchConfig } from './search.config';
import { searchPapers } from './search.service';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const BookmarkQuery = z.object({ source_id: z.string().trim().min(1).max(300) });

const EXPORT_FILES = {
  bibtex: { type: 'application/x-bibtex; charset=utf-8', name: 'quire-sources.bib' },
  ris: { type: 'application/x-research-info-systems; charset=utf-8', name: 'quire-sources.ris' },
} as const;

export type SearchRoutesOptions = { db: Database; config: SearchConfig; fileLinks: FileLinks; jobs: JobWorker };

/** Find sources (spec §1, §7): academic search, adding results to the library, bookmarks, BibTeX/RIS export and import. */
export async function searchRoutes(app: FastifyInstance, { db, config, fileLinks, jobs }: SearchRoutesOptions) {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const deps = { db, catalogues: cataloguesFor(config), cacheSeconds: config.cacheSeconds, fileLinks };
  const presentSource = sourcePresenter(fileLinks);

  app.get('/papers', { config: { auth: 'user', tool: 'find-sources' } }, async (request) => ({
    data: await searchPapers(
      { ...deps, logger: request.log },
      { userId: signedInUserId(request), request: validate(SearchRequest, request.query), locale: request.locale },
    ),
  }));

  app.post('/papers/add', { config: { auth: 'user' } }, async (request, reply) => {
    const { paper_id } = validate(AddPaperRequest, request.body);
    const row = await addPaper({ db, jobs, userId: signedInUserId(request), paperId: paper_id });
    return reply.code(201).send({ data: presentSource(row) });
  });

  app.post('/papers/export', { config: { auth: 'user' } }, async (request, reply) => {
    const { paper_ids, format } = validate(ExportPapersRequest, request.body);
    const text = await exportPapers({ db, userId: signedInUserId(request), paperIds: paper_ids, format });
    const file = EXPORT_FILES[format];
    return reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(text);
  });

  app.post('/papers/import', { config: { auth: 'user', formBody: 'multipart/form-data' } }, async (request, reply) => {
    const userId = signedInUserId(request);
    if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
      reply.header('connection', 'close');
      throw new AppError('payload_too_large');
    }
    const file = request.isMultipart() ? await request.file() : undefined;
    if (!file) {
      throw new AppError('validation_error', {
        fields: [{ path: 'file', field: 'file', key: 'required', params: {} }],
      });
    }
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      throw new AppError('payload_too_large', { cause: error });
    }
    return reply.code(201).send({ data: await importPapers({ db, userId, text: bytes.toString('utf8') }) });
  });

  app.post('/bookmark', { config: { auth: 'user' } }, async (request) => {
    const { source_id } = validate(BookmarkQuery, request.query);
    const data: BookmarkResult = {
      bookmarked: await toggleBookmark({ db, userId: signedInUserId(request), id: source_id }),
    };
    return { data };
  });

  app.get('/bookmarked', { config: { auth: 'user' } }, async (request) => ({
    data: await bookmarkedPapers({ db, userId: signedInUserId(request), locale: request.locale }),
  }));
}
