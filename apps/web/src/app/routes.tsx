import {
  DEFAULT_LOCALE,
  type LayoutName,
  LOCALES,
  type LocaleCode,
  PAGE_IDS,
  PAGES,
  type PageId,
} from '@quire/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppShell } from './AppShell';
import { ErrorFallback } from './error/ErrorFallback';
import { ErrorPage } from './error/ErrorPage';
import { lazyComponent } from './lazy-route';
import { PageFallback } from './PageFallback';
import { createPageLoader } from './page-loader';

type ComponentImporter = () => Promise<ComponentType>;

/** Each layout in its own chunk. */
const LAYOUT_MODULES: Record<LayoutName, ComponentImporter> = {
  landingpage: () => import('./layouts/LandingLayout').then((module) => module.LandingLayout),
  default: () => import('./layouts/DefaultLayout').then((module) => module.DefaultLayout),
  fullscreen: () => import('./layouts/FullscreenLayout').then((module) => module.FullscreenLayout),
};

/** Each page in its own chunk; the route list itself comes from the contracts' PAGES. */
const PAGE_MODULES: Record<PageId, ComponentImporter> = {
  home: () => import('../pages/home/HomePage').then((module) => module.HomePage),
  account: () => import('../pages/account/AccountPage').then((module) => module.AccountPage),
  blog: () => import('../pages/blog/BlogPage').then((module) => module.BlogPage),
  blogArticle: () => import('../pages/blog/BlogArticlePage').then((module) => module.BlogArticlePage),
  checkout: () => import('../pages/checkout/CheckoutPage').then((module) => module.CheckoutPage),
  checkoutSuccess: () =>
    import('../pages/checkout-success/CheckoutSuccessPage').then((module) => module.CheckoutSuccessPage),
  contact: () => import('../pages/contact/ContactPage').then((module) => module.ContactPage),
  flows: () => import('../pages/flows/FlowsPage').then((module) => module.FlowsPage),
  flow: () => import('../pages/flows/FlowPage').then((module) => module.FlowPage),
  feature: () => import('../pages/feature/FeaturePage').then((module) => module.FeaturePage),
  history: () => import('../pages/history/HistoryPage').then((module) => module.HistoryPage),
  ownApp: () => import('../pages/own-app/OwnAppPage').then((module) => module.OwnAppPage),
  ownAppEdit: () => import('../pages/own-app/OwnAppEditPage').then((module) => module.OwnAppEditPage),
  shared: () => import('../pages/shared/SharedPage').then((module) => module.SharedPage),
  login: () => import('../pages/login/LoginPage').then((module) => module.LoginPage),
  operator: () => import('../pages/operator/OperatorPage').then((module) => module.OperatorPage),
  maintenance: () => import('../pages/maintenance/MaintenancePage').then((module) => module.MaintenancePage),
  pricing: () => import('../pages/pricing/PricingPage').then((module) => module.PricingPage),
  redirect: () => import('../pages/redirect/RedirectPage').then((module) => module.RedirectPage),
  sources: () => import('../pages/sources/SourcesPage').then((module) => module.SourcesPage),
  try: () => import('../pages/try/TryPage').then((module) => module.TryPage),
};

const LAYOUT_NAMES = Object.keys(LAYOUT_MODULES) as LayoutName[];

/**
 * The route tree: every page of the contracts, unprefixed for English and under /de, /es, /fr, /it, /nl,
 * grouped by layout; anything else under a prefix (or at the root) is the not-found route.
 * The error page renders in place of a locale's routes; if it fails itself, the root's fallback shows.
 */
export function buildRoutes(): RouteObject[] {
  return [{ id: 'root', Component: AppShell, ErrorBoundary: ErrorFallback, children: LOCALES.map(localeRoute) }];
}

function localeRoute(locale: LocaleCode): RouteObject {
  return {
    id: `${locale}`,
    path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    ErrorBoundary: ErrorPage,
    HydrateFallback: PageFallback,
    children: [
      ...LAYOUT_NAMES.map(
        (layout): RouteObject => ({
          id: `${locale}:layout:${layout}`,
          lazy: lazyComponent(LAYOUT_MODULES[layout]),
          children: PAGE_IDS.filter((id) => PAGES[id].layout === layout).map((id) => pageRoute(locale, id)),
        }),
      ),
      // Its loader always throws (a 404 after the guards); the element is never shown.
      { id: `${locale}:not-found`, path: '*', loader: createPageLoader(null, locale), element: null },
    ],
  };
}

function pageRoute(locale: LocaleCode, pageId: PageId): RouteObject {
  const path = PAGES[pageId].path;
  const route = {
    id: `${locale}:${pageId}`,
    loader: createPageLoader(pageId, locale),
    lazy: lazyComponent(PAGE_MODULES[pageId]),
  };
  return path ? { ...route, path } : { ...route, index: true };
}
