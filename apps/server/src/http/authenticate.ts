import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTPayload, jwtVerify } from 'jose';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a route with `auth: 'user'`; null on public routes. */
    user: { id: string } | null;
  }
}

export type VerifiedToken = { subject: string; claims: JWTPayload; token: string };
export type AccessTokenVerifier = (token: string) => Promise<VerifiedToken>;
/** Maps a verified token to the account id behind it (creating the account for an external issuer). */
export type TokenUserResolver = (token: VerifiedToken) => Promise<string | null>;

type KeySource = { keys: { keys: JWK[] } } | { discoveryIssuer: string };

/**
 * Verifies JWT access tokens: signature against the issuer's keys, issuer, audience and expiry.
 * The embedded provider's keys are local; an external issuer's are fetched from its discovery document.
 */
export function createAccessTokenVerifier({
  issuer,
  audience,
  source,
}: {
  issuer: string;
  audience: string;
  source: KeySource;
}): AccessTokenVerifier {
  const keySet = 'keys' in source ? createLocalJWKSet(source.keys) : remoteKeySet(source.discoveryIssuer);
  return rememberVerified(async (token) => {
    const { payload } = await jwtVerify(token, keySet, { issuer, audience, algorithms: ['RS256', 'ES256', 'PS256'] });
    if (!payload.sub) throw new Error('access token has no subject');
    return { subject: payload.sub, claims: payload, token };
  });
}

/** Verified tokens remembered; past this many, the one verified longest ago is forgotten first. */
export const REMEMBERED_TOKENS = 5_000;

/**
 * Keeps each verified token until it expires, so it is verified once and not with every request of its
 * session: checking an RSA signature is a visible share of the serving thread under load. A token's signature,
 * issuer and audience do not change; only its expiry does, and that is checked on every use. A token without
 * an expiry is never remembered.
 */
export function rememberVerified(verify: AccessTokenVerifier, max = REMEMBERED_TOKENS): AccessTokenVerifier {
  const remembered = new Map<string, { verified: VerifiedToken; expiresAt: number }>();
  return async (token) => {
    const known = remembered.get(token);
    if (known && Date.now() < known.expiresAt) return known.verified;
    remembered.delete(token);
    const verified = await verify(token);
    const { exp } = verified.claims;
    if (typeof exp === 'number') {
      remembered.set(token, { verified, expiresAt: exp * 1000 });
      // A Map keeps insertion order: its first key is the token verified longest ago.
      const oldest = remembered.keys().next().value;
      if (remembered.size > max && oldest !== undefined) remembered.delete(oldest);
    }
    return verified;
  };
}

function remoteKeySet(issuer: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;
  const load = async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`issuer discovery answered ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error('issuer discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(jwksUri));
  };
  // The issuer may be down when Quire starts, so its keys are looked up on first use.
  return (async (header, token) => {
    keySet ??= await load();
    return keySet(header, token);
  }) as ReturnType<typeof createRemoteJWKSet>;
}

/** Routes declaring `auth: 'user'` answer 401 without a valid bearer token; the rest pass untouched. */
export function requireSignedInUser(
  app: FastifyInstance,
  verify: AccessTokenVerifier,
  resolveUser: TokenUserResolver,
): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.auth !== 'user') return;
    const header = request.headers.authorization ?? '';
    const token = /^Bearer ([\w.~+/-]+=*)$/i.exec(header)?.[1];
    if (!token) throw new AppError('unauthorized');
    let verified: VerifiedToken;
    try {
      verified = await verify(token);
    } catch (error) {
      throw new AppError('unauthorized', { cause: error });
    }
    const userId = await resolveUser(verified);
    if (!userId) throw new AppError('unauthorized');
    request.user = { id: userId };
  });
}

export function installRequestUser(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}
