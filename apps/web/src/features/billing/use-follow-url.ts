import { localePath, parseLocalePath } from '@quire/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { redirectToExternal } from './external-redirect';

/**
 * Follows a URL the billing API answers with. Our own pages (the local checkout, the success page) open in the
 * app, in the user's language when the server's URL carries none; anything else (Stripe) is left to the browser.
 */
export function useFollowUrl(): (url: string) => void {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(
    (url: string) => {
      const target = new URL(url, window.location.origin);
      if (target.origin !== window.location.origin) {
        redirectToExternal(url);
        return;
      }
      const parsed = parseLocalePath(target.pathname);
      const prefixed = parsed.locale === locale ? target.pathname : localePath(locale, parsed.rest);
      void navigate(`${prefixed}${target.search}`);
    },
    [navigate, locale],
  );
}
