import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type AccessTokenVerifier, createAccessTokenVerifier, type TokenUserResolver } from '../../http/authenticate';
import type { Mailer } from '../../mail/mailer';
import { findOrCreateTokenUser } from '../accounts/accounts.service';
import { createIdentityProvider } from './identity.provider';
import { identityRoutes } from './identity.routes';
import { loadIdentitySecrets, publicJwks } from './identity.secrets';

export type Identity = {
  verifyAccessToken: AccessTokenVerifier;
  resolveUser: TokenUserResolver;
  /** Mounts the embedded provider at /oidc; does nothing when an external issuer is configured. */
  register: (app: FastifyInstance) => Promise<void>;
};

/** Who signs users in: the embedded provider by default, or the external issuer named by OIDC_ISSUER. */
export async function createIdentity({
  config,
  db,
  mailer,
}: {
  config: Config;
  db: Database;
  mailer: Mailer;
}): Promise<Identity> {
  const { issuer, audience, externalIssuer } = config.identity;

  if (externalIssuer) {
    // An external issuer's access token may not name the user; its userinfo endpoint does.
    const resolveUser: TokenUserResolver = async ({ subject, claims, token }) => {
      const known =
        typeof claims.email === 'string' ? claims : { ...claims, ...(await fetchUserinfo(externalIssuer, token)) };
      return (await findOrCreateTokenUser({ db, subject, external: true, claims: known }))?.id ?? null;
    };
    return {
      verifyAccessToken: createAccessTokenVerifier({ issuer, audience, source: { discoveryIssuer: externalIssuer } }),
      resolveUser,
      register: async () => undefined,
    };
  }

  const secrets = await loadIdentitySecrets(db);
  const provider = createIdentityProvider({ config, db, secrets });
  return {
    verifyAccessToken: createAccessTokenVerifier({ issuer, audience, source: { keys: publicJwks(secrets) } }),
    resolveUser: async ({ subject }) =>
      (await findOrCreateTokenUser({ db, subject, external: false, claims: {} }))?.id ?? null,
    register: async (app) => {
      await app.register(identityRoutes, { prefix: '/oidc', provider, db, mailer, publicUrl: config.publicUrl });
    },
  };
}

async function fetchUserinfo(issuer: string, token: string): Promise<Record<string, unknown>> {
  const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!discovery.ok) return {};
  const { userinfo_endpoint: endpoint } = (await discovery.json()) as { userinfo_endpoint?: string };
  if (!endpoint) return {};
  const response = await fetch(endpoint, { headers: { authorization: `Bearer ${token}` } });
  return response.ok ? ((await response.json()) as Record<string, unknown>) : {};
}
