import type { ServiceGroup } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { AiGateway } from './ai/gateway';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { requireSignedInUser } from './http/authenticate';
import { sendNotFound } from './http/error-handler';
import { refuseDuringMaintenance, requireAuthPolicy } from './http/route-policy';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { generationRoutes, templateRunRoutes } from './modules/generation/generation.routes';
import type { ToolEngines } from './modules/generation/generation.service';
import type { Identity } from './modules/identity/identity';
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
};

/** The route groups of spec §7; each can run alone (QUIRE_SERVICES) behind one load balancer. */
export const GROUPS: Record<ServiceGroup, (app: FastifyInstance, options: GroupOptions) => Promise<void>> = {
  async api(app, { config, database, documents, ai, engines }) {
    await app.register(statusRoutes, { config, ai });
    await app.register(contactRoutes, { db: database.db });
    await app.register(accountsRoutes, { config, db: database.db, blobs: documents.blobs });
    await app.register(chatRoutes, { db: database.db, ai });
    await app.register(templatesRoutes, { db: database.db });
    await app.register(templateRunRoutes, { db: database.db, ai, engines, config, ...documents });
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
  async gen(app, { config, database, documents, ai, engines }) {
    await app.register(searchRoutes, { db: database.db, config: config.search, ...documents });
    await app.register(generationRoutes, { db: database.db, ai, engines, config, ...documents });
  },
};

export async function registerGroup(app: FastifyInstance, group: ServiceGroup, options: GroupOptions): Promise<void> {
  await app.register(
    async (scope) => {
      requireAuthPolicy(scope);
      refuseDuringMaintenance(scope, options.config.maintenance);
      requireSignedInUser(scope, options.identity.verifyAccessToken, options.identity.resolveUser);
      scope.setNotFoundHandler(sendNotFound);
      await GROUPS[group](scope, options);
    },
    { prefix: `/${group}` },
  );
}
