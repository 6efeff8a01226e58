import { type GenerationResult, type HistoryDetail, type HistoryListItem, LOCALE_INFO } from '@quire/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { docxExport, exportFilename, markdownExport } from '../../lib/result-export';
import { useTextActions } from '../../lib/use-text-actions';
import { fetchHistoryDetail } from './history.api';
import { resultTitle, toolLabel } from './history-labels';
import { reopenPath } from './history-params';

type Props = {
  item: HistoryListItem;
  onShare: (item: HistoryListItem, trigger: HTMLButtonElement) => void;
  onDelete: (item: HistoryListItem, trigger: HTMLButtonElement) => void;
};

/**
 * One result in the history: its tool, title, date, words and the start of its text, and what can be done
 * with it — open it in its tool, copy or export its text (loaded when first needed), share or delete it.
 */
export function HistoryItem({ item, onShare, onDelete }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { feedback, copy, exportFile } = useTextActions('a history result');
  const detail = useRef<Promise<HistoryDetail> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const title = resultTitle(item) ?? t('history.item.untitled');
  const reopen = reopenPath(item);
  const date = new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(item.created_at));

  // Files are named after the tool and the day, as the tool pages name them.
  const exportName = (extension: 'md' | 'docx') =>
    exportFilename({ slug: item.slug as GenerationResult['slug'], created_at: item.created_at }, extension);

  /** The whole result, fetched once; a failed fetch is tried again next time. */
  function loadDetail(): Promise<HistoryDetail> {
    detail.current ??= fetchHistoryDetail(item.id).catch((error: unknown) => {
      detail.current = null;
      throw error;
    });
    return detail.current;
  }

  async function copyText() {
    setLoadFailed(false);
    let text: string;
    try {
      text = (await loadDetail()).text;
    } catch (error) {
      console.error('Could not load a result to copy it', { id: item.id, error });
      setLoadFailed(true);
      return;
    }
    await copy(text);
  }

  return (
    <li className="history-item" data-testid="history-result" data-id={item.id} data-slug={item.slug}>
      <p className="history-item__meta muted">
        <span className="history-item__tool" data-testid="history-result-tool">
          {toolLabel(item, t)}
        </span>
        <span aria-hidden="true"> · </span>
        <time dateTime={item.created_at}>{date}</time>
        <span aria-hidden="true"> · </span>
        <span>{t('history.item.words', { words: item.words_used })}</span>
        {item.shared_token && (
          <>
            {' '}
            <span className="badge" data-testid="history-result-shared">
              {t('history.item.shared')}
            </span>
          </>
        )}
      </p>
      <h2 className="history-item__title" data-testid="history-result-title">
        {reopen ? <Link to={to(reopen)}>{title}</Link> : title}
      </h2>
      {item.excerpt && (
        <p className="history-item__excerpt" data-testid="history-result-excerpt">
          {item.excerpt}
        </p>
      )}
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
          onClick={() => void copyText()}
          data-testid="history-result-copy"
        >
          {t('history.item.copy')}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => void exportFile(async () => markdownExport(await loadDetail()), exportName('md'), 'Markdown')}
          data-testid="history-result-markdown"
        >
          {t('history.item.exportMarkdown')}
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => void exportFile(async () => docxExport(await loadDetail()), exportName('docx'), 'DOCX')}
          disabled={feedback === 'exporting'}
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
          {loadFailed && feedback === 'idle' ? t('history.item.feedback.loadFailed') : ''}
          {feedback === 'idle' ? '' : t(`history.item.feedback.${feedback}`)}
        </span>
      </div>
    </li>
  );
}
