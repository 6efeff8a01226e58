import { executionAsyncId } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema';
import { SERVER_ROOT } from '../../paths';
import { bearer } from '../../test/fixtures';
import { OidcBrowser } from '../../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_LIMITS } from './identity.throttle';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('embedded identity provider', () => {
  it('loads on the Node version the README names without an "Unsupported runtime" warning', async () => {
    // oidc-provider checks the runtime when it is first imported; a fresh process sees that first import.
    const load = "const { default: Provider } = await import('oidc-provider'); console.log(Provider.name);";
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', load], {
      cwd: SERVER_ROOT,
    });
    expect(stdout.trim()).toBe('Provider');
    expect(stderr).not.toContain('oidc-provider WARNING');
  });

  it('publishes discovery and keys at /oidc with PKCE S256 only', async () => {
    const response = await test.request('/oidc/.well-known/openid-configuration');
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${test.baseUrl}/oidc`,
      authorization_endpoint: `${test.baseUrl}/oidc/auth`,
      token_endpoint: `${test.baseUrl}/oidc/token`,
      userinfo_endpoint: `${test.baseUrl}/oidc/me`,
      end_session_endpoint: `${test.baseUrl}/oidc/session/end`,
      jwks_uri: `${test.baseUrl}/oidc/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    const jwks = (await (await test.request('/oidc/jwks')).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('leaves promise hooks off after its requests, so other requests do not pay for them', async () => {
    // Node 20 gives a promise continuation an async ID of its own only while promise hooks are on.
    const continuationId = async () => {
      await null;
      return executionAsyncId();
    };
    expect(await continuationId()).toBe(0);
    expect((await test.request('/oidc/.well-known/openid-configuration')).status).toBe(200);
    await new OidcBrowser(test.baseUrl).signUp({
      name: 'Hooks',
      email: 'hooks@example.org',
      password: 'long-enough-words',
    });
    expect(await continuationId()).toBe(0);
  });

  it('answers a query on the bare /oidc path as not found, not as a server error (found by the route fuzz)', async () => {
    const response = await test.request('/oidc?limit=1');
    expect(response.status).toBe(404);
  });

  it('tells the web app where to sign in', async () => {
    const response = await test.request('/api/auth/config');
    expect(await readBody(response)).toEqual({
      data: {
        issuer: `${test.baseUrl}/oidc`,
        client_id: 'quire-web',
        scope: 'openid profile email',
        resource: `${test.baseUrl}/api`,
      },
    });
  });

  it.each(['none', 'plain'] as const)('refuses an authorization request with PKCE %s', async (pkce) => {
    const browser = new OidcBrowser(test.baseUrl);
    const response = await browser.authorize({ pkce });
    const params = await browser.followToCallback(response);
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('code')).toBeNull();
  });

  it('signs up through its own form, issues a 10-hour JWT access token for the API and a 30-day rotating refresh token', async () => {
    const browser = new OidcBrowser(test.baseUrl);
    const tokens = await browser.signUp({
      name: 'Ada Lovelace',
      email: 'Ada@Example.org',
      password: 'analytical-engine',
    });

    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({ iss: `${test.baseUrl}/oidc`, aud: `${test.baseUrl}/api`, client_id: 'quire-web' });
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(36_000);
    expect(tokens.expires_in).toBe(36_000);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ email: 'ada@example.org', name: 'Ada Lovelace' });

    const profile = await test.request('/api/auth/user/customer', { headers: bearer(tokens.access_token) });
    expect(profile.status).toBe(200);
    const { data } = await readBody(profile);
    expect(data).toMatchObject({
      id: access.sub,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      subscription: { slug: 'free', started_at: null, ends_at: null },
      words_used: 0,
      words_limit: 2_000,
      words_extra: 0,
    });

    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { refresh_token: string; access_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token).sub).toBe(access.sub);
    // Rotation: the used refresh token is spent, and presenting it again revokes the tokens issued after it.
    expect((await browser.refresh(tokens.refresh_token)).status).toBe(400);
    expect((await browser.refresh(next.refresh_token)).status).toBe(400);
  });

  it('signs in an existing account and refuses a wrong password in the request language', async () => {
    const account = { name: 'Grace Hopper', email: 'grace@example.org', password: 'compiler-first' };
    await new OidcBrowser(test.baseUrl).signUp(account);

    const browser = new OidcBrowser(test.baseUrl);
    const interaction = await browser.interactionPath(await browser.authorize({ locale: 'de' }));
    const wrong = await browser.postForm(`${interaction}/login`, { email: account.email, password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    const page = await wrong.text();
    expect(page).toContain('lang="de"');
    expect(page).toContain('E-Mail-Adresse oder Passwort ist nicht korrekt.');

    const tokens = await new OidcBrowser(test.baseUrl).signIn(account);
    expect(decodeJwt(tokens.id_token).email).toBe('grace@example.org');
  });

  it('shows the sign-up rules in the spec wording and refuses a taken e-mail', async () => {
    const browser = new OidcBrowser(test.baseUrl);
    const interaction = await browser.interactionPath(await browser.authorize({ locale: 'fr' }));
    const short = await browser.postForm(`${interaction}/register`, {
      name: 'X',
      email: 'x@example.org',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Mot de passe doit comporter au moins 10 caractères');

    await new OidcBrowser(test.baseUrl).signUp({
      name: 'Taken',
      email: 'taken@example.org',
      password: 'long-enough-1',
    });
    const taken = await browser.postForm(`${interaction}/register`, {
      name: 'Other',
      email: 'TAKEN@example.org',
      password: 'long-enough-2',
    });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('Un compte existe déjà avec cette adresse e-mail.');
  });

  it('throttles repeated wrong passwords for an account', async () => {
    const account = { name: 'Target', email: 'target@example.org', password: 'correct-horse' };
    await new OidcBrowser(test.baseUrl).signUp(account);
    const browser = new OidcBrowser(test.baseUrl);
    const interaction = await browser.interactionPath(await browser.authorize());
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await browser.postForm(`${interaction}/login`, {
        email: account.email,
        password: `guess-${attempt}`,
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await browser.postForm(`${interaction}/login`, account);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(/Too many attempts\. Please wait \d+ minutes/);
  });

  it('throttles one address guessing across many accounts, also for an account it never tried', async () => {
    const account = { name: 'Bystander', email: 'bystander@example.org', password: 'correct-battery' };
    await new OidcBrowser(test.baseUrl).signUp(account);
    // A fresh count for this test's address (the tests above failed from it too).
    await test.database.db.delete(loginFailures);
    const browser = new OidcBrowser(test.baseUrl);
    const interaction = await browser.interactionPath(await browser.authorize());
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress; attempt++) {
      const wrong = await browser.postForm(`${interaction}/login`, {
        email: `guess-${attempt}@example.org`,
        password: 'password-guess',
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await browser.postForm(`${interaction}/login`, account);
    expect(blocked.status).toBe(429);
    // Later tests sign in from the same address.
    await test.database.db.delete(loginFailures);
  });
});

describe('signing out', () => {
  it('ends the provider session through a page whose only script the CSP allows, then lands on /?logout', async () => {
    const browser = new OidcBrowser(test.baseUrl);
    const tokens = await browser.signUp({ name: 'Leaving', email: 'leaving@example.org', password: 'see-you-later' });
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${test.baseUrl}/?logout`,
      client_id: 'quire-web',
      ui_locales: 'nl',
    });
    const page = await browser.get(`/oidc/session/end?${params}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Je wordt uitgelogd');

    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const allowed = /script-src 'sha256-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(allowed).toBe(createHash('sha256').update(script).digest('base64'));

    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await browser.postForm(action, { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${test.baseUrl}/?logout`);
    expect((await browser.refresh(tokens.refresh_token)).status).toBe(400);
  });
});

describe('the API with access tokens', () => {
  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const { access_token } = await new OidcBrowser(test.baseUrl).signUp({
      name: 'Forger',
      email: 'forger@example.org',
      password: 'not-a-forger',
    });
    const [header = '', payload = ''] = access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }, bearer(forged)]) {
      const response = await test.request('/api/auth/user/customer', { headers });
      expect(response.status).toBe(401);
      expect((await readBody(response)).error).toEqual({ code: 'unauthorized', message: 'Please log in to continue.' });
    }
  });

  it('updates the name and e-mail, refusing an address another account has', async () => {
    const mine = await new OidcBrowser(test.baseUrl).signUp({
      name: 'Me',
      email: 'me@example.org',
      password: 'my-password',
    });
    await new OidcBrowser(test.baseUrl).signUp({ name: 'You', email: 'you@example.org', password: 'your-password' });

    const renamed = await test.request(
      '/api/auth/user',
      jsonRequest('PATCH', { name: 'Me Myself' }, bearer(mine.access_token)),
    );
    expect((await readBody(renamed)).data).toMatchObject({ name: 'Me Myself', email: 'me@example.org' });

    const clash = await test.request(
      '/api/auth/user',
      jsonRequest('PATCH', { email: 'You@example.org' }, { ...bearer(mine.access_token), 'accept-language': 'es' }),
    );
    expect(clash.status).toBe(400);
    expect((await readBody(clash)).error.details.fields).toEqual([
      { path: 'email', message: 'Ya existe una cuenta con esta dirección de correo electrónico.' },
    ]);

    const empty = await test.request('/api/auth/user', jsonRequest('PATCH', { name: '  ' }, bearer(mine.access_token)));
    expect(empty.status).toBe(400);
    expect((await readBody(empty)).error.message).toBe('Name is required');
  });

  it('keeps tokens valid across a restart, since its keys live in the database', async () => {
    const first = await startTestApp({ database: test.database });
    const { access_token } = await new OidcBrowser(first.baseUrl).signUp({
      name: 'Persistent',
      email: 'persistent@example.org',
      password: 'still-here-after',
    });
    const keys = await (await first.request('/oidc/jwks')).text();
    const address = { PORT: new URL(first.baseUrl).port, PUBLIC_URL: first.baseUrl };
    await first.app.close();
    // Let the client's connection pool see the old server's sockets close before reusing the address.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const second = await startTestApp({ database: test.database, env: address });
    try {
      expect(await (await second.request('/oidc/jwks')).text()).toBe(keys);
      const response = await second.request('/api/auth/user/customer', { headers: bearer(access_token) });
      expect(response.status).toBe(200);
      expect((await readBody(response)).data.email).toBe('persistent@example.org');
    } finally {
      await second.app.close();
    }
  });
});
