import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Failed sign-ins allowed in one window, per account and per client address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 30, windowMinutes: 15 } as const;

const keysFor = (email: string, address: string) => ({
  account: `account:${email.trim().toLowerCase()}`,
  address: `address:${address}`,
});

/** Minutes until the next attempt is allowed, or 0 when it may go ahead now. */
export async function loginBlockedForMinutes(db: Database, email: string, address: string): Promise<number> {
  const keys = keysFor(email, address);
  const [account, byAddress] = await Promise.all([current(db, keys.account), current(db, keys.address)]);
  const blocked = [
    account && account.failures >= LOGIN_LIMITS.perAccount ? account : null,
    byAddress && byAddress.failures >= LOGIN_LIMITS.perAddress ? byAddress : null,
  ].filter((entry) => entry !== null);
  if (blocked.length === 0) return 0;
  const until =
    Math.max(...blocked.map((entry) => entry.windowStartedAt.getTime())) + LOGIN_LIMITS.windowMinutes * 60_000;
  return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
}

/** Counts a failed attempt against both the account and the address; a new window starts when the old one ran out. */
export async function recordLoginFailure(db: Database, email: string, address: string): Promise<void> {
  const windowStart = sql`now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})`;
  for (const key of Object.values(keysFor(email, address))) {
    await db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then now() else ${loginFailures.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keysFor(email, '').account));
}

async function current(db: Database, key: string) {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (!row) return null;
  const expired = row.windowStartedAt.getTime() + LOGIN_LIMITS.windowMinutes * 60_000 <= Date.now();
  return expired ? null : row;
}
