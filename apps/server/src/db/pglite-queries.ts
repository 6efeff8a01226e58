import { type PGlite, parse, protocol, type QueryOptions, type Results, types } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What drizzle uses of a PGlite client. */
export type PgliteQueries = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The types drizzle asks PGlite to leave as text, which it turns into values itself: timestamps (with and
 * without zone), intervals, dates, and arrays of those and of numeric.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1115,
  1185,
  1187,
  1182,
  1231,
];

/** Prepared statements kept; the one used longest ago is closed when another is needed. */
export const MAX_STATEMENTS = 256;
/** PostgreSQL's "cached plan must not change result type", after a table's columns changed. */
const PLAN_RESULT_CHANGED = '0A000';

type Statement = {
  name: string;
  paramTypes: number[];
  /** The columns of its rows, as the statement's description gave them; null for a statement without rows. */
  rowDescription: BackendMessage | null;
};

/**
 * drizzle's queries on PGlite, run the way a PostgreSQL driver runs prepared statements:
 * - Each query text becomes a named prepared statement on its first run: later runs skip parsing and,
 *   once PostgreSQL settles on a generic plan, planning; and their bind, execute and sync go into the
 *   database in one call, without describing the rows again (their columns are known from preparing).
 *   For a small query that is most of its time.
 * - drizzle sends its text parsers with every query, and PGlite merges them into the instance's own (some
 *   320 with the array types) for each query: more than half of a small query's time. The instance gets
 *   the same parsers once, so every value is read as before.
 * Queries keep PGlite's order: one at a time, and outside a transaction only when none is open.
 */
export function pgliteQueries(client: PGlite): PgliteQueries {
  const run = statementRunner(client);
  let parsersGiven = false;
  // Given once the instance is ready: starting, it sets the array types' parsers, drizzle's among them.
  const giveParsers = async () => {
    await client.waitReady;
    for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
    parsersGiven = true;
  };
  return {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (!parsersGiven) await giveParsers();
      return client._runExclusiveTransaction(async () => {
        const results = await run<T>(text, params, options);
        // As PGlite does after a query outside a transaction (a no-op on the Node and memory file systems).
        await client.syncToFs();
        return results;
      });
    },
    // The transaction keeps its own members (`closed` is a getter); only its queries go through here.
    transaction: async (callback) => {
      if (!parsersGiven) await giveParsers();
      return client.transaction((tx) => callback(Object.create(tx, { query: { value: run } })));
    },
  };
}

function statementRunner(client: PGlite) {
  const statements = new Map<string, Statement>();
  /** Statements dropped from the map, closed with the next one prepared. */
  const retired: string[] = [];
  let counter = 0;

  const prepare = async (text: string): Promise<Statement> => {
    const name = `quire_${++counter}`;
    const closing = retired.splice(0).map((old) => protocol.serialize.close({ type: 'S', name: old }));
    const messages = await exec(client, [
      ...closing,
      protocol.serialize.parse({ name, text, types: [] }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    // The map's first key is the statement used longest ago.
    const oldest = statements.keys().next().value;
    if (statements.size > MAX_STATEMENTS && oldest !== undefined) forget(oldest);
    return statement;
  };

  const execute = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const known = statements.get(text);
    if (known) {
      // Used last: moves to the end of the map, the far side from eviction.
      statements.delete(text);
      statements.set(text, known);
    }
    const { name, paramTypes, rowDescription } = known ?? (await prepare(text));
    const values = params.map((value, index) => serialize(client, value, paramTypes[index]));
    try {
      // The columns are those the statement described when it was prepared: a statement's result type cannot
      // change (PostgreSQL fails the run instead, below), so each run skips describing them again.
      const messages = await exec(client, [
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      // The instance's parsers already hold drizzle's; merging them in again for each query is what is avoided.
      const [results] = parse.parseResults(rowDescription ? [rowDescription, ...messages] : messages, client.parsers, {
        rowMode: options?.rowMode,
      });
      return results as Results<T>;
    } catch (error) {
      // A statement prepared before its table changed is prepared again on its next run.
      if ((error as { code?: string }).code === PLAN_RESULT_CHANGED) forget(text);
      throw error;
    }
  };

  const forget = (text: string) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    retired.push(statement.name);
  };

  return <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> =>
    client._runExclusiveQuery(() => execute<T>(text, params, options));
}

/** A parameter as PGlite's own query sends it: by its type's serializer, else as text. */
function serialize(client: PGlite, value: unknown, type: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : client.serializers[type];
  return serializer ? serializer(value) : String(value);
}

/** Sends protocol messages in one call; the sync at the end puts the session back in order after an error. */
function exec(client: PGlite, messages: Uint8Array[]) {
  const buffer = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    buffer.set(message, offset);
    offset += message.length;
  }
  return client.execProtocolStream(buffer, { syncToFs: false });
}
