import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { jsonRequest, readBody, type TestApp } from '../../test/test-app';
import type { Writer } from '../generation/generation.test-kit';

/** Helpers for the cards tests: calls as a user, their words, and texts to make decks from. */

export type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

/** Calls the API as this user; a body goes as JSON. */
export function caller(test: TestApp, user: Pick<Writer, 'auth'>): Call {
  return (method, path, body) =>
    test.request(path, body === undefined ? { method, headers: user.auth } : jsonRequest(method, body, user.auth));
}

/** The data of a successful answer, failing the test with the error body otherwise. */
export async function dataOf(response: Response, status = 200) {
  const body = await readBody(response);
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
}

export async function wordsUsed(test: TestApp, userId: string): Promise<number> {
  const [user] = await test.database.db.select().from(users).where(eq(users.id, userId));
  return user?.wordsUsed ?? -1;
}

export const ENGLISH_TEXT =
  'The cell is the basic unit of life. Every living organism is made of one or more cells, and all cells come from other cells. Photosynthesis refers to the process by which plants turn light into chemical energy. Mitochondria are organelles that release energy from food. The nucleus holds the genetic material of the cell and controls the growth of the cell. In 1665, Robert Hooke first described cells in cork under a microscope.';

export const GERMAN_TEXT =
  'Die Zelle ist die kleinste Einheit des Lebens. Jedes Lebewesen besteht aus einer oder mehreren Zellen, und alle Zellen entstehen aus anderen Zellen. Unter Photosynthese versteht man die Umwandlung von Lichtenergie in chemische Energie. Mitochondrien sind Organellen, die Energie aus der Nahrung freisetzen. Im Jahr 1665 beschrieb Robert Hooke zum ersten Mal Zellen in Kork.';
