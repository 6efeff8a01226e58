import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { OwnAppEditor } from '../../features/own-apps/OwnAppEditor';
import { OwnAppRunner } from '../../features/own-apps/OwnAppRunner';
import { OwnAppStatus } from '../../features/own-apps/OwnAppStatus';
import { useOwnApp } from '../../features/own-apps/use-own-app';
import { FavouriteButton } from '../../features/tools/FavouriteButton';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** /apps/new creates an own application; /apps/{id} runs one (the loader has checked the parameter). */
export function OwnAppPage() {
  const id = useParams().app ?? '';
  return id === 'new' ? <NewOwnApp /> : <RunOwnApp key={id} id={id} />;
}

function NewOwnApp() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const title = t('ownApps.editor.newTitle');
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('ownApps.editor.intro')}</p>
      <OwnAppEditor onSaved={(app) => void navigate(to(`apps/${app.id}`))} />
    </article>
  );
}

function RunOwnApp({ id }: { id: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const state = useOwnApp(id);
  if (state.status !== 'ready') {
    return (
      <article className="page">
        <OwnAppStatus state={state} />
      </article>
    );
  }
  const { app } = state;
  return (
    <article className="page" data-testid="own-app-page">
      <div className="page__title-row">
        <PageTitle documentTitle={app.name}>{app.name}</PageTitle>
        <FavouriteButton slug={app.slug} name={app.name} />
        <Link
          className="button button--small button--secondary"
          to={to(`apps/${app.id}/edit`)}
          data-testid="own-app-edit"
        >
          {t('ownApps.page.edit')}
        </Link>
      </div>
      {app.description && <p className="lead">{app.description}</p>}
      <OwnAppRunner key={app.updated_at} app={app} />
    </article>
  );
}
