import type { sources } from '../../db/schema';

/** A source as stored; its own file so that the store and the passage indexer both use it without a cycle. */
export type SourceRow = typeof sources.$inferSelect;
