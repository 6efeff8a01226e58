import { useEffect } from 'react';
import { reportError } from '../../features/error-reporting/error-reporting';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage, errorStatus } from '../http-error';
import { PageFallback } from '../PageFallback';
import { ErrorChrome } from './ErrorChrome';
import { NotFound } from './NotFound';
import { ServerError } from './ServerError';
import { useErrorPageLanguage } from './use-error-page-language';

/** The not-found page for 404, otherwise the error page with its contact form. */
export function ErrorPageContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  const ready = useErrorPageLanguage();

  useEffect(() => {
    if (status !== 404) console.error('Page failed', error);
    // A 4xx is the visitor's request (a page they may not see), not a fault of the app.
    if (status >= 500) reportError(error);
  }, [error, status]);

  if (!ready) return <PageFallback />;
  return (
    <ErrorChrome>
      {status === 404 ? <NotFound /> : <ServerError status={status} message={errorMessage(error, t)} />}
    </ErrorChrome>
  );
}
