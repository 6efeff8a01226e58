import type { SharedResult } from '@quire/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { NotFound } from '../../app/error/NotFound';
import { fetchSharedResult } from '../../features/history/history.api';
import { SharedResultView } from '../../features/history/SharedResultView';
import { translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/history/history-styles';

type State =
  | { status: 'loading' }
  | { status: 'ready'; result: SharedResult }
  | { status: 'notFound' }
  | { status: 'error'; message: string };

/** A result shared by its author (/shared/{token}): public and read-only; a revoked link is not found. */
export function SharedPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the result again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSharedResult(token, { signal: controller.signal })
      .then((result) => setState({ status: 'ready', result }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setState({ status: 'notFound' });
        if (!(error instanceof ApiError)) console.error('Could not load a shared result', error);
        setState({
          status: 'error',
          message: error instanceof ApiError ? error.message : translate('errors:generic_error'),
        });
      });
    return () => controller.abort();
  }, [token, attempt]);

  switch (state.status) {
    case 'ready':
      return <SharedResultView result={state.result} />;
    case 'notFound':
      return <NotFound />;
    case 'error':
      return (
        <article className="page">
          <div className="notice notice--error" role="alert" data-testid="shared-error">
            <p>{state.message}</p>
            <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
              {t('share.page.retry')}
            </button>
          </div>
        </article>
      );
    default:
      return (
        <article className="page">
          <p className="muted" role="status" data-testid="shared-loading">
            <span className="spinner" aria-hidden="true" />
            {t('common.loading')}
          </p>
        </article>
      );
  }
}
