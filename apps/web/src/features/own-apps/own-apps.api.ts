import type { OwnApp, OwnAppDefinitionInput } from '@quire/contracts';
import { api } from '../../api/client';

/** GET /api/own_apps: the user's own applications, newest first. */
export async function fetchOwnApps(): Promise<OwnApp[]> {
  const apps = await api.get<OwnApp[]>('/own_apps');
  return Array.isArray(apps) ? apps : [];
}

/** GET /api/own_apps/{id}. */
export function fetchOwnApp(id: string, options: { signal?: AbortSignal } = {}): Promise<OwnApp> {
  return api.get<OwnApp>(`/own_apps/${encodeURIComponent(id)}`, { signal: options.signal });
}

/** POST /api/own_apps. */
export function createOwnApp(definition: OwnAppDefinitionInput): Promise<OwnApp> {
  return api.post<OwnApp>('/own_apps', definition);
}

/** PUT /api/own_apps/{id}. */
export function updateOwnApp(id: string, definition: OwnAppDefinitionInput): Promise<OwnApp> {
  return api.put<OwnApp>(`/own_apps/${encodeURIComponent(id)}`, definition);
}

/** DELETE /api/own_apps/{id}; its results stay in the history. */
export async function deleteOwnApp(id: string): Promise<void> {
  await api.delete<unknown>(`/own_apps/${encodeURIComponent(id)}`);
}
