// What other modules ask of billing about one user: the plan they are on and the words it leaves them.
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { planForUser, type UserPlan } from './plans.store';
import * as subscriptionsStore from './subscriptions.store';
import * as wordsStore from './words.store';

export type { UserPlan } from './plans.store';
export type { SubscriptionRow } from './subscriptions.store';

/** The user's plan now: their subscription in force, or the free plan. */
export function currentPlanOf(db: Database, userId: string, config: Pick<Config, 'trial'>): Promise<UserPlan> {
  return planForUser(db, userId, config);
}

/** Starts the user's words again when a month ended since the last request; resolves whether it did. */
export function rollOverWords(db: Database, userId: string): Promise<boolean> {
  return wordsStore.rollOverWords(db, userId);
}

/** The user's plan after starting the words again if a month ended: what a run checks before it starts. */
export function planAfterRollOver(db: Database, userId: string, config: Pick<Config, 'trial'>): Promise<UserPlan> {
  return wordsStore.planAfterRollOver(db, userId, config);
}

/** Whether the user pays for a subscription in force (the trial does not count); `db` may be a transaction. */
export function hasPaidSubscriptionInForce(db: Database, userId: string): Promise<boolean> {
  return subscriptionsStore.hasPaidSubscriptionInForce(db, userId);
}
