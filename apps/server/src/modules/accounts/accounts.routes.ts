import {
  type AuthConfig,
  OIDC_SCOPE,
  REFERRAL_QUERY_PARAM,
  type ReferralInfo,
  SetReferrerRequest,
  UpdateProfileRequest,
} from '@quire/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { validate } from '../../http/validate';
import { countReferrals, deleteAccount, setReferrer } from './accounts.lifecycle';
import { presentProfile } from './accounts.present';
import { updateProfile } from './accounts.service';
import { findUserById } from './accounts.store';

/** Sign-in configuration for the web app, the signed-in user's profile and its changes. */
export async function accountsRoutes(app: FastifyInstance, options: { config: Config; db: Database }): Promise<void> {
  const { config, db } = options;

  app.get('/auth/config', { config: { auth: 'public', duringMaintenance: true } }, async () => {
    const { issuer, clientId, audience, externalIssuer } = config.identity;
    // The embedded provider mints JWT access tokens for the API when asked for it as a resource (RFC 8707).
    const data: AuthConfig = {
      issuer,
      client_id: clientId,
      scope: OIDC_SCOPE,
      resource: externalIssuer ? null : audience,
    };
    return { data };
  });

  app.get('/auth/user/customer', { config: { auth: 'user' } }, async (request) => {
    const user = await findUserById(db, signedInUserId(request));
    if (!user) throw new AppError('unauthorized');
    return { data: presentProfile(user) };
  });

  app.patch('/auth/user', { config: { auth: 'user' } }, async (request) => {
    const changes = validate(UpdateProfileRequest, request.body);
    const user = await updateProfile({ db, userId: signedInUserId(request), request: changes });
    return { data: presentProfile(user) };
  });

  app.delete('/auth/user', { config: { auth: 'user' } }, async (request, reply) => {
    await deleteAccount({ db, userId: signedInUserId(request) });
    return reply.code(204).send();
  });

  app.get('/auth/user/referral', { config: { auth: 'user' } }, async (request) => {
    const user = await findUserById(db, signedInUserId(request));
    if (!user) throw new AppError('unauthorized');
    const data: ReferralInfo = {
      code: user.referralCode,
      link: `${config.publicUrl}/?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(user.referralCode)}`,
      referred_count: await countReferrals(db, user.id),
    };
    return { data };
  });

  app.post('/auth/user/set_referrer', { config: { auth: 'user' } }, async (request) => {
    const { referrer } = validate(SetReferrerRequest, request.body);
    const credited = await setReferrer({ db, userId: signedInUserId(request), referralCode: referrer });
    return { data: { credited } };
  });
}

export function signedInUserId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('unauthorized');
  return request.user.id;
}
