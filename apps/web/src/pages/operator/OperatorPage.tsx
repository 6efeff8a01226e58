import { PageTitle } from '../../components/PageTitle';
import { OperatorDashboard } from '../../features/operator/OperatorDashboard';
import { useTranslation } from '../../i18n/use-translation';

/** /operator: visits and events for the operators (OPERATOR_EMAILS); anyone else reads "not found". */
export function OperatorPage() {
  const { t } = useTranslation();
  const title = t('operator.title');
  return (
    <article className="page operator-page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('operator.intro')}</p>
      <OperatorDashboard />
    </article>
  );
}
