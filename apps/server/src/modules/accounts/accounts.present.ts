import { FREE_PLAN_WORD_LIMIT, type Profile } from '@quire/contracts';
import type { UserRow } from './accounts.store';

/** Spec §3 profile. Plans arrive with billing; until then every account is on the free plan. */
export function presentProfile(user: UserRow): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    subscription: { slug: 'free', started_at: null, ends_at: null },
    words_used: user.wordsUsed,
    words_limit: FREE_PLAN_WORD_LIMIT,
    words_extra: user.wordsExtra,
  };
}
