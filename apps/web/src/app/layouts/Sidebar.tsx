import { FEATURE_SLUGS, GROUP_ITEMS, GROUP_SLUGS, ownAppIdOf } from '@quire/contracts';
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../features/auth/use-session';
import { OwnAppsNav } from '../../features/own-apps/OwnAppsNav';
import { useFavourites } from '../../features/tools/favourites.store';
import { toolItemKeys } from '../../features/tools/tool-labels';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

type Props = {
  id: string;
  mode: 'docked' | 'drawer';
  /** Docked: collapsed to a rail. Drawer: closed. */
  hidden: boolean;
  onToggle: () => void;
};

/** The app's navigation (spec §2): create own application, cards, all applications by group, my favourites. */
export function Sidebar({ id, mode, hidden, onToggle }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const toggleLabel = mode === 'drawer' ? t('sidebar.close') : hidden ? t('sidebar.expand') : t('sidebar.collapse');

  // An opened drawer takes the focus, so keyboard users land inside it.
  useEffect(() => {
    if (mode === 'drawer' && !hidden) toggleRef.current?.focus();
  }, [mode, hidden]);

  return (
    <aside
      id={id}
      className={`sidebar sidebar--${mode}${hidden ? ' sidebar--hidden' : ''}`}
      aria-label={t('sidebar.label')}
      inert={mode === 'drawer' && hidden ? true : undefined}
    >
      <button
        ref={toggleRef}
        type="button"
        className="sidebar__toggle icon-button"
        onClick={onToggle}
        aria-expanded={!hidden}
        aria-controls={`${id}-content`}
      >
        <span aria-hidden="true">{mode === 'drawer' ? '×' : hidden ? '»' : '«'}</span>
        <span className="visually-hidden">{toggleLabel}</span>
      </button>
      <div id={`${id}-content`} className="sidebar__content" hidden={mode === 'docked' && hidden}>
        <ul className="sidebar__primary">
          <li>
            <NavLink to={to('apps/new')} data-testid="sidebar-create-own" end>
              {t('sidebar.createOwn')}
            </NavLink>
          </li>
          <li>
            <NavLink to={to('feature/cards')}>{t('sidebar.cards')}</NavLink>
          </li>
          <li>
            <NavLink to={to('history')}>{t('sidebar.history')}</NavLink>
          </li>
        </ul>

        <section className="sidebar__section" aria-labelledby={`${id}-all`}>
          <h2 id={`${id}-all`} className="sidebar__heading">
            {t('sidebar.allApplications')}
          </h2>
          {GROUP_SLUGS.map((group) => (
            <div key={group} className="sidebar__group">
              <h3 className="sidebar__group-title">{t(`groups.${group}`)}</h3>
              <ul>
                {GROUP_ITEMS[group].map((item) => (
                  <li key={item}>
                    <NavLink to={to(item)}>{t(toolItemKeys(item).title)}</NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {session && <OwnAppsNav />}
        </section>

        <section className="sidebar__section" aria-labelledby={`${id}-favourites`}>
          <h2 id={`${id}-favourites`} className="sidebar__heading">
            {t('sidebar.favourites')}
          </h2>
          {session ? (
            <Favourites />
          ) : (
            <p className="muted">
              {t('sidebar.favouritesSignedOut')} <Link to={to('login')}>{t('nav.signIn')}</Link>
            </p>
          )}
        </section>
      </div>
    </aside>
  );
}

/** The signed-in user's favourite tools and own applications (GET /api/prompt_templates), each a link to its page. */
function Favourites() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const favourites = useFavourites();
  // Only tools this app has a page for: a link never leads to a 404. Own applications link to their page.
  const chosen = favourites.templates.flatMap((template) => {
    if (!template.favourite) return [];
    const ownAppId = ownAppIdOf(template.slug);
    if (ownAppId) return [{ slug: template.slug, path: `apps/${ownAppId}`, title: template.headline }];
    if (!(FEATURE_SLUGS as readonly string[]).includes(template.slug)) return [];
    return [{ slug: template.slug, path: `feature/${template.slug}`, title: t(`tools.${template.slug}.title`) }];
  });
  // Quietly: the sidebar's list is no reason to interrupt what the page is saying.
  if (favourites.status === 'error') return <p className="muted">{favourites.error}</p>;
  if (favourites.status !== 'ready') {
    return (
      <p className="muted" role="status">
        {t('sidebar.favouritesLoading')}
      </p>
    );
  }
  if (chosen.length === 0) return <p className="muted">{t('sidebar.favouritesEmpty')}</p>;
  return (
    <ul data-testid="sidebar-favourites">
      {chosen.map((favourite) => (
        <li key={favourite.slug}>
          <NavLink to={to(favourite.path)}>{favourite.title}</NavLink>
        </li>
      ))}
    </ul>
  );
}
