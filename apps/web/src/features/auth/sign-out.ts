import type { LocaleCode } from '@quire/contracts';
import { importWithReload } from '../../lib/chunk-reload';
import { signedOutPath } from './return-path';
import { clearSession, getSession } from './session';

/**
 * Signs out: forgets the tokens here, then ends the identity provider's session too (RP-initiated logout),
 * which comes back to the start page with `?logout`. Should the provider be unreachable, the visitor lands
 * there directly, signed out of Quire at least.
 */
export async function signOut(locale: LocaleCode, go: (url: string) => void = (url) => window.location.assign(url)) {
  const idToken = getSession()?.tokens.id_token ?? null;
  clearSession();
  try {
    const { endSessionUrl } = await importWithReload(() => import('./oidc'));
    const url = await endSessionUrl({ idToken, locale });
    go(url ? url.href : signedOutPath(locale));
  } catch (error) {
    console.warn('Could not reach the identity provider to sign out', error);
    go(signedOutPath(locale));
  }
}
