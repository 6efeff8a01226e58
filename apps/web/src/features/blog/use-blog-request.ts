import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';

export type BlogRequest<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'notFound' }
  | { status: 'error'; message: string };

/**
 * Loads what a blog page shows whenever `key` changes (the page number, the slug, the language), and again on
 * `retry()`. A 404 is its own state, so the page can show the not-found view.
 */
export function useBlogRequest<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): { request: BlogRequest<T>; retry: () => void } {
  const [request, setRequest] = useState<BlogRequest<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` says what `load` loads; `attempt` asks again.
  useEffect(() => {
    const controller = new AbortController();
    setRequest({ status: 'loading' });
    load(controller.signal)
      .then((value) => setRequest({ status: 'ready', value }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setRequest({ status: 'notFound' });
        if (!(error instanceof ApiError)) console.error('Could not load the blog', error);
        setRequest({
          status: 'error',
          message: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    return () => controller.abort();
  }, [key, attempt]);

  return { request, retry: () => setAttempt((count) => count + 1) };
}
