import {
  historyEndpoints as endpoints,
  type HistoryDetail,
  type HistoryPage,
  type OwnApp,
  ownAppsEndpoints,
  type SharedResult,
  type ShareLink,
} from '@quire/contracts';
import { call } from '../../api/call';
import type { HistoryParams } from './history-params';

/** One page of the user's results of every tool, newest first. */
export async function fetchHistoryPage(
  params: HistoryParams & { before?: string | null },
  options: { signal?: AbortSignal } = {},
): Promise<HistoryPage> {
  const query = { tool: params.tool || undefined, q: params.q || undefined, before: params.before ?? undefined };
  return call(endpoints.list, { query }, { signal: options.signal });
}

/** One result with its text. */
export function fetchHistoryDetail(id: string, options: { signal?: AbortSignal } = {}): Promise<HistoryDetail> {
  return call(endpoints.get, { params: { id } }, { signal: options.signal });
}

/** Removes one result from the history. */
export async function deleteHistoryResult(id: string): Promise<void> {
  await call(endpoints.remove, { params: { id } });
}

/** The result's public link, made now or the one it has. */
export function createShareLink(id: string): Promise<ShareLink> {
  return call(endpoints.share, { params: { id } });
}

/** The public link stops working. */
export async function revokeShareLink(id: string): Promise<void> {
  await call(endpoints.revokeShare, { params: { id } });
}

/** Without the visitor's session: what anyone with the link sees. */
export function fetchSharedResult(token: string, options: { signal?: AbortSignal } = {}): Promise<SharedResult> {
  return call(endpoints.shared, { params: { token } }, { anonymous: true, signal: options.signal });
}

/** The user's own applications, for the tool filter. */
export async function fetchOwnApps(options: { signal?: AbortSignal } = {}): Promise<OwnApp[]> {
  return call(ownAppsEndpoints.list, {}, { signal: options.signal });
}
