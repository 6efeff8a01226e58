import { type Profile, type WordLimitState, wordLimitState } from '@quire/contracts';
import { type GenerationState, wordsUsed } from './generation.state';

export type Quota = { used: number; total: number; left: number; state: WordLimitState };

/**
 * The words quota (spec §6): used = the profile's words plus those written this session, maximum = limit plus
 * extra words; available, nearly used up (from 80%) or reached (spec §4).
 */
export function quotaOf(
  profile: Pick<Profile, 'words_used' | 'words_limit' | 'words_extra'>,
  state: GenerationState,
): Quota {
  const used = wordsUsed(state, profile);
  const total = profile.words_limit + profile.words_extra;
  return {
    used,
    total,
    left: Math.max(total - used, 0),
    state: wordLimitState(used, profile.words_limit, profile.words_extra),
  };
}
