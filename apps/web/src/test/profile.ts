import type { Profile } from '@quire/contracts';

/** A signed-in user's profile as the server sends it; tests change only what they are about. */
export function testProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    created_at: '2026-03-01T09:00:00Z',
    subscription: { slug: 'free', started_at: null, ends_at: null },
    words_used: 0,
    words_limit: 2_000,
    words_extra: 0,
    // Chosen already, so the first-login question stays out of tests about other things.
    study_categories: ['research', 'writing'],
    ...overrides,
  };
}
