import type { OwnAppDefinition } from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { deleteOwnApp, findOwnApp, insertOwnApp, listOwnApps, type OwnAppRow, updateOwnApp } from './own-apps.store';

export type { OwnAppRow } from './own-apps.store';

type Acting = { db: Database; userId: string };

/** The user's own applications, newest first. */
export function ownAppsOf({ db, userId }: Acting): Promise<OwnAppRow[]> {
  return listOwnApps(db, userId);
}

/** One of the user's own applications; anyone else's, or an unknown id, is not found. */
export async function getOwnApp({ db, userId, appId }: Acting & { appId: string }): Promise<OwnAppRow> {
  const row = await findOwnApp(db, userId, appId);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Saves a new application; fails with `own_apps_limit` when the user has as many as allowed. */
export function createOwnApp({
  db,
  userId,
  definition,
}: Acting & { definition: OwnAppDefinition }): Promise<OwnAppRow> {
  return insertOwnApp(db, userId, definition);
}

/** Replaces the definition of one of the user's applications. */
export async function changeOwnApp({
  db,
  userId,
  appId,
  definition,
}: Acting & { appId: string; definition: OwnAppDefinition }): Promise<OwnAppRow> {
  const row = await updateOwnApp(db, userId, appId, definition);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Deletes one of the user's applications; the results it wrote stay in the history. */
export async function removeOwnApp({ db, userId, appId }: Acting & { appId: string }): Promise<void> {
  if (!(await deleteOwnApp(db, userId, appId))) throw new AppError('not_found');
}
