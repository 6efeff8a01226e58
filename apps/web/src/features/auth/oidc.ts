import { type AuthConfig, accountsEndpoints, type LocaleCode, localePath, REDIRECTS } from '@quire/contracts';
import * as oauth from 'oauth4webapi';
import { call } from '../../api/call';
import { type PendingLogin, savePendingLogin } from './pending-login';
import { signedOutPath } from './return-path';
import { type AuthTokens, type SessionProfile, tokensFromResponse } from './session';

/**
 * The protocol side of signing in, with oauth4webapi: authorization code with PKCE (S256) against the
 * OpenID Connect provider the server names in its auth configuration. Loaded only by the login page and when
 * a session needs refreshing or ending, so the landing route never downloads it.
 */

type Provider = {
  config: AuthConfig;
  server: oauth.AuthorizationServer;
  client: oauth.Client;
  /** A self-hosted provider may run on plain http (localhost, a LAN); oauth4webapi refuses that unless told. */
  http: { [oauth.allowInsecureRequests]?: boolean };
};

let provider: Promise<Provider> | undefined;

/** The provider's configuration and metadata, fetched once per page load (and again after a failure). */
export function loadProvider(): Promise<Provider> {
  provider ??= discover().catch((error: unknown) => {
    provider = undefined;
    throw error;
  });
  return provider;
}

/** Forgets the provider, so the next call asks the server again (tests, a changed configuration). */
export function resetProvider(): void {
  provider = undefined;
}

/**
 * Prepares a login: a PKCE verifier and a `state`, kept in this tab with where to return, and the URL of the
 * provider's authorization endpoint to send the browser to, in the visitor's language.
 */
export async function startLogin(options: { locale: LocaleCode; returnTo: string | null }): Promise<URL> {
  const { config, server, client } = await loadProvider();
  if (!server.authorization_endpoint) throw new Error('The identity provider names no authorization endpoint');
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(server.authorization_endpoint);
  const parameters: Record<string, string> = {
    client_id: client.client_id,
    redirect_uri: redirectUri(options.locale),
    response_type: 'code',
    scope: config.scope,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ui_locales: options.locale,
  };
  if (config.resource) parameters.resource = config.resource;
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  savePendingLogin({ verifier, state, returnTo: options.returnTo, locale: options.locale });
  return url;
}

/**
 * Completes a login on the way back from the provider: checks the answer belongs to `pending` (state, issuer,
 * no `error`), redeems the code with the verifier, and returns the session's tokens and, when the ID token
 * carries them, the user's name and e-mail.
 */
export async function finishLogin(
  parameters: URLSearchParams,
  pending: PendingLogin,
): Promise<{ tokens: AuthTokens; profile: SessionProfile | null }> {
  const { config, server, client, http } = await loadProvider();
  const callback = oauth.validateAuthResponse(server, client, parameters, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    oauth.None(),
    callback,
    redirectUri(pending.locale),
    pending.verifier,
    { ...http, additionalParameters: resourceParameter(config) },
  );
  const result = await oauth.processAuthorizationCodeResponse(server, client, response, { requireIdToken: true });
  return { tokens: tokensFromResponse(result), profile: profileFromClaims(oauth.getValidatedIdTokenClaims(result)) };
}

/** New tokens for a session's refresh token; the provider rotates it, so the answer carries a new one. */
export async function refreshTokens(previous: AuthTokens): Promise<AuthTokens> {
  if (!previous.refresh_token) throw new Error('The session has no refresh token');
  const { config, server, client, http } = await loadProvider();
  const response = await oauth.refreshTokenGrantRequest(server, client, oauth.None(), previous.refresh_token, {
    ...http,
    additionalParameters: resourceParameter(config),
  });
  return tokensFromResponse(await oauth.processRefreshTokenResponse(server, client, response), previous);
}

/** Whether a failed refresh means the provider turned the session down (as opposed to not answering). */
export function isRejectedRefresh(error: unknown): boolean {
  return error instanceof oauth.ResponseBodyError || error instanceof oauth.WWWAuthenticateChallengeError;
}

/**
 * The provider's end-session URL (RP-initiated logout), which ends the provider's own session and comes back
 * to the start page with `?logout`; null when the provider has none.
 */
export async function endSessionUrl(options: { idToken: string | null; locale: LocaleCode }): Promise<URL | null> {
  const { server, client } = await loadProvider();
  if (!server.end_session_endpoint) return null;
  const url = new URL(server.end_session_endpoint);
  url.searchParams.set('client_id', client.client_id);
  if (options.idToken) url.searchParams.set('id_token_hint', options.idToken);
  url.searchParams.set('post_logout_redirect_uri', `${window.location.origin}${signedOutPath(options.locale)}`);
  url.searchParams.set('ui_locales', options.locale);
  return url;
}

async function discover(): Promise<Provider> {
  const config = await call(accountsEndpoints.authConfig, {}, { anonymous: true });
  const issuer = new URL(config.issuer);
  const http = issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
  const server = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http));
  return { config, server, client: { client_id: config.client_id }, http };
}

/** The login page of the locale the login started in: the callback address registered with the provider. */
function redirectUri(locale: LocaleCode): string {
  return `${window.location.origin}${localePath(locale, REDIRECTS.loginCallback)}`;
}

/** RFC 8707: naming the API as the resource makes the provider issue a JWT access token for it. */
function resourceParameter(config: AuthConfig): Record<string, string> | undefined {
  return config.resource ? { resource: config.resource } : undefined;
}

function profileFromClaims(claims: oauth.IDToken | undefined): SessionProfile | null {
  if (typeof claims?.email !== 'string') return null;
  return { email: claims.email, name: typeof claims.name === 'string' ? claims.name : '' };
}
