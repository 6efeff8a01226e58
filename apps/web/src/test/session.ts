import { type AuthTokens, type SessionProfile, setSession } from '../features/auth/session';

/** Logs a test user in: tokens in the cookie, optionally a profile. */
export function signIn(tokens: Partial<AuthTokens> = {}, profile: SessionProfile | null = null): AuthTokens {
  const complete: AuthTokens = {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    expires_at: null,
    ...tokens,
  };
  setSession({ tokens: complete, profile });
  return complete;
}
