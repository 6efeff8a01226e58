import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { loadOrCreateSecret } from '../../db/secrets';

export type IdentitySecrets = { jwks: { keys: JWK[] }; cookieKeys: string[] };

const JWKS_NAME = 'oidc.jwks';
const COOKIE_KEYS_NAME = 'oidc.cookie_keys';

/**
 * The provider's signing keys and cookie secrets, generated on first start and kept in the database,
 * so a restart (or another instance) signs and reads the same tokens and cookies.
 */
export async function loadIdentitySecrets(db: Database): Promise<IdentitySecrets> {
  const jwks = await loadOrCreateSecret<IdentitySecrets['jwks']>(db, JWKS_NAME, async () => ({
    keys: [await newSigningKey()],
  }));
  const cookieKeys = await loadOrCreateSecret(db, COOKIE_KEYS_NAME, () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}

/** The public half of the signing keys, for verifying access tokens without a network call. */
export function publicJwks(secrets: IdentitySecrets): { keys: JWK[] } {
  return { keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
