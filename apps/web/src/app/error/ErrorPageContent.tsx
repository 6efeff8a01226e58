import { useEffect } from 'react';
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
  }, [error, status]);

  if (!ready) return <PageFallback />;
  return (
    <ErrorChrome>
      {status === 404 ? <NotFound /> : <ServerError status={status} message={errorMessage(error, t)} />}
    </ErrorChrome>
  );
}
