import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';

/**
 * Lets only operators (OPERATOR_EMAILS) through. Anyone else gets "not found", as if the dashboard did not
 * exist: there is nothing to gain from learning that it does.
 */
export async function requireOperator({
  db,
  config,
  userId,
}: {
  db: Database;
  config: Pick<Config, 'operatorEmails'>;
  userId: string;
}): Promise<void> {
  if (config.operatorEmails.length === 0) throw new AppError('not_found');
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user || !config.operatorEmails.includes(user.email.toLowerCase())) throw new AppError('not_found');
}
