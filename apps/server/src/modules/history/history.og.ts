import type { Database } from '../../db/client';
import { escapeHtml } from '../../http/escape-html';
import { excerptOf, sharedTitle } from './history.present';
import { sharedUrl } from './history.service';
import { findShared } from './history.store';

const DESCRIPTION_LENGTH = 200;

/**
 * The web app's index.html for a shared result's page, with what link previews read (Open Graph, Twitter
 * card, title) and `noindex` in its head; null when the link does not exist (never did, or was revoked).
 */
export async function sharedPageHtml(
  indexHtml: string,
  { db, publicUrl, token }: { db: Database; publicUrl: string; token: string },
): Promise<string | null> {
  const shared = await findShared(db, token);
  if (!shared) return null;
  const title = sharedTitle(shared);
  const description = excerptOf(shared.text, DESCRIPTION_LENGTH);
  const meta = (attribute: 'property' | 'name', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(`${title} · Quire`)}</title>`,
    meta('name', 'description', description),
    meta('name', 'robots', 'noindex'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:url', sharedUrl(publicUrl, token)),
    meta('property', 'og:site_name', 'Quire'),
    meta('name', 'twitter:card', 'summary'),
  ];
  // The app's own title and description give way to the result's.
  const head = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function, so that a `$&` in a title is text and not a replacement pattern.
  return head.replace(/<\/head>/i, () => `${tags.join('\n    ')}\n  </head>`);
}
