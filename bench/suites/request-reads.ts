import { performance } from 'node:perf_hooks';
import {
  findUserById,
  GENERATION_LIMITS,
  loadConfig,
  openDatabase,
  planAfterRollOver,
  refundWords,
  reserveWithinLimits,
  users,
} from '@quire/server/bench';
import { type Figure, percentile, round } from '../figures';

const WARM_UP_CALLS = 300;
const MEASURED_CALLS = 2_000;

/**
 * The two reads behind nearly every request, on the embedded database in this process: the signed-in user
 * (every request with a token) and the plan in force with its roll-over check (every run, question and deck).
 * Both are prepared once per database; drizzle would otherwise build their SQL again on every call. Beside
 * them, a run's start (its limits and its words' reservation, one call of start_generation) and the refund
 * that gives the words back, which keeps the user within the limits.
 */
export async function requestReads(): Promise<Figure[]> {
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  try {
    await database.migrate();
    const [user] = await database.db.insert(users).values({ email: 'reads@example.org', name: 'Reads' }).returning();
    const userId = user?.id ?? '';
    const config = loadConfig({});
    const userMs = await timeCalls(() => findUserById(database.db, userId));
    const planMs = await timeCalls(() => planAfterRollOver(database.db, userId, config));
    // Far above every call the benchmark makes, so that no start is refused.
    const limits = { startsPerMinute: 1_000_000, running: GENERATION_LIMITS.running };
    const start = { userId, limits, planLimit: 1_000_000_000, estimate: 720, holdSeconds: 600 };
    const startMs = await timeCalls(async () =>
      refundWords(database.db, await reserveWithinLimits(database.db, start)),
    );
    return [
      { name: 'requests: signed-in user read p50', value: round(percentile(userMs, 0.5) * 1000), unit: 'µs' },
      { name: 'requests: plan and roll-over read p50', value: round(percentile(planMs, 0.5) * 1000), unit: 'µs' },
      {
        name: "requests: a run's start and its refund p50",
        value: round(percentile(startMs, 0.5) * 1000),
        unit: 'µs',
      },
    ];
  } finally {
    await database.close();
  }
}

async function timeCalls(call: () => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < WARM_UP_CALLS; index++) await call();
  const durations: number[] = [];
  for (let index = 0; index < MEASURED_CALLS; index++) {
    const started = performance.now();
    await call();
    durations.push(performance.now() - started);
  }
  return durations;
}
