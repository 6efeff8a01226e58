import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createShutdown } from './lifecycle/shutdown';
import { createLogger } from './logger';

async function main(): Promise<void> {
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
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { services: config.services, database: database.engine, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `Quire is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Quire could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
