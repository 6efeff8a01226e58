import { setSessionTokens } from '../../api/client';
import { refreshAccessToken } from './refresh';
import { getAccessToken } from './session';

/** Gives the API client the session's access token and its renewal; called once at start-up. */
export function connectApiToSession(): void {
  setSessionTokens({ current: getAccessToken, renew: refreshAccessToken });
}
