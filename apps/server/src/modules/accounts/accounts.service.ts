import { hash, verify } from '@node-rs/argon2';
import type { SignUpRequest, UpdateProfileRequest } from '@quire/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import {
  findUserByEmail,
  findUserByExternalSubject,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from './accounts.store';

export type { UserRow } from './accounts.store';

/** Creates an account of the embedded provider; a taken e-mail is a validation error on that field. */
export async function signUp({ db, request }: { db: Database; request: SignUpRequest }): Promise<UserRow> {
  const passwordHash = await hash(request.password);
  const user = await insertUser(db, { name: request.name, email: request.email, passwordHash });
  if (!user) throw emailTaken();
  return user;
}

/**
 * Checks an e-mail and password. Hashes even for unknown addresses, so the answer takes as long
 * whether or not an account exists.
 */
export async function verifyCredentials({
  db,
  email,
  password,
}: {
  db: Database;
  email: string;
  password: string;
}): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user?.passwordHash) {
    await hash(password);
    return null;
  }
  return (await verify(user.passwordHash, password)) ? user : null;
}

/** The account behind an access token: by id for the embedded provider, by subject for an external one. */
export async function findOrCreateTokenUser({
  db,
  subject,
  external,
  claims,
}: {
  db: Database;
  subject: string;
  external: boolean;
  claims: Record<string, unknown>;
}): Promise<UserRow | null> {
  if (!external) return (await findUserById(db, subject)) ?? null;
  const existing = await findUserByExternalSubject(db, subject);
  if (existing) return existing;
  if (typeof claims.email !== 'string') return null;
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : claims.email;
  return (
    (await insertUser(db, { email: claims.email, name, externalSubject: subject })) ??
    (await findUserByExternalSubject(db, subject)) ??
    null
  );
}

export async function updateProfile({
  db,
  userId,
  request,
}: {
  db: Database;
  userId: string;
  request: UpdateProfileRequest;
}): Promise<UserRow> {
  const user = await updateUser(db, userId, request);
  if (!user) throw emailTaken();
  return user;
}

function emailTaken(): AppError {
  return new AppError('validation_error', {
    fields: [{ path: 'email', field: 'email', key: 'emailTaken', params: {} }],
  });
}

/** The account with this id, if there is one (an id that is no UUID has none). */
export function findAccount(db: Database, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

/** The account registered under this e-mail address, if there is one. */
export function findAccountByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}
