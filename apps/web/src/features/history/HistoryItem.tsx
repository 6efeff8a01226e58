import { type HistoryListItem, LOCALE_INFO } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { HistoryItemActions } from './HistoryItemActions';
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
  const to = useLocalePath();
  const title = resultTitle(item) ?? t('history.item.untitled');
  const reopen = reopenPath(item);
  return (
    <li className="history-item" data-testid="history-result" data-id={item.id} data-slug={item.slug}>
      <HistoryItemMeta item={item} />
      <h2 className="history-item__title" data-testid="history-result-title">
        {reopen ? <Link to={to(reopen)}>{title}</Link> : title}
      </h2>
      {item.excerpt && (
        <p className="history-item__excerpt" data-testid="history-result-excerpt">
          {item.excerpt}
        </p>
      )}
      <HistoryItemActions item={item} title={title} reopen={reopen} onShare={onShare} onDelete={onDelete} />
    </li>
  );
}

/** The result's tool, date, words and whether it is shared. */
function HistoryItemMeta({ item }: { item: HistoryListItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(LOCALE_INFO[locale].meta.htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(item.created_at));
  return (
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
  );
}
