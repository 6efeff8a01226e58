import multipart from '@fastify/multipart';
import { sourcesEndpoints, UPLOAD_MAX_BYTES } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../blobs/blob-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import type { JobWorker } from '../../jobs/worker';
import type { FileLinks } from './sources.links';
import { sourcePresenter } from './sources.present';
import {
  createDocumentSource,
  createWebsiteSource,
  deleteSource,
  documentStructure,
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

  endpointRoute(
    app,
    sourcesEndpoints.uploadDocument,
    { config: { auth: 'user', formBody: 'multipart/form-data' } },
    async (_input, request, reply) => {
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
      return present(row);
    },
  );

  endpointRoute(app, sourcesEndpoints.uploadWebsite, { config: { auth: 'user' } }, async ({ body }, request) =>
    present(await createWebsiteSource({ db, jobs, userId: signedInUserId(request), link: body.link })),
  );

  endpointRoute(app, sourcesEndpoints.documents, { config: { auth: 'user' } }, async (_input, request) =>
    (await listUserSources(db, signedInUserId(request), 'document')).map(present),
  );

  endpointRoute(app, sourcesEndpoints.websites, { config: { auth: 'user' } }, async (_input, request) =>
    (await listUserSources(db, signedInUserId(request), 'website')).map(present),
  );

  endpointRoute(app, sourcesEndpoints.delete, { config: { auth: 'user' } }, async ({ params }, request) =>
    deleteSource({ db, blobs, jobs, userId: signedInUserId(request), sourceId: params.id }),
  );

  endpointRoute(app, sourcesEndpoints.structure, { config: { auth: 'user' } }, async ({ params }, request) =>
    documentStructure(db, signedInUserId(request), params.id),
  );

  // Public by design: the signature is the permission, so the link works in a viewer or a new tab.
  endpointRoute(
    app,
    sourcesEndpoints.file,
    { config: { auth: 'public' } },
    async ({ params, query }, _request, reply) => {
      if (!fileLinks.verify(params.id, query.expires, query.signature)) throw new AppError('not_found');
      const file = await openSourceFile(db, blobs, params.id);
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
