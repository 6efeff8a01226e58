import {
  type AuthConfig,
  OIDC_SCOPE,
  REFERRAL_QUERY_PARAM,
  type ReferralInfo,
  SetReferrerRequest,
  StudyCategoriesRequest,
  type TrialTerms,
  UpdateProfileRequest,
} from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../blobs/blob-store';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
import { currentPlanOf, rollOverWords } from '../billing/plans.service';
import { countReferrals, deleteAccount, setReferrer } from './accounts.lifecycle';
import { presentProfile } from './accounts.present';
import { updateProfile } from './accounts.service';
import { findUserById, setStudyCategories, type UserRow } from './accounts.store';
import { startTrial } from './trial.service';

/** Sign-in configuration for the web app, the signed-in user's profile and its changes. */
export async function accountsRoutes(
  app: FastifyInstance,
  options: { config: Config; db: Database; blobs: BlobStore },
): Promise<void> {
  const { config, db, blobs } = options;

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

  const profileOf = async (user: UserRow) => {
    // A month that ended since the last request starts the words again before they are shown.
    const current = (await rollOverWords(db, user.id)) ? ((await findUserById(db, user.id)) ?? user) : user;
    const plan = await currentPlanOf(db, user.id, config);
    return { data: presentProfile(current, plan.subscription, plan.wordsPerMonth) };
  };

  app.get('/auth/user/customer', { config: { auth: 'user' } }, async (request) => {
    const user = await findUserById(db, signedInUserId(request));
    if (!user) throw new AppError('unauthorized');
    return profileOf(user);
  });

  app.get('/auth/trial', { config: { auth: 'public' } }, async () => {
    const data: TrialTerms = { word_limit: config.trial.wordLimit, days: config.trial.days };
    return { data };
  });

  app.post('/auth/user/trial', { config: { auth: 'user' } }, async (request, reply) => {
    const userId = signedInUserId(request);
    await startTrial({ db, userId, trial: config.trial });
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('unauthorized');
    return reply.code(201).send(await profileOf(user));
  });

  app.patch('/auth/user', { config: { auth: 'user' } }, async (request) => {
    const changes = validate(UpdateProfileRequest, request.body);
    const user = await updateProfile({ db, userId: signedInUserId(request), request: changes });
    return profileOf(user);
  });

  // The first-login question: what the user studies Quire for decides which tools start as favourites.
  app.put('/auth/user/study_categories', { config: { auth: 'user' } }, async (request) => {
    const { categories } = validate(StudyCategoriesRequest, request.body);
    const user = await setStudyCategories(db, signedInUserId(request), [...new Set(categories)]);
    if (!user) throw new AppError('unauthorized');
    return profileOf(user);
  });

  app.delete('/auth/user', { config: { auth: 'user' } }, async (request, reply) => {
    await deleteAccount({ db, blobs, userId: signedInUserId(request), logger: request.log });
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
