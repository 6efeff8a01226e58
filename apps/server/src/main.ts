import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { limitHeapGrowth } from './lifecycle/heap-growth';
import { createShutdown } from './lifecycle/shutdown';
import { createLogger } from './logger';
import { builtinProofreader } from './modules/proofreading/proofreading.service';

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { engine: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  const app = await buildApp({ config, database, logger });

  const shutdown = createShutdown({ app, database, timeoutMs: config.shutdownTimeoutMs });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void shutdown(signal).then((clean) => process.exit(clean ? 0 : 1));
    });
  }
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
    app.errorReporter.reportError(reason);
  });

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { services: config.services, database: database.engine, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `Quire is running at ${config.publicUrl}`,
  );
  // The proofreading threads load their dictionaries and harper.js now, in the background, rather than in the
  // first user's request (about 15 s).
  if (config.services.includes('gen') && config.proofreading.warm) {
    const started = performance.now();
    builtinProofreader({ threads: config.proofreading.threads })
      .warm()
      .then(() => logger.info({ ms: Math.round(performance.now() - started) }, 'the proofreading threads are warm'))
      .catch((error: unknown) => logger.warn({ err: error }, 'the proofreading threads did not warm up'));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Quire could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
