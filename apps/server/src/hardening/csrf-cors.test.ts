import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import type { RouteEntry } from '../http/route-catalogue';
import { OidcBrowser } from '../test/oidc-browser';
import { jsonRequest, readBody, startTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 11, CSRF and CORS: another site must not be able to act for a signed-in visitor, nor read the API's
 * answers. The API authenticates with a Bearer token the web app keeps and sends itself; browsers never add
 * it to a cross-site request, and adding it makes the request need a CORS preflight no foreign origin passes.
 * The only cookies the server reads are the embedded provider's, on its own pages at /oidc.
 */

const EVIL = 'https://evil.example';
const SOME_ID = '3f0e2d0c-2b6a-4c1e-9d7f-1a2b3c4d5e6f';
const API_PATH = /^\/(api|doc|gen)\//;
/** What an HTML form or a fetch without preflight can send: the CORS-safelisted body types. */
const FORM_BODIES = [
  { 'content-type': 'application/x-www-form-urlencoded', payload: 'content=hello&prompt=hello' },
  { 'content-type': 'text/plain', payload: '{"content":"hello","inputs":{"prompt":"hello"}}' },
  {
    'content-type': 'multipart/form-data; boundary=csrf',
    payload: '--csrf\r\nContent-Disposition: form-data; name="content"\r\n\r\nhello\r\n--csrf--\r\n',
  },
];
/** The routes that take a file as multipart/form-data; each needs the Bearer token like every signed-in route. */
const FILE_ROUTES = ['POST /doc/upload/document', 'POST /gen/papers/import'];
const VICTIM = { name: 'Victim', email: 'victim@example.org', password: 'victim-password' };

let test: TestApp;
let victim: OidcBrowser;
let token: string;
/** Every cookie the victim's browser holds for the site: the provider's session and the web app's own. */
let cookies: string;

beforeAll(async () => {
  test = await startTestApp();
  victim = new OidcBrowser(test.baseUrl);
  token = (await victim.signUp(VICTIM)).access_token;
  cookies = `${victim.jar.header()}; quire_ref=FRIEND123; quire_lang=de`;
});
afterAll(() => test?.close());

const key = (route: RouteEntry) => `${route.method} ${route.url}`;
const pathOf = (route: RouteEntry) => route.url.replace(/:\w+/g, SOME_ID);
const apiRoutes = () => test.app.routeCatalogue.filter((route) => API_PATH.test(route.url));
const takesBody = (route: RouteEntry) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
/** The account deletion would end the victim: it is sent last, on its own. */
const ACCOUNT_DELETION = 'DELETE /api/auth/user';

function inject(route: RouteEntry, headers: Record<string, string>, payload?: string) {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: pathOf(route), headers };
  if (payload !== undefined) options.payload = payload;
  return test.app.inject(options);
}

