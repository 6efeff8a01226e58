import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { type LocaleCode, localePath } from '@quire/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures, oidcPayloads, passwordResets, users } from '../../db/schema';
import { translator } from '../../http/i18n';
import type { Mailer } from '../../mail/mailer';
import { findAccountByEmail } from '../accounts/accounts.service';

export const RESET_LINK_MINUTES = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mails a one-time link to choose a new password. Says nothing about whether the address has an
 * account: the page the visitor sees is the same either way.
 */
export async function requestPasswordReset({
  db,
  mailer,
  email,
  locale,
  publicUrl,
}: {
  db: Database;
  mailer: Mailer;
  email: string;
  locale: LocaleCode;
  publicUrl: string;
}): Promise<void> {
  const user = await findAccountByEmail(db, email);
  if (!user?.passwordHash) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
  });
  const t = translator(locale);
  const link = `${publicUrl}/oidc/reset/${token}?lang=${locale}`;
  await mailer.send({
    to: user.email,
    subject: t('auth:mailSubject'),
    text: t('auth:mailBody', { minutes: RESET_LINK_MINUTES, link }),
  });
}

/** Whether a reset link can still be used. */
export async function isResetTokenValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(validToken(token));
  return row !== undefined;
}

/**
 * Sets the new password and spends the link, in one transaction; ends every session of the account,
 * since whoever knew the old password may be signed in. Resolves false for a spent or expired link.
 */
export async function resetPassword({
  db,
  token,
  password,
}: {
  db: Database;
  token: string;
  password: string;
}): Promise<boolean> {
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(validToken(token))
      .returning({ userId: passwordResets.userId });
    if (!reset) return false;
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId)).returning();
    await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${reset.userId}`);
    if (user) await tx.delete(loginFailures).where(eq(loginFailures.key, `account:${user.email}`));
    return true;
  });
}

export function signInPath(locale: LocaleCode): string {
  return localePath(locale, 'login');
}

function validToken(token: string) {
  return and(
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
}
