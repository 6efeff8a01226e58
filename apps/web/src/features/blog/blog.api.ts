import { type BlogArticle, type BlogIndex, blogEndpoints as endpoints } from '@quire/contracts';
import { call } from '../../api/call';

type Options = { signal?: AbortSignal };

/** One page of the articles in the current language, newest first. */
export async function fetchBlogIndex(page: number, options: Options = {}): Promise<BlogIndex> {
  return call(endpoints.index, { query: { page } }, { anonymous: true, signal: options.signal });
}

/** An article in the current language, with its (server-sanitised) HTML. */
export async function fetchBlogArticle(slug: string, options: Options = {}): Promise<BlogArticle> {
  return call(endpoints.article, { params: { slug } }, { anonymous: true, signal: options.signal });
}
