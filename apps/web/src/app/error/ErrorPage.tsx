import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { errorMessage, errorStatus } from '../http-error';
import { ErrorChrome } from './ErrorChrome';
import { NotFound } from './NotFound';
import { ServerError } from './ServerError';
import { useUrlLocaleLanguage } from './use-url-locale-language';

/** The router's error element: the not-found page for 404, otherwise the error page with its contact form. */
export function ErrorPage() {
  const error = useRouteError();
  const status = errorStatus(error);
  useUrlLocaleLanguage();

  useEffect(() => {
    if (status !== 404) console.error('Page failed', error);
  }, [error, status]);

  return (
    <ErrorChrome>
      {status === 404 ? <NotFound /> : <ServerError status={status} message={errorMessage(error)} />}
    </ErrorChrome>
  );
}
