import type { Database } from './client';

/**
 * A query whose SQL is built once per database handle and then run with placeholders' values. drizzle builds
 * a query's SQL text from its builder on every call, a cost that grows with the query's nesting and that the
 * queries behind every request (the signed-in user, the plan in force) would pay again and again.
 * Keyed by the handle, so a transaction's handle prepares its own.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
