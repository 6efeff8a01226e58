import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import compress from '@fastify/compress';
import { SERVICE_GROUPS } from '@quire/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAiGateway } from './ai/gateway';
import { type BlobStore, createLocalBlobStore } from './blobs/blob-store';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerGroup } from './groups';
import { installRequestUser } from './http/authenticate';
import { installErrorHandler, sendFrameworkError, sendNotFound } from './http/error-handler';
import { installRequestLocale } from './http/request-locale';
import { recordRoutes } from './http/route-catalogue';
import { installSecurityHeaders } from './http/security-headers';
import { type RegisteredJob, registerJob } from './jobs/define-job';
import { type JobWorker, startJobWorker } from './jobs/worker';
import { createMailer, type Mailer } from './mail/mailer';
import type { BillingProvider } from './modules/billing/billing.provider';
import { createLocalProvider } from './modules/billing/local-provider';
import { syncPlans } from './modules/billing/plans.sync';
import { CANCEL_REPLACED_SUBSCRIPTION_JOB } from './modules/billing/replaced-subscriptions';
import { createStripeProvider } from './modules/billing/stripe/stripe-provider';
import { blogContentFor } from './modules/blog/blog.content';
import { TOOL_ENGINES } from './modules/generation/engines';
import type { GenerationLimits } from './modules/generation/generation.limits';
import { RELEASE_WORDS_JOB } from './modules/generation/generation.quota';
import type { ToolEngines } from './modules/generation/generation.service';
import { healthRoutes } from './modules/health/health.routes';
import { createIdentity } from './modules/identity/identity';
import { builtinProofreader, createProofreadingService } from './modules/proofreading/proofreading.service';
import { lookupDoi } from './modules/search/doi-lookup';
import { PROCESS_PAPER_JOB } from './modules/search/papers.processing';
import { createOcrEngine } from './modules/sources/ocr';
import { createPdfTextPool } from './modules/sources/pdf-text-pool';
import { createFileLinks } from './modules/sources/sources.links';
import { type LinkReaders, PROCESS_SOURCE_JOB } from './modules/sources/sources.processing';
import { closeStructureThreads } from './modules/sources/structure-thread';
import { PROCESS_WEBSITE_JOB } from './modules/sources/website.processing';
import { type ErrorReporter, startErrorReporting } from './observability/error-reporting';
import { reportRequestErrors } from './observability/request-errors';
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
  /** Who takes payments instead of the configured provider (tests give a failing one). */
  billingProvider?: BillingProvider;
  /** Where uploads are stored instead of the configured store (fault tests give one whose disk is full). */
  blobs?: BlobStore;
  /** Per-user generation limits instead of GENERATION_LIMITS (benchmarks and load tests raise them). */
  generationLimits?: GenerationLimits;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
    /** Sentry when SENTRY_DSN is set, else nothing; for errors outside requests (main's unhandled rejections). */
    errorReporter: ErrorReporter;
  }
}

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[\w-]{1,64}$/;

/** The jobs that read users' documents, links and papers: the instances of the document service run them. */
function documentJobs(readers: LinkReaders): RegisteredJob[] {
  return [
    registerJob(PROCESS_SOURCE_JOB, readers),
    registerJob(PROCESS_WEBSITE_JOB, readers),
    registerJob(PROCESS_PAPER_JOB, readers),
  ];
}

/** Builds the HTTP server with the route groups this instance serves; it does not listen yet. */
export async function buildApp({
  config,
  database,
  logger,
  mailer,
  startWorkers = true,
  engines = {},
  billingProvider,
  blobs: givenBlobs,
  generationLimits,
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
    // Malformed URLs and over-long path parameters answer with the error envelope too.
    frameworkErrors: sendFrameworkError,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  installRequestLocale(app);
  installRequestUser(app);
  recordRoutes(app);
  installErrorHandler(app);
  // Before any route, so that every route's errors are seen; @sentry/node is loaded only with a DSN.
  const errorReporter = await startErrorReporting(config.errorReporting, logger);
  app.decorate('errorReporter', errorReporter);
  reportRequestErrors(app, errorReporter);
  app.addHook('onClose', () => errorReporter.close());
  await installSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });

  const blobs = givenBlobs ?? (await configuredBlobStore(config));
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
  // Threads that read PDFs, on every core for a long one, so the event loop stays free; started with the first PDF.
  const textPool = createPdfTextPool();
  // The plans of PLANS_FILE (or the defaults) are what every instance sells and enforces.
  await syncPlans(database.db, config);
  const billing =
    billingProvider ??
    (config.billing.stripe
      ? createStripeProvider(config.billing.stripe, database.db, logger)
      : createLocalProvider(config));
  // Instances that serve the document service also process its sources.
  const jobs = startJobWorker({
    db: database.db,
    logger,
    jobs: [
      // Any instance gives back the words of a run whose process died.
      registerJob(RELEASE_WORDS_JOB),
      // Any instance ends at Stripe a subscription that a newly booked plan replaced.
      registerJob(CANCEL_REPLACED_SUBSCRIPTION_JOB, billing),
      ...(config.services.includes('doc')
        ? documentJobs({
            blobs,
            ocr,
            textPool,
            maxPages: config.maxPdfPages,
            lookupDoi: (doi) => lookupDoi({ db: database.db, config: config.search, logger }, doi),
            publicUrl: config.publicUrl,
            allowLoopback: config.allowLoopbackLinks,
          })
        : []),
    ],
    autostart: startWorkers,
    leaseSeconds: config.jobLeaseSeconds,
    limits: config.jobLimits,
  });
  app.decorate('jobs', jobs);
  // Running jobs are told to stop first (each goes back to the queue for the next instance), then the threads
  // they read with end, so none of them waits for a page to finish.
  app.addHook('onClose', async () => {
    const stopping = jobs.stop();
    await ocr.close();
    await textPool.close();
    await closeStructureThreads();
    await stopping;
  });
  const documents = { blobs, fileLinks: await createFileLinks(database.db), jobs };

  const ai = await createAiGateway(config.ai, logger);
  if (ai.engine === 'model') app.addHook('onClose', () => ai.close());
  // The proofreading threads are shared by the process; the first app to ask sets how many there are.
  builtinProofreader({ threads: config.proofreading.threads });
  const proofreading = createProofreadingService({
    db: database.db,
    ai,
    languageTool: config.languageTool,
    logger,
  });
  for (const group of SERVICE_GROUPS) {
    if (config.services.includes(group))
      await registerGroup(app, group, {
        config,
        database,
        identity,
        documents,
        ai,
        engines: { ...TOOL_ENGINES, ...engines },
        proofreading,
        billing,
        generationLimits,
      });
  }
  if (config.services.includes('web')) {
    await serveSpa(app, {
      distDir: config.webDistDir,
      db: database.db,
      publicUrl: config.publicUrl,
      blog: blogContentFor(config, logger),
    });
  } else {
    app.setNotFoundHandler(sendNotFound);
  }

  return app;
}

/** S3 when S3_* is set, else files in DATA_DIR. The AWS SDK loads only when used: it takes a second to load. */
async function configuredBlobStore(config: Config): Promise<BlobStore> {
  if (!config.s3) return createLocalBlobStore(join(config.dataDir, 'blobs'));
  const { createS3BlobStore } = await import('./blobs/s3-blob-store');
  return createS3BlobStore(config.s3);
}
