import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { FileLinks } from '../sources/sources.links';
import type { Catalogues } from './catalogues/catalogues';

/** What a search needs from outside: the database, the catalogues, the cache's lifetime and the file links. */
export type SearchDependencies = {
  db: Database;
  catalogues: Catalogues;
  cacheSeconds: number;
  fileLinks: FileLinks;
  logger?: FastifyBaseLogger;
};
