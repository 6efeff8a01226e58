import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('lets `limit` requests through per key and window, then answers rate_limited until the window ends', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1_000 });
    for (let index = 0; index < 3; index++) limiter.take('a', 100 + index);
    expect(() => limiter.take('a', 500)).toThrowError(AppError);
    expect(() => limiter.take('a', 500)).toThrowError('rate_limited');
    // Another key has its own count.
    expect(() => limiter.take('b', 500)).not.toThrow();
    // A new window starts once the old one ran out.
    expect(() => limiter.take('a', 1_100)).not.toThrow();
  });
});
