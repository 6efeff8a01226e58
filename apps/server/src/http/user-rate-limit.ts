import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userRateWindows } from '../db/schema';
import { AppError } from './app-error';

export type UserRateLimit = {
  /** What is limited, one window per user each: `generation`, `source-chat`. */
  action: string;
  limit: number;
  windowSeconds: number;
};

/** Enough of a database or a transaction to count in a window. */
type Queryable = Pick<Database, 'insert'>;

/**
 * Counts one `action` of the user in a fixed window kept in the database, so that all instances behind a
 * load balancer count together (rate-limit.ts counts in each instance's memory). Throws 429 `rate_limited`,
 * with the seconds left in the window as Retry-After, once the window holds more than `limit`. A run's start
 * counts in the same window table, with its other checks, in the database function start_generation.
 */
export async function takeUserRateLimit(
  db: Queryable,
  userId: string,
  { action, limit, windowSeconds }: UserRateLimit,
): Promise<void> {
  const windowOver = sql`${userRateWindows.startedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [window] = await db
    .insert(userRateWindows)
    .values({ userId, action, count: 1, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [userRateWindows.userId, userRateWindows.action],
      set: {
        count: sql`case when ${windowOver} then 1 else ${userRateWindows.count} + 1 end`,
        startedAt: sql`case when ${windowOver} then now() else ${userRateWindows.startedAt} end`,
      },
    })
    .returning({
      count: userRateWindows.count,
      secondsLeft: sql<number>`extract(epoch from ${userRateWindows.startedAt}
        + make_interval(secs => ${windowSeconds}) - now())::float8`,
    });
  if (window && window.count > limit) {
    throw new AppError('rate_limited', { retryAfterSeconds: Math.max(1, Math.ceil(Number(window.secondsLeft))) });
  }
}
