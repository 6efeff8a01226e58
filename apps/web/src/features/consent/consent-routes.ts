import { matchPage, type PageId } from '@quire/contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Pages where nobody should be asked about cookies: the visitor is in the middle of something (spec §2). */
const QUIET_PAGES: readonly PageId[] = ['checkoutSuccess', 'redirect', 'login'];

/**
 * Whether the cookie card stays away from this address: checkout success, a cancelled checkout (the pricing
 * page with `?checkout=cancelled`), the redirect and login pages, and the start page after logout (`/?logout`).
 */
export function isConsentQuietRoute(pathname: string, search: string): boolean {
  const page = matchPage(pathname);
  if (!page) return false;
  if (QUIET_PAGES.includes(page.id)) return true;
  const query = new URLSearchParams(search);
  if (page.id === 'home') return query.has('logout');
  if (page.id === 'pricing') return ['cancelled', 'canceled'].includes(query.get('checkout') ?? '');
  return false;
}

/**
 * Whether the current page is quiet: it arrived at a quiet address, and stays quiet while the visitor remains on
 * that page, even when the page takes its parameter off the address (`?logout` is, at once).
 */
export function useConsentQuietRoute(): boolean {
  const { pathname, search } = useLocation();
  const quietNow = isConsentQuietRoute(pathname, search);
  const [quietPath, setQuietPath] = useState<string | null>(quietNow ? pathname : null);
  useEffect(() => {
    if (quietNow) setQuietPath(pathname);
    else if (quietPath !== pathname) setQuietPath(null);
  }, [quietNow, pathname, quietPath]);
  return quietNow || quietPath === pathname;
}
