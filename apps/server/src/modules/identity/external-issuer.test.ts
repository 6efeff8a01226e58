import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/fixtures';
import { OidcBrowser } from '../../test/oidc-browser';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { readBody, startTestApp, type TestApp } from '../../test/test-app';

/** A second, separately started Quire is the external issuer; this instance only verifies its tokens. */
let issuer: ServerProcess;
let api: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-issuer-'));
  issuer = await startServerProcess({
    env: { DATA_DIR: dataDir, QUIRE_SERVICES: 'api', WEB_DIST_DIR: '/nonexistent' },
  });
  api = await startTestApp({
    env: { OIDC_ISSUER: `${issuer.baseUrl}/oidc`, OIDC_AUDIENCE: `${issuer.baseUrl}/api`, QUIRE_SERVICES: 'api' },
  });
}, 90_000);

afterAll(async () => {
  await api?.close();
  await issuer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an external OpenID Connect issuer', () => {
  it('sends the web app to that issuer and serves no provider of its own', async () => {
    const config = await readBody(await api.request('/api/auth/config'));
    expect(config.data).toEqual({
      issuer: `${issuer.baseUrl}/oidc`,
      client_id: 'quire-web',
      scope: 'openid profile email',
      resource: null,
    });
    expect((await api.request('/oidc/.well-known/openid-configuration')).status).toBe(404);
  });

  it("accepts the issuer's access tokens and creates the account on first use, once", async () => {
    const tokens = await new OidcBrowser(issuer.baseUrl).signUp({
      name: 'Rosalind Franklin',
      email: 'rosalind@example.org',
      password: 'photograph-51',
    });
    const first = await readBody(
      await api.request('/api/auth/user/customer', { headers: bearer(tokens.access_token) }),
    );
    expect(first.data).toMatchObject({ name: 'Rosalind Franklin', email: 'rosalind@example.org', words_used: 0 });
    // The account is this instance's own; the issuer's subject only links to it.
    expect(first.data.id).not.toBe(decodeJwt(tokens.access_token).sub);

    const again = await readBody(
      await api.request('/api/auth/user/customer', { headers: bearer(tokens.access_token) }),
    );
    expect(again.data.id).toBe(first.data.id);
  });

  it('refuses tokens of another issuer and tokens for another audience', async () => {
    const stranger = await startTestApp();
    const wrongAudience = await startTestApp({ env: { OIDC_ISSUER: `${issuer.baseUrl}/oidc`, QUIRE_SERVICES: 'api' } });
    try {
      const foreign = await new OidcBrowser(stranger.baseUrl).signUp({
        name: 'Mallory',
        email: 'mallory@example.org',
        password: 'not-from-here',
      });
      expect((await api.request('/api/auth/user/customer', { headers: bearer(foreign.access_token) })).status).toBe(
        401,
      );

      const genuine = await new OidcBrowser(issuer.baseUrl).signUp({
        name: 'Lise Meitner',
        email: 'lise@example.org',
        password: 'nuclear-fission',
      });
      const response = await wrongAudience.request('/api/auth/user/customer', {
        headers: bearer(genuine.access_token),
      });
      expect(response.status).toBe(401);
    } finally {
      await stranger.close();
      await wrongAudience.close();
    }
  });
});
