import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** Tools the empty history suggests starting with. */
const STARTING_TOOLS = ['write-chapter', 'write-outline', 'summarize', 'find-topic'] as const;

type Props = { unfiltered: boolean; onClearFilters: () => void };

/** No results: with no filter, the tools to start with; with filters, a way to clear them. */
export function HistoryEmpty({ unfiltered, onClearFilters }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return unfiltered ? (
    <div className="history-empty" data-testid="history-empty">
      <p>{t('history.list.empty')}</p>
      <ul className="history-empty__tools">
        {STARTING_TOOLS.map((slug) => (
          <li key={slug}>
            <Link to={to(`feature/${slug}`)}>{t(`tools.${slug}.title`)}</Link>
          </li>
        ))}
      </ul>
    </div>
  ) : (
    <div className="history-empty" data-testid="history-no-matches">
      <p>{t('history.list.noMatches')}</p>
      <button type="button" className="button button--small button--secondary" onClick={onClearFilters}>
        {t('history.list.clearFilters')}
      </button>
    </div>
  );
}
