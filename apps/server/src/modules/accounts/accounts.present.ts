import type { Profile } from '@quire/contracts';
import type { SubscriptionRow } from '../billing/plans.service';
import type { UserRow } from './accounts.store';

/** Spec §3 profile; the subscription slug is "free" when none is in force; the limit is the plan's. */
export function presentProfile(user: UserRow, subscription: SubscriptionRow | null, wordsLimit: number): Profile {
  const slug = subscription?.planSlug ?? 'free';
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    subscription: {
      slug,
      started_at: subscription?.startedAt.toISOString() ?? null,
      ends_at: subscription?.endsAt?.toISOString() ?? null,
    },
    words_used: user.wordsUsed,
    words_limit: wordsLimit,
    words_extra: user.wordsExtra,
    study_categories: user.studyCategories ?? null,
  };
}
