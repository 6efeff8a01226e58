import { describe, expect, it } from 'vitest';
import { quotaOf } from './quota';

describe('words quota (spec §4, §6)', () => {
  const profile = { words_used: 1_000, words_limit: 1_500, words_extra: 500 };

  it('is available below 80% of limit plus extra words', () => {
    expect(quotaOf(profile)).toEqual({ used: 1_000, total: 2_000, left: 1_000, state: 'available' });
  });

  it('is nearly used up from 80% of limit plus extra words', () => {
    expect(quotaOf({ ...profile, words_used: 1_600 })).toMatchObject({
      used: 1_600,
      left: 400,
      state: 'nearly_used_up',
    });
  });

  it('is reached at the maximum and never shows fewer than 0 words left', () => {
    expect(quotaOf({ ...profile, words_used: 2_200 })).toMatchObject({ used: 2_200, left: 0, state: 'reached' });
    expect(quotaOf({ words_used: 0, words_limit: 0, words_extra: 0 }).state).toBe('reached');
  });
});
