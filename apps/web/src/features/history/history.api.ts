import { type HistoryDetail, HistoryPage, type OwnApp, type SharedResult, type ShareLink } from '@quire/contracts';
import { api, unreachable } from '../../api/client';
import type { HistoryParams } from './history-params';

/** GET /api/history: one page of the user's results of every tool, newest first. */
export async function fetchHistoryPage(
  params: HistoryParams & { before?: string | null },
  options: { signal?: AbortSignal } = {},
): Promise<HistoryPage> {
  const page = await api.get<unknown>('/history', {
    query: { tool: params.tool || undefined, q: params.q || undefined, before: params.before ?? undefined },
    signal: options.signal,
  });
  const parsed = HistoryPage.safeParse(page);
  if (!parsed.success) throw unreachable(parsed.error);
  return parsed.data;
}

/** GET /api/history/{id}: one result with its text. */
export function fetchHistoryDetail(id: string, options: { signal?: AbortSignal } = {}): Promise<HistoryDetail> {
  return api.get<HistoryDetail>(`/history/${encodeURIComponent(id)}`, { signal: options.signal });
}

/** DELETE /api/history/{id}. */
export async function deleteHistoryResult(id: string): Promise<void> {
  await api.delete<unknown>(`/history/${encodeURIComponent(id)}`);
}

/** POST /api/history/{id}/share: the result's public link, made now or the one it has. */
export function createShareLink(id: string): Promise<ShareLink> {
  return api.post<ShareLink>(`/history/${encodeURIComponent(id)}/share`);
}

/** DELETE /api/history/{id}/share: the public link stops working. */
export async function revokeShareLink(id: string): Promise<void> {
  await api.delete<unknown>(`/history/${encodeURIComponent(id)}/share`);
}

/** GET /api/shared/{token}, without the visitor's session: what anyone with the link sees. */
export function fetchSharedResult(token: string, options: { signal?: AbortSignal } = {}): Promise<SharedResult> {
  return api.get<SharedResult>(`/shared/${encodeURIComponent(token)}`, { anonymous: true, signal: options.signal });
}

/** GET /api/own_apps: the user's own applications, for the tool filter. */
export async function fetchOwnApps(options: { signal?: AbortSignal } = {}): Promise<OwnApp[]> {
  const apps = await api.get<OwnApp[]>('/own_apps', { signal: options.signal });
  return Array.isArray(apps) ? apps : [];
}
