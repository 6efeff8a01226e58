import { AppError } from './app-error';

export type RateLimit = { limit: number; windowMs: number };

export type RateLimiter = {
  /** Counts one request for `key`; throws 429 `rate_limited` once the key used up its window. */
  take(key: string, now?: number): void;
};

/** Keys remembered at most; when full, windows that ran out are swept first, then the oldest go. */
const MAX_KEYS = 10_000;

/**
 * A fixed-window request counter kept in this instance's memory. It is a guard against floods (a loop in a
 * client, a script filling the tables), not a quota: behind a load balancer each instance counts on its own,
 * and a restart forgets the counts. Keys live in memory only, for their window, so a client address used
 * as a key is never written anywhere.
 */
export function createRateLimiter({ limit, windowMs }: RateLimit): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();

  function sweep(now: number): void {
    for (const [key, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(key);
    // Still full: the map keeps insertion order, so the first keys are the oldest windows.
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  }

  return {
    take(key, now = Date.now()) {
      const window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        if (!window && windows.size >= MAX_KEYS) sweep(now);
        windows.delete(key);
        windows.set(key, { startedAt: now, count: 1 });
        return;
      }
      if (window.count >= limit) throw new AppError('rate_limited');
      window.count += 1;
    },
  };
}
