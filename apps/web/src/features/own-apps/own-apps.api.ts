import { ownAppsEndpoints as endpoints, type OwnApp, type OwnAppDefinitionInput } from '@quire/contracts';
import { call } from '../../api/call';

/** The user's own applications, newest first. */
export async function fetchOwnApps(): Promise<OwnApp[]> {
  return call(endpoints.list, {});
}

/** One of the user's own applications. */
export function fetchOwnApp(id: string, options: { signal?: AbortSignal } = {}): Promise<OwnApp> {
  return call(endpoints.get, { params: { id } }, { signal: options.signal });
}

/** A new own application. */
export function createOwnApp(definition: OwnAppDefinitionInput): Promise<OwnApp> {
  return call(endpoints.create, { body: definition });
}

/** Replaces the definition of an own application. */
export function updateOwnApp(id: string, definition: OwnAppDefinitionInput): Promise<OwnApp> {
  return call(endpoints.update, { params: { id }, body: definition });
}

/** Its results stay in the history. */
export async function deleteOwnApp(id: string): Promise<void> {
  await call(endpoints.remove, { params: { id } });
}
