import { accountsEndpoints as endpoints, OIDC_SCOPE, REFERRAL_QUERY_PARAM } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../blobs/blob-store';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
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

  const user = { config: { auth: 'user' } } as const;

  endpointRoute(app, endpoints.authConfig, { config: { auth: 'public', duringMaintenance: true } }, async () => {
    const { issuer, clientId, audience, externalIssuer } = config.identity;
    // The embedded provider mints JWT access tokens for the API when asked for it as a resource (RFC 8707).
    return { issuer, client_id: clientId, scope: OIDC_SCOPE, resource: externalIssuer ? null : audience };
  });

  const profileOf = async (row: UserRow) => {
    // A month that ended since the last request starts the words again before they are shown.
    const current = (await rollOverWords(db, row.id)) ? ((await findUserById(db, row.id)) ?? row) : row;
    const plan = await currentPlanOf(db, row.id, config);
    return presentProfile(current, plan.subscription, plan.wordsPerMonth);
  };

  endpointRoute(app, endpoints.profile, user, async (_input, request) => {
    const row = await findUserById(db, signedInUserId(request));
    if (!row) throw new AppError('unauthorized');
    return profileOf(row);
  });

  endpointRoute(app, endpoints.trialTerms, { config: { auth: 'public' } }, async () => ({
    word_limit: config.trial.wordLimit,
    days: config.trial.days,
  }));

  endpointRoute(app, endpoints.startTrial, user, async (_input, request) => {
    const userId = signedInUserId(request);
    await startTrial({ db, userId, trial: config.trial });
    const row = await findUserById(db, userId);
    if (!row) throw new AppError('unauthorized');
    return profileOf(row);
  });

  endpointRoute(app, endpoints.updateProfile, user, async ({ body }, request) =>
    profileOf(await updateProfile({ db, userId: signedInUserId(request), request: body })),
  );

  // The first-login question: what the user studies Quire for decides which tools start as favourites.
  endpointRoute(app, endpoints.studyCategories, user, async ({ body }, request) => {
    const row = await setStudyCategories(db, signedInUserId(request), [...new Set(body.categories)]);
    if (!row) throw new AppError('unauthorized');
    return profileOf(row);
  });

  endpointRoute(app, endpoints.deleteAccount, user, async (_input, request, reply) => {
    await deleteAccount({ db, blobs, userId: signedInUserId(request), logger: request.log });
    return reply.send();
  });

  endpointRoute(app, endpoints.referral, user, async (_input, request) => {
    const row = await findUserById(db, signedInUserId(request));
    if (!row) throw new AppError('unauthorized');
    return {
      code: row.referralCode,
      link: `${config.publicUrl}/?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(row.referralCode)}`,
      referred_count: await countReferrals(db, row.id),
    };
  });

  endpointRoute(app, endpoints.setReferrer, user, async ({ body }, request) => ({
    credited: await setReferrer({ db, userId: signedInUserId(request), referralCode: body.referrer }),
  }));
}
