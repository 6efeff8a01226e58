import { randomBytes } from 'node:crypto';
import type { ShareLink } from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { deleteShare, findResult, insertShare } from './history.store';

/** 24 random bytes: 32 characters of base64url, beyond guessing. */
const TOKEN_BYTES = 24;

/** The public address of a shared result, without a locale prefix (the page picks the visitor's language). */
export function sharedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/shared/${token}`;
}

/**
 * Gives one of the user's results a public read-only link, or resolves the link it already has
 * (`created` tells which). Another user's or an unknown result is `not_found`.
 */
export async function shareResult({
  db,
  userId,
  resultId,
  publicUrl,
}: {
  db: Database;
  userId: string;
  resultId: string;
  publicUrl: string;
}): Promise<{ link: ShareLink; created: boolean }> {
  const result = await findResult(db, userId, resultId);
  if (!result) throw new AppError('not_found');
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const { share, created } = await insertShare(db, { token, generationId: result.id, userId });
  return {
    link: { token: share.token, url: sharedUrl(publicUrl, share.token), created_at: share.createdAt.toISOString() },
    created,
  };
}

/** Removes the public link of one of the user's results; a result without one stays as it is. */
export async function revokeShare({
  db,
  userId,
  resultId,
}: {
  db: Database;
  userId: string;
  resultId: string;
}): Promise<void> {
  const result = await findResult(db, userId, resultId);
  if (!result) throw new AppError('not_found');
  await deleteShare(db, userId, result.id);
}
