import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { DeleteOwnApp } from '../../features/own-apps/DeleteOwnApp';
import { OwnAppEditor } from '../../features/own-apps/OwnAppEditor';
import { OwnAppStatus } from '../../features/own-apps/OwnAppStatus';
import { useOwnApp } from '../../features/own-apps/use-own-app';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/** /apps/{id}/edit: change an own application, or delete it (its results stay in the history). */
export function OwnAppEditPage() {
  const id = useParams().app ?? '';
  return <EditOwnApp key={id} id={id} />;
}

function EditOwnApp({ id }: { id: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const state = useOwnApp(id);
  if (state.status !== 'ready') {
    return (
      <article className="page">
        <OwnAppStatus state={state} />
      </article>
    );
  }
  const { app } = state;
  const title = t('ownApps.editor.editTitle', { name: app.name });
  const back = to(`apps/${app.id}`);
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <OwnAppEditor
        key={app.updated_at}
        app={app}
        onSaved={() => void navigate(back)}
        cancel={
          <Link className="button button--secondary" to={back}>
            {t('ownApps.editor.cancel')}
          </Link>
        }
      />
      <div className="own-app-editor__danger">
        <DeleteOwnApp app={app} onDeleted={() => void navigate(to('apps/new'), { replace: true })} />
      </div>
    </article>
  );
}
