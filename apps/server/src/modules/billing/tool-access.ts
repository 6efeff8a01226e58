import type { FeatureSlug } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { planForUser, type UserPlan } from './plans.store';

/** Tools that count as another tool for plan access: the summarize flow's steps are 'summarize'. */
const ACCESS_SLUG: Record<string, string> = { 'summarize-text': 'summarize', 'summarize-source': 'summarize' };

/** Whether the plan's tools include this tool (spec: subscription-only tools are refused on the server). */
export function isToolAllowed(plan: Pick<UserPlan, 'tools'>, slug: string): boolean {
  if (plan.tools === 'all') return true;
  return plan.tools.includes(ACCESS_SLUG[slug] ?? slug);
}

/** Throws `subscription_required` when the plan in force may not use this tool. */
export function assertToolAllowed(plan: Pick<UserPlan, 'tools'>, slug: string): void {
  if (!isToolAllowed(plan, slug)) throw new AppError('subscription_required');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The tool a route runs; users whose plan does not include it are refused with `subscription_required`. */
    tool?: FeatureSlug;
  }
}

/**
 * Checks, before the handler, that the signed-in user's plan includes the tool a route declares
 * (`config: { tool }`). Tools whose slug comes with the request (the writing tools) check in their runner.
 */
export function requireToolAccess(app: FastifyInstance, db: Database, config: Pick<Config, 'trial'>): void {
  app.addHook('preHandler', async (request) => {
    const tool = request.routeOptions.config?.tool;
    if (!tool || !request.user) return;
    assertToolAllowed(await planForUser(db, request.user.id, config), tool);
  });
}
