import type { HistoryListItem } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useResultText } from './use-result-text';

type Props = {
  item: HistoryListItem;
  title: string;
  /** Where the result opens in its tool; null for a tool that does not reopen results. */
  reopen: string | null;
  onShare: (item: HistoryListItem, trigger: HTMLButtonElement) => void;
  onDelete: (item: HistoryListItem, trigger: HTMLButtonElement) => void;
};

/** What can be done with a history result, and what the last copy or export did. */
export function HistoryItemActions({ item, title, reopen, onShare, onDelete }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const text = useResultText(item);
  return (
    <div className="history-item__actions">
      {reopen && (
        <Link
          className="button button--small button--secondary"
          to={to(reopen)}
          aria-label={t('history.item.openLabel', { title })}
          data-testid="history-result-open"
        >
          {t('history.item.open')}
        </Link>
      )}
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => void text.copy()}
        data-testid="history-result-copy"
      >
        {t('history.item.copy')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => void text.exportMarkdown()}
        data-testid="history-result-markdown"
      >
        {t('history.item.exportMarkdown')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => void text.exportDocx()}
        disabled={text.feedback === 'exporting'}
        data-testid="history-result-docx"
      >
        {t('history.item.exportDocx')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={(event) => onShare(item, event.currentTarget)}
        aria-label={t('history.item.shareLabel', { title })}
        data-testid="history-result-share"
      >
        {t('history.item.share')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={(event) => onDelete(item, event.currentTarget)}
        aria-label={t('history.item.deleteLabel', { title })}
        data-testid="history-result-delete"
      >
        {t('history.item.delete')}
      </button>
      <span className="muted" role="status" data-testid="history-result-feedback">
        {text.loadFailed && text.feedback === 'idle' ? t('history.item.feedback.loadFailed') : ''}
        {text.feedback === 'idle' ? '' : t(`history.item.feedback.${text.feedback}`)}
      </span>
    </div>
  );
}
