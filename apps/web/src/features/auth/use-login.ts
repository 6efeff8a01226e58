import type { LocaleCode } from '@quire/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { redeemReferral } from '../referral';
import { finishLogin, startLogin } from './oidc';
import { takePendingLogin } from './pending-login';
import { loadSessionProfile } from './profile-sync';
import { afterLoginPath, safeReturnPath } from './return-path';
import { getSession, setSession } from './session';

/** After this long without an answer the login page suggests checking the connection (spec §4 "delayed"). */
export const LOGIN_DELAY_MS = 8_000;

export type LoginState = 'loading' | 'delayed' | 'failed';

/** Where a login run ends: leaving for the identity provider, or signed in and on the way back. */
type Outcome = { kind: 'leave'; url: URL } | { kind: 'signed-in'; target: string };

type Options = {
  /** The login page's query: `?redirect=` to start, `?code=&state=` (or `?error=`) coming back. */
  search: string;
  locale: LocaleCode;
  /** Shows the page the login returns to. */
  onSignedIn: (target: string) => void;
  /** Sends the browser to the identity provider. */
  leave?: (url: URL) => void;
};

/**
 * The login page's flow. Without a code it starts a login and leaves for the provider; with one it finishes
 * the login, redeems a referral code the visitor arrived with, and returns to where the visitor came from. Loading turns into "delayed" after 8 s and into
 * "failed" on any error; `retry` always starts a fresh login.
 */
export function useLogin({ search, locale, onSignedIn, leave = (url) => window.location.assign(url) }: Options) {
  const [instance] = useState(() => ++instances);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoginState>('loading');
  const returning = attempt === 0 && isCallback(search);
  const latest = useRef({ search, locale, onSignedIn, leave });
  latest.current = { search, locale, onSignedIn, leave };
  // A failed return from the provider has used up its stored login; a retry still knows where to go back to.
  const returnTo = useRef<string | null>(safeReturnPath(new URLSearchParams(search).get('redirect')));

  useEffect(() => {
    let live = true;
    setState('loading');
    const timer = window.setTimeout(() => {
      if (live) setState('delayed');
    }, LOGIN_DELAY_MS);
    const { search: query, locale: language } = latest.current;
    runOnce(`${instance}:${attempt}:${query}`, () => run(attempt, query, language, returnTo))
      .then((outcome) => {
        if (!live) return;
        if (outcome.kind === 'leave') {
          latest.current.leave(outcome.url);
          return;
        }
        window.clearTimeout(timer);
        latest.current.onSignedIn(outcome.target);
      })
      .catch((error: unknown) => {
        if (!live) return;
        console.warn('Login failed', error);
        window.clearTimeout(timer);
        setState('failed');
      });
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [instance, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, returning, retry };
}

function isCallback(search: string): boolean {
  const parameters = new URLSearchParams(search);
  return parameters.has('code') || parameters.has('error');
}

async function run(
  attempt: number,
  search: string,
  locale: LocaleCode,
  returnTo: { current: string | null },
): Promise<Outcome> {
  const parameters = new URLSearchParams(search);
  if (attempt === 0 && isCallback(search)) {
    const pending = takePendingLogin();
    if (!pending) throw new Error('No login was started in this tab');
    returnTo.current = safeReturnPath(pending.returnTo);
    setSession(await finishLogin(parameters, pending));
    void redeemReferral();
    void loadSessionProfile();
    return { kind: 'signed-in', target: returnTo.current ?? afterLoginPath(pending.locale) };
  }
  if (attempt === 0 && getSession()) {
    return { kind: 'signed-in', target: returnTo.current ?? afterLoginPath(locale) };
  }
  return { kind: 'leave', url: await startLogin({ locale, returnTo: returnTo.current }) };
}

let instances = 0;
let current: { key: string; promise: Promise<Outcome> } | undefined;

/**
 * React runs an effect twice in development (StrictMode), on the same component state; a login must run
 * once, since its code can be redeemed only once. A run is shared while it is under way.
 */
function runOnce(key: string, task: () => Promise<Outcome>): Promise<Outcome> {
  if (current?.key === key) return current.promise;
  const promise = task().finally(() => {
    if (current?.promise === promise) current = undefined;
  });
  current = { key, promise };
  return promise;
}
