import { type GuardName, localePath, PAGES, REDIRECTS } from '@quire/contracts';
import { loginPath } from '../../features/auth/return-path';
import { getSession, isSessionUsable } from '../../features/auth/session';
import { loadServerStatus } from '../../features/status/status.store';
import { ensureLocale } from '../../i18n/i18n';
import type { Guard } from './guards';

/**
 * Pages that need a session send visitors without one to the login page, remembering where they were.
 * A session whose access token expired still counts while it has a refresh token: the first call renews it.
 */
export const authGuard: Guard = ({ page, url, locale }) => {
  if (!page?.requiresAuth || isSessionUsable(getSession())) return undefined;
  return loginPath(locale, `${url.pathname}${url.search}`);
};

/**
 * Maintenance on: every page leads to /maintenance. Explicitly off: /maintenance leads to the start page.
 * An unknown status (the check failed) changes nothing, so a status outage never blocks the site.
 */
export const maintenanceGuard: Guard = async ({ pageId, locale }) => {
  const status = await loadServerStatus();
  const onMaintenancePage = pageId === 'maintenance';
  if (status?.maintenance === true && !onMaintenancePage) return localePath(locale, PAGES.maintenance.path);
  if (status?.maintenance === false && onMaintenancePage) return localePath(locale, REDIRECTS.start);
  return undefined;
};

/** Speaks the language of the URL prefix: i18next and `<html lang>`. The home page needs only part of the catalogue. */
export const localeGuard: Guard = async ({ locale, pageId }) => {
  await ensureLocale(locale, pageId === 'home' ? 'landing' : 'full');
  return undefined;
};

export const PAGE_GUARD_REGISTRY: Record<GuardName, Guard> = {
  auth: authGuard,
  maintenance: maintenanceGuard,
  locale: localeGuard,
};
