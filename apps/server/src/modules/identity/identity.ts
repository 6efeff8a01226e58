import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type AccessTokenVerifier, createAccessTokenVerifier, type TokenUserResolver } from '../../http/authenticate';
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
export async function createIdentity({ config, db }: { config: Config; db: Database }): Promise<Identity> {
  const { issuer, audience, externalIssuer } = config.identity;
  const resolveUser: TokenUserResolver = async ({ subject, claims }) =>
    (
      await findOrCreateTokenUser({
        db,
        subject,
        external: externalIssuer !== null,
        claims: claims as Record<string, unknown>,
      })
    )?.id ?? null;

  if (externalIssuer) {
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
    resolveUser,
    register: async (app) => {
      await app.register(identityRoutes, { prefix: '/oidc', provider, db });
    },
  };
}
