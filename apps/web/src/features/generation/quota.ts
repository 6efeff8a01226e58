import { type Profile, type WordLimitState, wordLimitState } from '@quire/contracts';

export type Quota = { used: number; total: number; left: number; state: WordLimitState };

/**
 * The words quota (spec §6): used = the profile's words (with those of this session's results counted in at
 * once), maximum = limit plus extra words; available, nearly used up (from 80%) or reached (spec §4).
 */
export function quotaOf(profile: Pick<Profile, 'words_used' | 'words_limit' | 'words_extra'>): Quota {
  const used = profile.words_used;
  const total = profile.words_limit + profile.words_extra;
  return {
    used,
    total,
    left: Math.max(total - used, 0),
    state: wordLimitState(used, profile.words_limit, profile.words_extra),
  };
}
