import { json, STATUS_OK, type StubbedCall, stubFetch } from './fetch-stub';

/** A stand-in for the OpenID Connect provider the server names, speaking its wire format. */
export const ISSUER = 'https://id.quire.example/oidc';
export const RESOURCE = 'https://quire.example/api';

export const AUTH_CONFIG = {
  issuer: ISSUER,
  client_id: 'quire-web',
  scope: 'openid profile email',
  resource: RESOURCE,
};

export const DISCOVERY = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  end_session_endpoint: `${ISSUER}/session/end`,
  jwks_uri: `${ISSUER}/jwks`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
  id_token_signing_alg_values_supported: ['RS256'],
};

/**
 * An ID token as the token endpoint returns it. oauth4webapi checks its claims, not its signature (it came
 * straight from the token endpoint over TLS), so a placeholder signature does.
 */
export function idToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const payload = { iss: ISSUER, sub: 'user-1', aud: 'quire-web', iat: now, exp: now + 3600, ...claims };
  return `${encode({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

export function tokenResponse(overrides: Record<string, unknown> = {}): Response {
  return json(200, {
    access_token: 'access-2',
    token_type: 'Bearer',
    expires_in: 36_000,
    refresh_token: 'refresh-2',
    scope: 'openid profile email',
    id_token: idToken(),
    ...overrides,
  });
}

type Handlers = {
  config?: unknown;
  token?: (call: StubbedCall) => Response | Promise<Response>;
  other?: (call: StubbedCall) => Response | Promise<Response>;
};

/** Stubs fetch with the status, the sign-in configuration, discovery, the token endpoint and `other`. */
export function stubIdentityProvider(handlers: Handlers = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/status') return json(200, STATUS_OK);
    if (call.url === '/api/auth/config') return json(200, { data: handlers.config ?? AUTH_CONFIG });
    if (call.url === `${ISSUER}/.well-known/openid-configuration`) return json(200, DISCOVERY);
    if (call.url === DISCOVERY.token_endpoint) {
      return handlers.token ? handlers.token(call) : tokenResponse();
    }
    if (handlers.other) return handlers.other(call);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

/** The form fields of a call to the token endpoint. */
export function formOf(call: StubbedCall | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(call?.body as URLSearchParams | undefined));
}
