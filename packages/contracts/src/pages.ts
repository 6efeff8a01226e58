import { SHARE_TOKEN_PATTERN } from './constants';
import { FEATURE_SLUGS, FLOW_SLUGS } from './features';
import type { LocaleCode } from './locale-schemas';
import { DEFAULT_LOCALE, isLocale } from './locales';

export type LayoutName = 'default' | 'fullscreen' | 'landingpage';
export type GuardName = 'auth' | 'maintenance' | 'locale';

/** Guards run in this order before every page (spec §2). */
export const PAGE_GUARDS: readonly GuardName[] = ['auth', 'maintenance', 'locale'];

export type PageDefinition = {
  /** Path without locale prefix and without leading slash; ":name" marks a parameter. */
  path: string;
  layout: LayoutName;
  requiresAuth: boolean;
  /** Validates the page's parameters; a page whose validation fails shows the 404 page. */
  validate?: (params: Record<string, string>) => boolean;
};

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every page of spec §2; each exists unprefixed (English) and under every other locale prefix. */
export const PAGES = {
  home: { path: '', layout: 'landingpage', requiresAuth: false },
  account: { path: 'account', layout: 'default', requiresAuth: true },
  blog: { path: 'blog', layout: 'landingpage', requiresAuth: false },
  blogArticle: {
    path: 'blog/:article',
    layout: 'landingpage',
    requiresAuth: false,
    validate: (params) => SLUG_PATTERN.test(params.article ?? '') && (params.article ?? '').length <= 120,
  },
  /** The local payment provider's checkout page (no Stripe key): a test payment that books on confirmation. */
  checkout: { path: 'checkout', layout: 'fullscreen', requiresAuth: true },
  checkoutSuccess: { path: 'checkout_success', layout: 'fullscreen', requiresAuth: true },
  contact: { path: 'contact', layout: 'landingpage', requiresAuth: false },
  flows: { path: 'flows', layout: 'default', requiresAuth: false },
  flow: {
    path: 'flow/:flow',
    layout: 'default',
    requiresAuth: false,
    validate: (params) => (FLOW_SLUGS as readonly string[]).includes(params.flow ?? ''),
  },
  feature: {
    path: 'feature/:feature',
    layout: 'default',
    requiresAuth: false,
    validate: (params) => (FEATURE_SLUGS as readonly string[]).includes(params.feature ?? ''),
  },
  /** Every generated result across tools: filter, search, reopen, copy, export, share, delete. */
  history: { path: 'history', layout: 'default', requiresAuth: true },
  /** An own application: 'new' creates one; an id runs it. */
  ownApp: {
    path: 'apps/:app',
    layout: 'default',
    requiresAuth: true,
    validate: (params) => params.app === 'new' || UUID_PATTERN.test(params.app ?? ''),
  },
  ownAppEdit: {
    path: 'apps/:app/edit',
    layout: 'default',
    requiresAuth: true,
    validate: (params) => UUID_PATTERN.test(params.app ?? ''),
  },
  /** A result shared by its author: read-only, public, no account data. */
  shared: {
    path: 'shared/:token',
    layout: 'landingpage',
    requiresAuth: false,
    validate: (params) => SHARE_TOKEN_PATTERN.test(params.token ?? ''),
  },
  login: { path: 'login', layout: 'fullscreen', requiresAuth: false },
  /** The operators' dashboard (OPERATOR_EMAILS): visits and events; anyone else sees "not found". */
  operator: { path: 'operator', layout: 'default', requiresAuth: true },
  maintenance: { path: 'maintenance', layout: 'fullscreen', requiresAuth: false },
  pricing: { path: 'pricing', layout: 'landingpage', requiresAuth: false },
  redirect: { path: 'redirect', layout: 'fullscreen', requiresAuth: false },
  sources: { path: 'sources', layout: 'default', requiresAuth: true },
  try: { path: 'try', layout: 'fullscreen', requiresAuth: false },
} as const satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof PAGES;
export const PAGE_IDS = Object.keys(PAGES) as PageId[];

/** Redirect targets of spec §2. */
export const REDIRECTS = {
  start: '/',
  logout: '/?logout',
  loginCallback: 'login',
  afterLogin: '/feature/write-chapter',
} as const;

/** Splits "/de/pricing" into { locale: "de", rest: "pricing" }; English paths have no prefix. */
export function parseLocalePath(pathname: string): { locale: LocaleCode; rest: string } {
  const trimmed = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  const [first = '', ...others] = trimmed.split('/');
  if (first !== DEFAULT_LOCALE && isLocale(first)) return { locale: first, rest: others.join('/') };
  return { locale: DEFAULT_LOCALE, rest: trimmed };
}

/** Builds the path of a page in a locale: localePath("de", "pricing") → "/de/pricing". */
export function localePath(locale: LocaleCode, rest: string): string {
  const clean = rest.replace(/^\/+/, '');
  if (locale === DEFAULT_LOCALE) return `/${clean}`;
  return clean ? `/${locale}/${clean}` : `/${locale}`;
}

/** Finds the page a pathname shows, with its parameters; null for a 404. */
export function matchPage(pathname: string): { id: PageId; locale: LocaleCode; params: Record<string, string> } | null {
  const { locale, rest } = parseLocalePath(pathname);
  const segments = rest ? rest.split('/') : [];
  for (const id of PAGE_IDS) {
    const page: PageDefinition = PAGES[id];
    const params = matchSegments(page.path ? page.path.split('/') : [], segments);
    if (params && (!page.validate || page.validate(params))) return { id, locale, params };
  }
  return null;
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      if (!segment) return null;
      params[part.slice(1)] = safeDecode(segment);
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
