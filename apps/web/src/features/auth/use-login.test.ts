import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { json, stubFetch } from '../../test/fetch-stub';
import { DISCOVERY, formOf, ISSUER, idToken, stubIdentityProvider, tokenResponse } from '../../test/identity-provider';
import { signIn } from '../../test/session';
import { REFERRAL_COOKIE } from '../referral/referral-cookie';
import { resetProvider } from './oidc';
import { savePendingLogin, takePendingLogin } from './pending-login';
import { getSession } from './session';
import { LOGIN_DELAY_MS, useLogin } from './use-login';

function renderLogin(search: string, locale: 'en' | 'de' = 'en', reactStrictMode = false) {
  const onSignedIn = vi.fn();
  const leave = vi.fn();
  const view = renderHook(() => useLogin({ search, locale, onSignedIn, leave }), { reactStrictMode });
  return { ...view, onSignedIn, leave };
}

beforeEach(() => {
  resetProvider();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useLogin, starting', () => {
  it('leaves for the provider, remembering a same-site return path', async () => {
    stubIdentityProvider();
    const { result, leave } = renderLogin('?redirect=%2Fde%2Faccount', 'de');
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    const url: URL = leave.mock.calls[0]?.[0];
    expect(url.href.startsWith(DISCOVERY.authorization_endpoint)).toBe(true);
    expect(url.searchParams.get('ui_locales')).toBe('de');
    expect(takePendingLogin()).toMatchObject({ returnTo: '/de/account', locale: 'de' });
    expect(result.current.state).toBe('loading');
  });

  it('does not remember a return address on another site', async () => {
    stubIdentityProvider();
    const { leave } = renderLogin('?redirect=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(takePendingLogin()?.returnTo).toBeNull();
  });

  it('says the login is delayed after 8 s without an answer, and starts again on retry', async () => {
    vi.useFakeTimers();
    stubFetch(() => new Promise<Response>(() => {}));
    const { result } = renderLogin('');
    expect(result.current.state).toBe('loading');
    act(() => {
      vi.advanceTimersByTime(LOGIN_DELAY_MS - 1);
    });
    expect(result.current.state).toBe('loading');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.state).toBe('delayed');
    act(() => result.current.retry());
    expect(result.current.state).toBe('loading');
  });

  it('fails when the sign-in configuration cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch();
    const { result } = renderLogin('');
    await waitFor(() => expect(result.current.state).toBe('failed'));
  });

  it('sends a visitor who is already signed in straight on', async () => {
    signIn();
    const { calls } = stubIdentityProvider();
    const { onSignedIn } = renderLogin('?redirect=%2Fsources');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/sources'));
    expect(calls).toHaveLength(0);
  });
});

describe('useLogin, coming back', () => {
  const pending = { verifier: 'v'.repeat(43), state: 'state-1', locale: 'de' as const };

  it('finishes the login, stores the session and returns where the visitor came from', async () => {
    savePendingLogin({ ...pending, returnTo: '/de/account' });
    const { calls } = stubIdentityProvider({
      token: () => tokenResponse({ id_token: idToken({ name: 'Ada', email: 'ada@example.org' }) }),
    });
    const { result, onSignedIn } = renderLogin(`?code=code-1&state=state-1&iss=${encodeURIComponent(ISSUER)}`, 'de');
    expect(result.current.returning).toBe(true);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/de/account'));
    expect(formOf(calls.find((call) => call.url === DISCOVERY.token_endpoint))).toMatchObject({ code: 'code-1' });
    expect(getSession()).toMatchObject({
      tokens: { access_token: 'access-2', refresh_token: 'refresh-2' },
      profile: { name: 'Ada', email: 'ada@example.org' },
    });
  });

  it('redeems the code once although StrictMode runs the effect twice', async () => {
    savePendingLogin({ ...pending, returnTo: null });
    const { calls } = stubIdentityProvider();
    const { onSignedIn } = renderLogin('?code=code-1&state=state-1', 'de', true);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.url === DISCOVERY.token_endpoint)).toHaveLength(1);
  });

  it('goes to the chapter tool when there is no return path', async () => {
    savePendingLogin({ ...pending, returnTo: null });
    stubIdentityProvider();
    const { onSignedIn } = renderLogin('?code=code-1&state=state-1', 'de');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/de/feature/write-chapter'));
  });

  it('fails on a state that is not the one sent, without redeeming the code', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    savePendingLogin({ ...pending, returnTo: '/de/account' });
    const { calls } = stubIdentityProvider();
    const { result, onSignedIn } = renderLogin('?code=code-1&state=forged', 'de');
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(calls.some((call) => call.url === DISCOVERY.token_endpoint)).toBe(false);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('fails when the provider answers with an error, and retries with a fresh login to the same place', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    savePendingLogin({ ...pending, returnTo: '/de/account' });
    stubIdentityProvider();
    const { result, leave } = renderLogin('?error=access_denied&state=state-1', 'de');
    await waitFor(() => expect(result.current.state).toBe('failed'));
    act(() => result.current.retry());
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(takePendingLogin()).toMatchObject({ returnTo: '/de/account', locale: 'de' });
  });

  it('fails when no login was started in this tab', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubIdentityProvider();
    const { result } = renderLogin('?code=code-1&state=state-1');
    await waitFor(() => expect(result.current.state).toBe('failed'));
  });
});

