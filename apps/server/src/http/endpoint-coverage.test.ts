import { allEndpoints, endpointUrl } from '@quire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Routes that are not endpoints of the API, with the reason. Everything else the app registers must be
 * registered from a descriptor in packages/contracts (http/endpoint-route.ts).
 */
const NOT_ENDPOINTS: Record<string, string> = {
  // The embedded OpenID provider (oidc-provider) answers these itself, by its own protocol.
  'ALL /oidc': 'the OpenID provider mount',
  'ALL /oidc/*': 'the OpenID provider mount',
  // The provider's sign-in, registration and reset pages: HTML forms, not JSON calls.
  'GET /oidc/interaction/:uid': 'an HTML page of the sign-in flow',
  'POST /oidc/interaction/:uid/login': 'an HTML form post of the sign-in flow',
  'POST /oidc/interaction/:uid/register': 'an HTML form post of the sign-in flow',
  'POST /oidc/interaction/:uid/forgot': 'an HTML form post of the sign-in flow',
  'GET /oidc/reset/:token': 'an HTML page of the password reset',
  'POST /oidc/reset/:token': 'an HTML form post of the password reset',
};

const OIDC_MOUNT = /^\/oidc(\/\*)?$/;
const key = (method: string, url: string) => (OIDC_MOUNT.test(url) ? `ALL ${url}` : `${method} ${url}`);

let test: TestApp;
beforeAll(async () => {
  // Error reports and Stripe's webhook exist only when configured; configured here so that they are seen.
  test = await startTestApp({
    env: {
      SENTRY_DSN: 'https://public@o1.ingest.example.org/7',
      STRIPE_SECRET_KEY: 'sk_test_coverage',
      STRIPE_WEBHOOK_SECRET: 'whsec_coverage',
    },
  });
}, 60_000);
afterAll(() => test.close());

describe('endpoint descriptors', () => {
  it('every route the app registers comes from a descriptor, or is a listed exception', () => {
    const undescribed = test.app.routeCatalogue
      .filter((route) => !route.described)
      .map((route) => key(route.method, route.url))
      .filter((route) => !(route in NOT_ENDPOINTS));
    expect([...new Set(undescribed)].sort()).toEqual([]);
  });

  it('every descriptor is registered, once, at its method and path', () => {
    const registered = test.app.routeCatalogue.filter((route) => route.described).map((r) => key(r.method, r.url));
    const described = allEndpoints().map((endpoint) => key(endpoint.method, endpointUrl(endpoint)));
    expect(registered.sort()).toEqual(described.sort());
  });

  it('no two descriptors share a method and path', () => {
    const described = allEndpoints().map((endpoint) => key(endpoint.method, endpointUrl(endpoint)));
    expect(new Set(described).size).toBe(described.length);
  });
});
