import type { GenerationResult } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { addResult, INITIAL_GENERATION_STATE } from './generation.state';
import { quotaOf } from './quota';

const result = (words: number): GenerationResult => ({
  id: `r${words}`,
  slug: 'write-chapter',
  created_at: '2026-03-03T10:00:00Z',
  inputs: {},
  words_used: words,
  text: 'x',
  citations: [],
  engine: { kind: 'builtin', model: null },
});

describe('words quota (spec §4, §6)', () => {
  const profile = { words_used: 1_000, words_limit: 1_500, words_extra: 500 };

  it('is available below 80% of limit plus extra words', () => {
    expect(quotaOf(profile, INITIAL_GENERATION_STATE)).toEqual({
      used: 1_000,
      total: 2_000,
      left: 1_000,
      state: 'available',
    });
  });

  it('counts the words written this session on top of the profile', () => {
    const state = addResult(INITIAL_GENERATION_STATE, result(600), profile);
    expect(quotaOf(profile, state)).toMatchObject({ used: 1_600, left: 400, state: 'nearly_used_up' });
  });

  it('is reached at the maximum and never shows fewer than 0 words left', () => {
    const state = addResult(INITIAL_GENERATION_STATE, result(1_200), profile);
    expect(quotaOf(profile, state)).toMatchObject({ used: 2_200, left: 0, state: 'reached' });
    expect(quotaOf({ words_used: 0, words_limit: 0, words_extra: 0 }, INITIAL_GENERATION_STATE).state).toBe('reached');
  });
});
