import { z } from 'zod';
import { Deleted, defineEndpoint } from './endpoint';
import { Citation } from './sources';

/**
 * The history of every tool in one place, and shared results (spec §1 history, §2 share modal); calls in
 * `historyEndpoints`: filtered by tool (built-in slug or own-{id}), searched by text (PostgreSQL full-text).
 * The page /shared/{token} (and /{locale}/shared/{token}) is served with Open Graph tags of the result.
 */

export const HISTORY_PAGE_SIZE = 30;

export const HistoryQuery = z.object({
  tool: z.string().min(1).max(60).optional(),
  q: z.string().trim().max(200).optional(),
  /** The `next` cursor of the previous page. */
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryListItem = z.object({
  id: z.string(),
  /** The tool: a built-in slug or own-{id}. */
  slug: z.string(),
  /** The own application's name, for results of one (null for built-in tools or a deleted own application). */
  tool_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  inputs: z.record(z.string(), z.unknown()),
  words_used: z.number().int().nonnegative(),
  /** The start of the text (at most 280 characters, Markdown removed). */
  excerpt: z.string(),
  /** The share token when a public link exists. */
  shared_token: z.string().nullable(),
});
export type HistoryListItem = z.infer<typeof HistoryListItem>;

export const HistoryPage = z.object({ items: z.array(HistoryListItem), next: z.string().nullable() });
export type HistoryPage = z.infer<typeof HistoryPage>;

export const HistoryDetail = HistoryListItem.extend({
  text: z.string(),
  citations: z.array(Citation),
  engine: z.object({ kind: z.enum(['builtin', 'model']), model: z.string().nullable() }),
  items: z.array(z.string()).optional(),
});
export type HistoryDetail = z.infer<typeof HistoryDetail>;

export const ShareLink = z.object({
  token: z.string(),
  /** The public page, absolute (PUBLIC_URL) and without a locale prefix. */
  url: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ShareLink = z.infer<typeof ShareLink>;

/** What anyone with the link sees: the result and its tool, nothing about its author. */
export const SharedResult = z.object({
  slug: z.string(),
  /** The tool's name for own applications; null for built-in tools (the web app names those). */
  tool_name: z.string().nullable(),
  title: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  text: z.string(),
  citations: z.array(Citation),
  items: z.array(z.string()).optional(),
});
export type SharedResult = z.infer<typeof SharedResult>;

const result = '/history/:id';

export const historyEndpoints = {
  /** Newest first; `next` is the cursor of the page after this one. */
  list: defineEndpoint({ method: 'GET', service: 'api', path: '/history', query: HistoryQuery, response: HistoryPage }),
  get: defineEndpoint({ method: 'GET', service: 'api', path: result, response: HistoryDetail }),
  /** Also `generationEndpoints.deleteHistory`. */
  remove: defineEndpoint({ method: 'DELETE', service: 'api', path: result, response: Deleted }),
  /** 201 with a new link, 200 with the link the result already had. */
  share: defineEndpoint({ method: 'POST', service: 'api', path: `${result}/share`, response: ShareLink }),
  /** Also when it had no link. */
  revokeShare: defineEndpoint({
    method: 'DELETE',
    service: 'api',
    path: `${result}/share`,
    response: z.object({ revoked: z.literal(true) }),
  }),
  /** Public, without account data; 404 once revoked. */
  shared: defineEndpoint({ method: 'GET', service: 'api', path: '/shared/:token', response: SharedResult }),
};