describe('the API authenticates with a Bearer token, never a cookie', () => {
  it('answers 401 on every signed-in route to a cross-site request carrying all of the browser’s cookies', async () => {
    const routes = apiRoutes().filter((route) => route.auth === 'user' && key(route) !== ACCOUNT_DELETION);
    expect(routes.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const route of routes) {
      const form = FORM_BODIES[0] as (typeof FORM_BODIES)[number];
      const headers = {
        cookie: cookies,
        origin: EVIL,
        ...(takesBody(route) ? { 'content-type': form['content-type'] } : {}),
      };
      const response = await inject(route, headers, takesBody(route) ? form.payload : undefined);
      if (response.statusCode !== 401 || response.json().error.code !== 'unauthorized') {
        accepted.push(`${key(route)} → ${response.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('keeps the account when a cross-site page posts its deletion with the cookies', async () => {
    const response = await test.request('/api/auth/user', {
      method: 'DELETE',
      headers: { cookie: cookies, origin: EVIL },
    });
    expect(response.status).toBe(401);
    const [account] = await test.database.db.select().from(users).where(eq(users.email, VICTIM.email));
    expect(account).toBeDefined();
  });
});

describe('form, multipart and text bodies, which need no preflight', () => {
  it('are refused with 415 by every API route that takes JSON, even with a valid token', async () => {
    const routes = apiRoutes().filter(
      (route) => takesBody(route) && !FILE_ROUTES.includes(key(route)) && key(route) !== ACCOUNT_DELETION,
    );
    expect(routes.length).toBeGreaterThan(30);
    const reached: string[] = [];
    for (const route of routes) {
      for (const { 'content-type': type, payload } of FORM_BODIES) {
        const response = await inject(route, { authorization: `Bearer ${token}`, 'content-type': type }, payload);
        const code = response.json().error?.code;
        if (response.statusCode !== 415 || code !== 'unsupported_media_type') {
          reached.push(`${key(route)} (${type.split(';')[0]}) → ${response.statusCode}`);
        }
      }
    }
    expect(reached).toEqual([]);
  });

  it('reach the file uploads only as multipart, and only with the token', async () => {
    for (const url of FILE_ROUTES.map((route) => route.split(' ')[1] ?? '')) {
      const [form, text, multipart] = FORM_BODIES as [
        (typeof FORM_BODIES)[number],
        (typeof FORM_BODIES)[number],
        (typeof FORM_BODIES)[number],
      ];
      const anonymous = await test.request(url, {
        method: 'POST',
        headers: { cookie: cookies, origin: EVIL, 'content-type': multipart['content-type'] },
        body: multipart.payload,
      });
      expect(anonymous.status).toBe(401);
      for (const refused of [form, text]) {
        const response = await test.request(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': refused['content-type'] },
          body: refused.payload,
        });
        expect(response.status, `${url} ${refused['content-type']}`).toBe(415);
      }
    }
  });
});

describe('CORS', () => {
  it('grants no foreign origin a preflight on any API route', async () => {
    const granted: string[] = [];
    for (const route of apiRoutes()) {
      const response = await test.app.inject({
        method: 'OPTIONS',
        url: pathOf(route),
        headers: {
          origin: EVIL,
          'access-control-request-method': route.method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      const allowing = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
      if (allowing.length > 0 || response.statusCode < 300) granted.push(`${key(route)} → ${response.statusCode}`);
    }
    expect(granted).toEqual([]);
  });

  it('lets no foreign origin read an answer: no Access-Control-Allow-Origin on simple or signed-in requests', async () => {
    const simple = await test.request('/api/auth/config', { headers: { origin: EVIL } });
    expect(simple.status).toBe(200);
    const signedIn = await test.request('/api/auth/user/customer', {
      headers: { origin: EVIL, authorization: `Bearer ${token}`, cookie: cookies },
    });
    expect(signedIn.status).toBe(200);
    for (const response of [simple, signedIn]) {
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('lets no foreign origin read the provider’s token endpoint (only the web app’s own origin)', async () => {
    // oidc-provider answers every preflight of the token endpoint and decides on the request itself, once it
    // knows the client: only origins of the client's redirect URIs (our own) may read the answer.
    const exchange = (origin: string) =>
      test.request('/oidc/token', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'stolen', client_id: 'quire-web' }),
      });
    expect((await exchange(EVIL)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await exchange(test.baseUrl)).headers.get('access-control-allow-origin')).toBe(test.baseUrl);
  });
});

describe('the provider’s sign-in and sign-up forms', () => {
  it('set their cookies HttpOnly and SameSite=Lax, so a cross-site form post arrives without them', async () => {
    const browser = new OidcBrowser(test.baseUrl);
    const start = await browser.authorize();
    const login = await browser.postForm(`${await browser.interactionPath(start)}/login`, VICTIM);
    const resumed = await browser.get(login.headers.get('location') ?? '');
    const setCookies = [start, login, resumed].flatMap((response) => response.headers.getSetCookie());
    expect(setCookies.map((cookie) => cookie.split('=')[0])).toEqual(
      expect.arrayContaining(['_interaction', '_session']),
    );
    for (const cookie of setCookies) {
      expect(cookie.toLowerCase(), cookie).toContain('httponly');
      expect(cookie.toLowerCase(), cookie).toMatch(/samesite=(lax|strict)/);
    }
  });

  it('sign no one in and create no account for a post without the interaction cookie', async () => {
    // The attacker opened an interaction of their own: the uid is known, the cookie stays in their browser.
    const attacker = new OidcBrowser(test.baseUrl);
    const interaction = await attacker.interactionPath(await attacker.authorize());
    const crossSite = (action: string, fields: Record<string, string>) =>
      test.request(`${interaction}/${action}`, {
        method: 'POST',
        headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });

    const login = await crossSite('login', { email: VICTIM.email, password: VICTIM.password });
    const planted = { name: 'Planted', email: 'planted@example.org', password: 'attacker-password' };
    const register = await crossSite('register', planted);
    for (const response of [login, register]) {
      expect(response.status).toBe(401);
      expect((await readBody(response)).error.code).toBe('login_failed');
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith('_session='))).toEqual([]);
    }
    expect(await test.database.db.select().from(users).where(eq(users.email, planted.email))).toEqual([]);
  });
});

describe('the app itself, on its own origin', () => {
  it('still works: JSON with the token, multipart uploads with the token, and sign-in with the provider’s cookies', async () => {
    const auth = { authorization: `Bearer ${token}`, origin: test.baseUrl };
    const referrer = await test.request(
      '/api/auth/user/set_referrer',
      jsonRequest('POST', { referrer: 'NOBODY' }, auth),
    );
    expect(referrer.status).toBe(200);
    const contact = await test.request(
      '/api/contact/',
      jsonRequest('POST', { email: 'someone@example.org', body: 'A question about plans.' }, { origin: test.baseUrl }),
    );
    expect(contact.status).toBe(201);

    const form = new FormData();
    form.append('file', new Blob(['not a pdf'], { type: 'application/pdf' }), 'notes.pdf');
    const upload = await test.request('/doc/upload/document', { method: 'POST', body: form, headers: auth });
    // Through to the upload's own check: the file is read, and refused as not a PDF.
    expect(upload.status).toBe(415);
    expect((await readBody(upload)).error.code).toBe('upload_not_pdf');

    const again = await new OidcBrowser(test.baseUrl).signIn({ email: VICTIM.email, password: VICTIM.password });
    expect(again.access_token).toBeTruthy();
  });
});
