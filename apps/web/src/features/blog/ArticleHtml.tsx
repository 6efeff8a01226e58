import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * An article's body as the server sent it. This is the one place the web app shows HTML it did not build: the
 * server renders the article's Markdown itself and writes only an allow-list of tags and attributes, with every
 * piece of text escaped (apps/server/src/modules/blog/blog.markdown.ts). Nothing else may be passed here.
 * Links within the site stay in the app instead of reloading it.
 */
export function ArticleHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const followInApp = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the links inside take the keyboard; this only routes their clicks.
    <div
      className="blog-article__body"
      data-testid="blog-article-body"
      onClick={followInApp}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server to an allow-list (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
