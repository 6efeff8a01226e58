import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { DISCOVERY, stubIdentityProvider } from '../../test/identity-provider';
import { signIn } from '../../test/session';
import { resetProvider } from './oidc';
import { getSession } from './session';
import { signOut } from './sign-out';

beforeEach(() => {
  resetProvider();
  signIn({ id_token: 'id-token-1' }, { name: 'Ada', email: 'ada@example.org' });
});

describe('signOut', () => {
  it('forgets the session and ends the provider’s session, coming back to the localised start page', async () => {
    stubIdentityProvider();
    const go = vi.fn();
    await signOut('es', go);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('quire_profile')).toBeNull();
    const url = new URL(go.mock.calls[0]?.[0]);
    expect(`${url.origin}${url.pathname}`).toBe(DISCOVERY.end_session_endpoint);
    expect(url.searchParams.get('id_token_hint')).toBe('id-token-1');
    expect(url.searchParams.get('client_id')).toBe('quire-web');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/es?logout');
  });

  it('still signs out of Quire when the provider cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const go = vi.fn();
    await signOut('en', go);
    expect(getSession()).toBeNull();
    expect(go).toHaveBeenCalledWith('/?logout');
  });
});
