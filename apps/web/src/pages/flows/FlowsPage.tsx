import { PageTitle } from '../../components/PageTitle';
import { ToolGroups } from '../../features/tools/ToolGroups';
import { useTranslation } from '../../i18n/use-translation';

/** All tools and flows, grouped as in the sidebar. */
export function FlowsPage() {
  const { t } = useTranslation();
  const title = t('pages.flows.title');
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.flows.intro')}</p>
      <ToolGroups headingLevel={2} />
    </article>
  );
}
