import { PAGE_GUARDS, PAGES } from '@quire/contracts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateServerStatus } from '../../features/status/status.store';
import { currentLocale, ensureLocale, translate } from '../../i18n/i18n';
import { json, STATUS_OK, serverStatus, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/session';
import { errorMessage, HttpError } from '../http-error';
import { type GuardContext, runGuards } from './guards';
import { authGuard, localeGuard, maintenanceGuard, PAGE_GUARD_REGISTRY } from './page-guards';

function context(pathname: string, overrides: Partial<GuardContext> = {}): GuardContext {
  return { url: new URL(pathname, 'https://quire.example'), locale: 'en', pageId: null, page: null, ...overrides };
}

async function failure(run: Promise<unknown>): Promise<HttpError> {
  return (await run.then(
    () => {
      throw new Error('expected the guards to fail');
    },
    (error: unknown) => error,
  )) as HttpError;
}

beforeAll(async () => {
  await ensureLocale('en', 'landing');
});

describe('runGuards', () => {
  it('runs the guards in the order of PAGE_GUARDS', async () => {
    const order: string[] = [];
    const registry = Object.fromEntries(
      ['locale', 'maintenance', 'auth'].map((name) => [name, () => void order.push(name)]),
    );
    await runGuards(PAGE_GUARDS, registry, context('/'));
    expect(order).toEqual(['auth', 'maintenance', 'locale']);
  });

  it('stops at the first guard that redirects', async () => {
    const later = vi.fn();
    const target = await runGuards(['auth', 'maintenance'], { auth: () => '/login', maintenance: later }, context('/'));
    expect(target).toBe('/login');
    expect(later).not.toHaveBeenCalled();
  });

  it('fails with a 500 naming an unknown guard', async () => {
    const error = await failure(runGuards(['auth', 'teleport'], { auth: () => undefined }, context('/')));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe('Unknown middleware teleport');
    expect(errorMessage(error, translate)).toBe('Unknown middleware teleport');
  });

  it('does not mistake inherited properties for guards', async () => {
    const error = await failure(runGuards(['toString'], {}, context('/')));
    expect(errorMessage(error, translate)).toBe('Unknown middleware toString');
  });

  it('says so in the visitor’s language', async () => {
    await ensureLocale('de', 'landing');
    const error = await failure(runGuards(['teleport'], {}, context('/de')));
    expect(errorMessage(error, translate)).toBe('Unbekannte Middleware teleport');
    await ensureLocale('en', 'landing');
  });

  it('has a guard for every name the contracts list', () => {
    expect(Object.keys(PAGE_GUARD_REGISTRY).sort()).toEqual([...PAGE_GUARDS].sort());
  });
});

describe('authGuard', () => {
  it('sends visitors without a session to the localised login page, remembering the page', () => {
    const target = authGuard(context('/de/account?tab=plan', { locale: 'de', pageId: 'account', page: PAGES.account }));
    expect(target).toBe('/de/login?redirect=%2Fde%2Faccount%3Ftab%3Dplan');
  });

  it('lets visitors with a session through', () => {
    signIn({ access_token: 'token-1' });
    expect(authGuard(context('/account', { pageId: 'account', page: PAGES.account }))).toBeUndefined();
  });

  it('ignores pages that need no login', () => {
    expect(authGuard(context('/pricing', { pageId: 'pricing', page: PAGES.pricing }))).toBeUndefined();
  });
});

describe('maintenanceGuard', () => {
  beforeEach(() => {
    invalidateServerStatus();
  });

  it('sends every page to the localised maintenance page while maintenance is on', async () => {
    stubFetch(() => json(200, serverStatus({ maintenance: true })));
    const target = await maintenanceGuard(
      context('/fr/pricing', { locale: 'fr', pageId: 'pricing', page: PAGES.pricing }),
    );
    expect(target).toBe('/fr/maintenance');
    expect(await maintenanceGuard(context('/nope'))).toBe('/maintenance');
    expect(
      await maintenanceGuard(context('/maintenance', { pageId: 'maintenance', page: PAGES.maintenance })),
    ).toBeUndefined();
  });

  it('sends visitors away from /maintenance to the start page once maintenance is off', async () => {
    stubFetch(() => json(200, STATUS_OK));
    const target = await maintenanceGuard(
      context('/it/maintenance', { locale: 'it', pageId: 'maintenance', page: PAGES.maintenance }),
    );
    expect(target).toBe('/it');
    expect(await maintenanceGuard(context('/pricing', { pageId: 'pricing', page: PAGES.pricing }))).toBeUndefined();
  });

  it('blocks nothing when the status cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await maintenanceGuard(context('/pricing', { pageId: 'pricing', page: PAGES.pricing }))).toBeUndefined();
    expect(
      await maintenanceGuard(context('/maintenance', { pageId: 'maintenance', page: PAGES.maintenance })),
    ).toBeUndefined();
  });

  it('asks the server once per 30 s', async () => {
    const { calls } = stubFetch(() => json(200, STATUS_OK));
    await maintenanceGuard(context('/pricing', { pageId: 'pricing', page: PAGES.pricing }));
    await maintenanceGuard(context('/blog', { pageId: 'blog', page: PAGES.blog }));
    expect(calls.map((call) => call.url)).toEqual(['/api/status']);
  });
});

describe('localeGuard', () => {
  it('switches the language and <html lang> to the URL prefix', async () => {
    await localeGuard(context('/nl', { locale: 'nl', pageId: 'home', page: PAGES.home }));
    expect(currentLocale()).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    await localeGuard(context('/', { locale: 'en', pageId: 'home', page: PAGES.home }));
    expect(document.documentElement.lang).toBe('en');
  });
});
