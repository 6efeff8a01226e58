import type { HistoryListItem } from '@quire/contracts';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { HistoryEmpty } from './HistoryEmpty';
import { HistoryItem } from './HistoryItem';
import { useHistoryList } from './history.queries';
import { resultTitle } from './history-labels';
import { type HistoryParams, isUnfiltered } from './history-params';
import { ShareDialog } from './ShareDialog';

type Props = { params: HistoryParams; onClearFilters: () => void };

/** The results for a filter and search, with loading, error, empty and no-match states, and more on request. */
export function HistoryList({ params, onClearFilters }: Props) {
  const { t } = useTranslation();
  const { state, retry, loadMore, remove, setShared } = useHistoryList(params);
  const [sharing, setSharing] = useState<HistoryListItem | null>(null);
  const [deleting, setDeleting] = useState<HistoryListItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const trigger = useRef<HTMLElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  async function confirmDelete(item: HistoryListItem): Promise<boolean> {
    const deleted = await remove(item.id);
    if (!deleted) return false;
    // The item and its button are gone: the list takes the focus, and the deletion is announced.
    trigger.current = listRef.current;
    setDeleting(null);
    setAnnouncement(t('history.delete.done'));
    return true;
  }

  return (
    <div className="history-results">
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {body()}
    </div>
  );

  function body() {
    if (state.status === 'loading') {
      return (
        <p className="muted" role="status" data-testid="history-loading">
          <span className="spinner" aria-hidden="true" />
          {t('history.list.loading')}
        </p>
      );
    }
    if (state.status === 'error') {
      return (
        <div className="notice notice--error" role="alert" data-testid="history-error">
          <p>{state.error}</p>
          <button type="button" className="button button--small" onClick={() => void retry()}>
            {t('history.list.retry')}
          </button>
        </div>
      );
    }
    if (state.items.length === 0) {
      return <HistoryEmpty unfiltered={isUnfiltered(params)} onClearFilters={onClearFilters} />;
    }

    return (
      <>
        <ul className="history-list" ref={listRef} tabIndex={-1} aria-label={t('history.list.label')}>
          {state.items.map((item) => (
            <HistoryItem
              key={item.id}
              item={item}
              onShare={(chosen, button) => {
                trigger.current = button;
                setSharing(chosen);
              }}
              onDelete={(chosen, button) => {
                trigger.current = button;
                setAnnouncement('');
                setDeleting(chosen);
              }}
            />
          ))}
        </ul>
        <MoreResults error={state.error} more={state.more} loadingMore={state.loadingMore} onMore={loadMore} />
        {sharing && (
          <ShareDialog
            resultId={sharing.id}
            shared={Boolean(sharing.shared_token)}
            onChange={(token) => setShared(sharing.id, token)}
            onClose={() => setSharing(null)}
            returnFocus={trigger}
          />
        )}
        {deleting && (
          <ConfirmDialog
            title={t('history.delete.title')}
            text={t('history.delete.text', { title: resultTitle(deleting) ?? t('history.item.untitled') })}
            labels={{
              confirm: t('history.delete.confirm'),
              working: t('history.delete.deleting'),
              cancel: t('history.delete.cancel'),
            }}
            onConfirm={async () => {
              // The list logged why; the dialog stays open to try again.
              if (!(await confirmDelete(deleting))) throw new Error('The result was not deleted');
            }}
            failureMessage={() => t('history.delete.failed')}
            onClose={() => setDeleting(null)}
            returnFocus={trigger}
            testIds={{
              dialog: 'history-delete-dialog',
              error: 'history-delete-error',
              confirm: 'history-delete-confirm',
            }}
          />
        )}
      </>
    );
  }
}

type MoreProps = { error: string | null; more: boolean; loadingMore: boolean; onMore: () => void };

/** Why the next page failed, if it did, and the button that asks for it. */
function MoreResults({ error, more, loadingMore, onMore }: MoreProps) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="history-more-error">
          {error}
        </p>
      )}
      {more && (
        <button
          type="button"
          className="button button--secondary history-more"
          onClick={onMore}
          disabled={loadingMore}
          data-testid="history-more"
        >
          {loadingMore ? t('history.list.loadingMore') : t('history.list.more')}
        </button>
      )}
    </>
  );
}
