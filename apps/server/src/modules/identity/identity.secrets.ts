import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { appSecrets } from '../../db/schema';

export type IdentitySecrets = { jwks: { keys: JWK[] }; cookieKeys: string[] };

const JWKS_NAME = 'oidc.jwks';
const COOKIE_KEYS_NAME = 'oidc.cookie_keys';

/**
 * The provider's signing keys and cookie secrets, generated on first start and kept in the database,
 * so a restart (or another instance) signs and reads the same tokens and cookies.
 */
export async function loadIdentitySecrets(db: Database): Promise<IdentitySecrets> {
  const jwks = await loadOrCreate(db, JWKS_NAME, async () => ({ keys: [await newSigningKey()] }));
  const cookieKeys = await loadOrCreate(db, COOKIE_KEYS_NAME, async () => [randomBytes(32).toString('base64url')]);
  return { jwks: jwks as IdentitySecrets['jwks'], cookieKeys: cookieKeys as string[] };
}

/** The public half of the signing keys, for verifying access tokens without a network call. */
export function publicJwks(secrets: IdentitySecrets): { keys: JWK[] } {
  return { keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}

async function loadOrCreate(db: Database, name: string, create: () => Promise<unknown>): Promise<unknown> {
  const existing = await read(db, name);
  if (existing !== undefined) return existing;
  // Two instances starting together may both generate; the first insert wins and both read it back.
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  return read(db, name);
}

async function read(db: Database, name: string): Promise<unknown> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
