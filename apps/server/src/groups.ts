import type { ServiceGroup } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { AiGateway } from './ai/gateway';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { requireSignedInUser } from './http/authenticate';
import { sendNotFound } from './http/error-handler';
import { refuseDuringMaintenance, refuseFormBodies, requireAuthPolicy } from './http/route-policy';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import type { BillingProvider } from './modules/billing/billing.provider';
import { billingRoutes } from './modules/billing/billing.routes';
import { stripeWebhookRoutes } from './modules/billing/stripe/stripe-webhook.routes';
import { requireToolAccess } from './modules/billing/tool-access';
import { blogRoutes } from './modules/blog/blog.routes';
import { cardsRoutes } from './modules/cards/cards.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { detectorRoutes } from './modules/detector/detector.routes';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import type { GenerationLimits } from './modules/generation/generation.limits';
import { generationRoutes, templateRunRoutes } from './modules/generation/generation.routes';
import type { ToolEngines } from './modules/generation/generation.service';
import { historyRoutes } from './modules/history/history.routes';
import type { Identity } from './modules/identity/identity';
import { ownAppsRoutes } from './modules/own-apps/own-apps.routes';
import { dictionaryRoutes } from './modules/proofreading/dictionary.routes';
import { proofreadingRoutes, proofreadingTemplateRoutes } from './modules/proofreading/proofreading.routes';
import type { ProofreadingService } from './modules/proofreading/proofreading.service';
import { searchRoutes } from './modules/search/search.routes';
import { liveRoutes } from './modules/sources/sources.live';
import { sourcePresenter } from './modules/sources/sources.present';
import { type SourcesOptions, sourcesRoutes } from './modules/sources/sources.routes';
import { statusRoutes } from './modules/status/status.routes';
import { templatesRoutes } from './modules/templates/templates.routes';

export type GroupOptions = {
  config: Config;
  database: DatabaseHandle;
  identity: Identity;
  documents: Omit<SourcesOptions, 'db'>;
  /** The language model (or the built-in engine) every writing tool uses; chosen once at start-up. */
  ai: AiGateway;
  /** What each writing tool writes with, by tool. */
  engines: ToolEngines;
  proofreading: ProofreadingService;
  /** Who takes payments: Stripe when configured, else the embedded local provider. */
  billing: BillingProvider;
  /** Generation limits per user, when benchmarks or load tests raise them; GENERATION_LIMITS otherwise. */
  generationLimits?: GenerationLimits;
};

/** The route groups of spec §7; each can run alone (QUIRE_SERVICES) behind one load balancer. */
export const GROUPS: Record<ServiceGroup, (app: FastifyInstance, options: GroupOptions) => Promise<void>> = {
  async api(app, { config, database, documents, ai, engines, proofreading, billing, generationLimits: limits }) {
    await app.register(statusRoutes, { config, ai, db: database.db });
    await app.register(contactRoutes, { db: database.db });
    await app.register(blogRoutes, { config });
    await app.register(analyticsRoutes, { db: database.db, config });
    await app.register(feedbackRoutes, { db: database.db });
    if (config.errorReporting) await app.register(errorReportsRoutes, { settings: config.errorReporting });
    await app.register(accountsRoutes, { config, db: database.db, blobs: documents.blobs });
    await app.register(chatRoutes, { db: database.db, ai, limits });
    await app.register(templatesRoutes, { db: database.db });
    await app.register(proofreadingTemplateRoutes, { service: proofreading, db: database.db, limits });
    await app.register(templateRunRoutes, { db: database.db, ai, engines, config, limits, ...documents });
    await app.register(dictionaryRoutes, { db: database.db });
    await app.register(billingRoutes, { db: database.db, config, provider: billing, logger: app.log });
    await app.register(cardsRoutes, { db: database.db, ai, config, limits });
    await app.register(ownAppsRoutes, { db: database.db });
    await app.register(historyRoutes, { db: database.db, config });
    const stripe = config.billing.stripe;
    if (stripe) await app.register(stripeWebhookRoutes, { db: database.db, settings: stripe, logger: app.log });
  },
  async doc(app, { database, documents, identity }) {
    await app.register(sourcesRoutes, { db: database.db, ...documents });
    await app.register(liveRoutes, {
      database,
      verifyAccessToken: identity.verifyAccessToken,
      resolveUser: identity.resolveUser,
      present: sourcePresenter(documents.fileLinks),
    });
  },
  async gen(app, { config, database, documents, ai, engines, proofreading, generationLimits: limits }) {
    await app.register(searchRoutes, { db: database.db, config: config.search, ...documents });
    await app.register(proofreadingRoutes, { service: proofreading, db: database.db, limits });
    await app.register(detectorRoutes, { ai, db: database.db, logger: app.log, limits });
    await app.register(generationRoutes, { db: database.db, ai, engines, config, limits, ...documents });
  },
};

export async function registerGroup(app: FastifyInstance, group: ServiceGroup, options: GroupOptions): Promise<void> {
  await app.register(
    async (scope) => {
      requireAuthPolicy(scope);
      refuseDuringMaintenance(scope, options.config.maintenance);
      requireSignedInUser(scope, options.identity.verifyAccessToken, options.identity.resolveUser);
      refuseFormBodies(scope);
      requireToolAccess(scope, options.database.db, options.config);
      scope.setNotFoundHandler(sendNotFound);
      await GROUPS[group](scope, options);
    },
    { prefix: `/${group}` },
  );
}
