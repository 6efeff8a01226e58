import { type LocaleCode, matchPage, PAGE_GUARDS, PAGES, type PageId } from '@quire/contracts';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loadingProgress } from '../components/progress/progress.store';
import { LANGUAGE_COOKIE } from '../lib/cookies';
import { type GuardRegistry, runGuards } from './guards/guards';
import { PAGE_GUARD_REGISTRY } from './guards/page-guards';
import { HttpError } from './http-error';
import { rootRedirectTarget } from './root-redirect';

export type PageData = { pageId: PageId; locale: LocaleCode; params: Record<string, string> };

type Dependencies = { guards: readonly string[]; registry: GuardRegistry };

/**
 * The loader of every page route (and, with `pageId` null, of the not-found route): root redirect,
 * then the guards in the contracts' order, then the page's own validation, which 404s when it fails.
 */
export function createPageLoader(
  pageId: PageId | null,
  locale: LocaleCode,
  dependencies: Dependencies = { guards: PAGE_GUARDS, registry: PAGE_GUARD_REGISTRY },
) {
  return async ({ request }: LoaderFunctionArgs): Promise<PageData> => {
    const url = new URL(request.url);
    if (pageId === 'home') {
      const target = rootRedirectTarget({
        pathname: url.pathname,
        cookie: LANGUAGE_COOKIE.read(),
        browserLanguages: navigator.languages ?? [],
      });
      if (target) throw redirect(`${target}${url.search}`);
    }

    const page = pageId ? PAGES[pageId] : null;
    const target = await runGuards(dependencies.guards, dependencies.registry, { url, locale, pageId, page });
    if (target) throw redirect(target);

    const match = matchPage(url.pathname);
    if (!pageId || !match || match.id !== pageId) throw new HttpError(404, { key: 'errors:not_found' });
    loadingProgress.dataLoaded({ asyncData: true, fetch: false });
    return { pageId, locale, params: match.params };
  };
}
