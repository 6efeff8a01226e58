import { PageTitle } from '../../components/PageTitle';
import { HistoryFilters } from '../../features/history/HistoryFilters';
import { HistoryList } from '../../features/history/HistoryList';
import { useHistoryParams, useOwnApps } from '../../features/history/use-history-params';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/history/history-styles';

/** Every result of every tool (spec §1 history): filter by tool, search, reopen, copy, export, share, delete. */
export function HistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useHistoryParams();
  const ownApps = useOwnApps();
  const title = t('history.title');
  return (
    <article className="page history-page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('history.intro')}</p>
      <HistoryFilters params={params} ownApps={ownApps} onChange={setParams} />
      <HistoryList params={params} onClearFilters={() => setParams({ tool: '', q: '' }, false)} />
    </article>
  );
}
