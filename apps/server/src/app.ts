import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import compress from '@fastify/compress';
import { SERVICE_GROUPS } from '@quire/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAiGateway } from './ai/gateway';
import { createLocalBlobStore } from './blobs/blob-store';
import { createS3BlobStore } from './blobs/s3-blob-store';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerGroup } from './groups';
import { installRequestUser } from './http/authenticate';
import { installErrorHandler, sendNotFound } from './http/error-handler';
import { installRequestLocale } from './http/request-locale';
import { recordRoutes } from './http/route-catalogue';
import { installSecurityHeaders } from './http/security-headers';
import { type JobWorker, startJobWorker } from './jobs/worker';
import { createMailer, type Mailer } from './mail/mailer';
import { TOOL_ENGINES } from './modules/generation/engines';
import type { ToolEngines } from './modules/generation/generation.service';
import { healthRoutes } from './modules/health/health.routes';
import { createIdentity } from './modules/identity/identity';
import { PROCESS_PAPER_JOB, processPaperHandler } from './modules/search/papers.processing';
import { createOcrEngine } from './modules/sources/ocr';
import { createPdfTextPool } from './modules/sources/pdf-text-pool';
import { createFileLinks } from './modules/sources/sources.links';
import { PROCESS_SOURCE_JOB, processSourceHandler } from './modules/sources/sources.processing';
import { PROCESS_WEBSITE_JOB, processWebsiteHandler } from './modules/sources/website.processing';
import { serveSpa } from './web/spa';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  mailer?: Mailer;
  /** Background jobs start polling at once unless false (tests drain them by hand). */
  startWorkers?: boolean;
  /** Writing tools' engines that take the place of the registry's, by tool (tests give their own). */
  engines?: ToolEngines;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
  }
}

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[\w-]{1,64}$/;

/** Builds the HTTP server with the route groups this instance serves; it does not listen yet. */
export async function buildApp({
  config,
  database,
  logger,
  mailer,
  startWorkers = true,
  engines = {},
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Ids are read in genReqId, so a caller cannot inject arbitrary text into the logs.
    requestIdHeader: false,
    // A caller's request id is kept when it looks like one, so logs can be followed across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  installRequestLocale(app);
  installRequestUser(app);
  recordRoutes(app);
  installErrorHandler(app);
  await installSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });

  const blobs = config.s3 ? createS3BlobStore(config.s3) : createLocalBlobStore(join(config.dataDir, 'blobs'));
  await app.register(healthRoutes, { database, blobs });
  const identity = await createIdentity({
    config,
    db: database.db,
    mailer: mailer ?? createMailer(config.mail, logger),
  });
  // The embedded identity provider goes with the main API (accounts live there).
  if (config.services.includes('api')) await identity.register(app);
  // Tesseract workers start on the first scanned page, not here.
  const ocr = createOcrEngine({ logger });
  // Threads that read long PDFs on every core; started with the first long document.
  const textPool = createPdfTextPool();
  // Instances that serve the document service also process its sources.
  const jobs = startJobWorker({
    db: database.db,
    logger,
    handlers: config.services.includes('doc')
      ? {
          [PROCESS_SOURCE_JOB]: processSourceHandler({ blobs, ocr, textPool }),
          [PROCESS_WEBSITE_JOB]: processWebsiteHandler({
            blobs,
            publicUrl: config.publicUrl,
            allowLoopback: config.allowLoopbackLinks,
            ocr,
            textPool,
          }),
          [PROCESS_PAPER_JOB]: processPaperHandler({
            blobs,
            publicUrl: config.publicUrl,
            allowLoopback: config.allowLoopbackLinks,
            ocr,
            textPool,
          }),
        }
      : {},
    autostart: startWorkers,
    leaseSeconds: config.jobLeaseSeconds,
  });
  app.decorate('jobs', jobs);
  // OCR stops first: a job cut short in a scanned page fails, and is retried after the restart.
  app.addHook('onClose', async () => {
    await ocr.close();
    await textPool.close();
    await jobs.stop();
  });
  const documents = { blobs, fileLinks: await createFileLinks(database.db), jobs };

  const ai = await createAiGateway(config.ai, logger);
  for (const group of SERVICE_GROUPS) {
    if (config.services.includes(group))
      await registerGroup(app, group, {
        config,
        database,
        identity,
        documents,
        ai,
        engines: { ...TOOL_ENGINES, ...engines },
      });
  }
  if (config.services.includes('web')) await serveSpa(app, config.webDistDir);
  else app.setNotFoundHandler(sendNotFound);

  return app;
}
