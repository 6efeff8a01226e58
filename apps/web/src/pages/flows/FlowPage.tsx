import { FLOW_DEFINITIONS, type FlowSlug } from '@quire/contracts';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../app/use-locale';
import { ComingSoon } from '../../components/ComingSoon';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/use-translation';

/** A flow: its steps in order (the loader has already checked the slug). */
export function FlowPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const slug = useParams().flow as FlowSlug;
  const title = t(`flows.${slug}.title`);
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t(`flows.${slug}.description`)}</p>
      <h2>{t('pages.flow.steps')}</h2>
      <ol className="flow-steps">
        {FLOW_DEFINITIONS[slug].steps.map((step) => (
          <li key={step}>
            <Link to={to(`feature/${step}`)}>{t(`tools.${step}.title`)}</Link>
            <p className="muted">{t(`tools.${step}.description`)}</p>
          </li>
        ))}
      </ol>
      <ComingSoon>{t('pages.flow.soon')}</ComingSoon>
    </article>
  );
}
