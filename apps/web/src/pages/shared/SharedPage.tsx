import { useParams } from 'react-router';
import { NotFound } from '../../app/error/NotFound';
import { useSharedResult } from '../../features/history/history.queries';
import { SharedResultView } from '../../features/history/SharedResultView';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/history/history-styles';

/** A result shared by its author (/shared/{token}): public and read-only; a revoked link is not found. */
export function SharedPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const { state, retry } = useSharedResult(token);

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
            <button type="button" className="button button--small" onClick={retry}>
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
