import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, UploadWebsiteRequest } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../blobs/blob-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import type { JobWorker } from '../../jobs/worker';
import type { FileLinks } from './sources.links';
import { sourcePresenter } from './sources.present';
import {
  createDocumentSource,
  createWebsiteSource,
  deleteSource,
  listUserSources,
  openSourceFile,
  type SourceRow,
} from './sources.service';

/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The multipart parser's complaints about the body itself (no boundary, cut short inside a part). */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unsupported Content-Type\.|.*unexpected end of (multipart data|form))$/i;

/** Errors of the storage that mean it is full: the server's problem, for a while, not the file's. */
const STORAGE_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A multipart body without a boundary or that ends inside a part is a dropped or forged upload: the client's error, not a 500. A
 * full disk is a clean 503: nothing was stored (the blob store leaves no half file), so trying later is safe.
 */
function uploadFailure(error: unknown): unknown {
  if (error instanceof Error && !(error instanceof AppError) && MALFORMED_MULTIPART.test(error.message))
    return new AppError('validation_error', { cause: error });
  // Logged with its cause by the error handler; the user is asked to try again later.
  if (STORAGE_FULL.has((error as NodeJS.ErrnoException | undefined)?.code ?? ''))
    return new AppError('service_unavailable', { cause: error });
  return error;
}

export type SourcesOptions = { db: Database; blobs: BlobStore; fileLinks: FileLinks; jobs: JobWorker };

/** The document service's library: upload, lists, deletion and direct PDF links (spec §7, doc calls). */
export async function sourcesRoutes(
  app: FastifyInstance,
  { db, blobs, fileLinks, jobs }: SourcesOptions,
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const present = sourcePresenter(fileLinks);

  app.post(
    '/upload/document',
    { config: { auth: 'user', formBody: 'multipart/form-data' } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      // Refused before a byte is read when the request announces more than the limit.
      if (Number(request.headers['content-length'] ?? 0) > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
        reply.header('connection', 'close');
        throw new AppError('upload_too_large');
      }
      if (!request.isMultipart()) throw missingFile();
      const file = await request.file().catch((error: unknown) => Promise.reject(uploadFailure(error)));
      if (!file) throw missingFile();

      // Stop as soon as the limit is crossed, not after the rest has arrived.
      file.file.on('limit', () => file.file.destroy(new AppError('upload_too_large')));
      let row: SourceRow;
      try {
        row = await createDocumentSource({ db, blobs, jobs, userId, filename: file.filename, content: file.file });
      } catch (error) {
        if (error instanceof AppError && error.code === 'upload_too_large') reply.header('connection', 'close');
        throw uploadFailure(error);
      }
      return reply.code(201).send({ data: present(row) });
    },
  );

  app.post('/upload/website', { config: { auth: 'user' } }, async (request, reply) => {
    const userId = signedInUserId(request);
    const { link } = validate(UploadWebsiteRequest, request.body);
    const row = await createWebsiteSource({ db, jobs, userId, link });
    return reply.code(201).send({ data: present(row) });
  });

  app.get('/documents', { config: { auth: 'user' } }, async (request) => ({
    data: (await listUserSources(db, signedInUserId(request), 'document')).map(present),
  }));

  app.get('/websites', { config: { auth: 'user' } }, async (request) => ({
    data: (await listUserSources(db, signedInUserId(request), 'website')).map(present),
  }));

  app.delete<{ Params: { id: string } }>('/delete/document/:id', { config: { auth: 'user' } }, async (request) => {
    const data = await deleteSource({ db, blobs, userId: signedInUserId(request), sourceId: request.params.id });
    return { data };
  });

  // Public by design: the signature is the permission, so the link works in a viewer or a new tab.
  app.get<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
    '/documents/:id/file',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const { id } = request.params;
      if (!fileLinks.verify(id, request.query.expires, request.query.signature)) throw new AppError('not_found');
      const file = await openSourceFile(db, blobs, id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=300')
        .send(file.content);
    },
  );
}

function missingFile(): AppError {
  return new AppError('validation_error', { fields: [{ path: 'file', field: 'file', key: 'required', params: {} }] });
}
