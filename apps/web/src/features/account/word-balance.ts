import { type Profile, type WordLimitState, wordLimitState } from '@quire/contracts';

export type WordBalance = {
  used: number;
  /** The monthly limit plus extra words (spec §6). */
  total: number;
  /** Words still available, never below 0. */
  left: number;
  /** Share of the total used, 0 to 1. */
  usedShare: number;
  state: WordLimitState;
};

/** What a profile's word counts come to; null when the profile does not carry them. */
export function wordBalance(profile: Pick<Profile, 'words_used' | 'words_limit' | 'words_extra'>): WordBalance | null {
  const { words_used: used, words_limit: limit, words_extra: extra } = profile;
  if (![used, limit, extra].every((value) => Number.isFinite(value) && value >= 0)) return null;
  const total = limit + extra;
  return {
    used,
    total,
    left: Math.max(total - used, 0),
    usedShare: total > 0 ? Math.min(used / total, 1) : 1,
    state: wordLimitState(used, limit, extra),
  };
}
