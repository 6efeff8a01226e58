import { localePath, parseLocalePath } from '@quire/contracts';
import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { reportError } from '../../features/error-reporting/error-reporting';
import { useTranslation } from '../../i18n/use-translation';

/**
 * The last line: shown when the error page itself failed. It uses nothing that could fail again —
 * a plain link (a full page load) and strings with built-in fallbacks in case the catalogues are missing.
 */
export function ErrorFallback() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('The error page failed', error);
    reportError(error);
  }, [error]);
  const home = localePath(parseLocalePath(useLocation().pathname).locale, '');
  return (
    <main className="error-fallback" data-testid="error-fallback">
      <h1>{t('errorPage.fallbackTitle', 'Something went wrong')}</h1>
      <p>{t('errorPage.fallbackText', 'This page could not be shown. Please go back to the start page.')}</p>
      <a href={home} className="button">
        {t('common.backHome', 'Back to the start page')}
      </a>
    </main>
  );
}
