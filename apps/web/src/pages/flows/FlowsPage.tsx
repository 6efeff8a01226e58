import { FLOW_DEFINITIONS, FLOW_SLUGS } from '@quire/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { ToolCards } from '../../features/tools/ToolCards';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** All flows and tools (/flows), the tools grouped as in the sidebar, each with its favourite star. */
export function FlowsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const title = t('pages.flows.title');
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.flows.intro')}</p>
      <h2>{t('generation.catalogue.flowsTitle')}</h2>
      <ul className="flow-cards">
        {FLOW_SLUGS.map((flow) => (
          <li key={flow} className="flow-card" data-testid="flow-card">
            <Link to={to(`flow/${flow}`)} className="tool-list__link">
              {t(`flows.${flow}.title`)}
            </Link>
            <p className="muted">{t(`flows.${flow}.description`)}</p>
            <p className="muted">
              {t('generation.catalogue.flowSteps', {
                steps: FLOW_DEFINITIONS[flow].steps.map((step) => t(`tools.${step}.title`)).join(' → '),
              })}
            </p>
          </li>
        ))}
      </ul>
      <h2>{t('generation.catalogue.toolsTitle')}</h2>
      <ToolCards />
    </article>
  );
}