describe('useLogin, redeeming a referral', () => {
  const pending = { verifier: 'v'.repeat(43), state: 'state-1', locale: 'en' as const, returnTo: null };

  function arriveThroughReferralLink(code = 'friend-1') {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie a referral link leaves (see referral-cookie.ts).
    document.cookie = `${REFERRAL_COOKIE}=${code}; Path=/`;
  }

  function serveReferral(answer: () => Response) {
    return stubIdentityProvider({
      other: (call) =>
        call.url === '/api/auth/user/set_referrer'
          ? answer()
          : json(404, { error: { code: 'not_found', message: 'x' } }),
    });
  }

  it('names the referrer once after signing in, with the new session, and forgets the code', async () => {
    arriveThroughReferralLink();
    savePendingLogin(pending);
    const { calls } = serveReferral(() => json(200, { data: { credited: true } }));
    const { onSignedIn } = renderLogin('?code=code-1&state=state-1', 'en', true);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/auth/user/set_referrer')).toHaveLength(1));
    const sent = calls.find((call) => call.url === '/api/auth/user/set_referrer');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ referrer: 'friend-1' });
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-2');
    expect(readCookie(REFERRAL_COOKIE)).toBeUndefined();
  });

  it('forgets the code when the server refuses it too, and only logs the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    arriveThroughReferralLink();
    savePendingLogin(pending);
    const { calls } = serveReferral(() => json(500, { error: { code: 'internal_error', message: 'Broken' } }));
    const { onSignedIn } = renderLogin('?code=code-1&state=state-1');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not register the referral', expect.anything()));
    expect(onSignedIn).toHaveBeenCalledWith('/feature/write-chapter');
    expect(calls.filter((call) => call.url === '/api/auth/user/set_referrer')).toHaveLength(1);
    expect(readCookie(REFERRAL_COOKIE)).toBeUndefined();
  });

  it('sends nothing without a remembered code', async () => {
    savePendingLogin(pending);
    const { calls } = serveReferral(() => json(200, { data: { credited: true } }));
    const { onSignedIn } = renderLogin('?code=code-1&state=state-1');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.some((call) => call.url === '/api/auth/user/set_referrer')).toBe(false);
  });

  it('keeps the code while the login has not come back yet', async () => {
    arriveThroughReferralLink();
    const { calls } = serveReferral(() => json(200, { data: { credited: true } }));
    const { leave } = renderLogin('');
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(calls.some((call) => call.url === '/api/auth/user/set_referrer')).toBe(false);
    expect(readCookie(REFERRAL_COOKIE)).toBe('friend-1');
  });

  it('keeps the code when the login fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    arriveThroughReferralLink();
    savePendingLogin(pending);
    const { calls } = serveReferral(() => json(200, { data: { credited: true } }));
    const { result } = renderLogin('?code=code-1&state=forged');
    await waitFor(() => expect(result.current.state).toBe('failed'));
    expect(calls.some((call) => call.url === '/api/auth/user/set_referrer')).toBe(false);
    expect(readCookie(REFERRAL_COOKIE)).toBe('friend-1');
  });
});
