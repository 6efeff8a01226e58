import { BlogArticle, BlogIndex } from '@quire/contracts';
import { api, unreachable } from '../../api/client';

type Options = { signal?: AbortSignal };

/** GET /api/blog?page=: one page of the articles in the current language, newest first. */
export async function fetchBlogIndex(page: number, options: Options = {}): Promise<BlogIndex> {
  const answer = await api.get<unknown>('/blog', { query: { page }, anonymous: true, signal: options.signal });
  const parsed = BlogIndex.safeParse(answer);
  if (!parsed.success) throw unreachable(parsed.error);
  return parsed.data;
}

/** GET /api/blog/{slug}: an article in the current language, with its (server-sanitised) HTML. */
export async function fetchBlogArticle(slug: string, options: Options = {}): Promise<BlogArticle> {
  const answer = await api.get<unknown>(`/blog/${encodeURIComponent(slug)}`, {
    anonymous: true,
    signal: options.signal,
  });
  const parsed = BlogArticle.safeParse(answer);
  if (!parsed.success) throw unreachable(parsed.error);
  return parsed.data;
}
