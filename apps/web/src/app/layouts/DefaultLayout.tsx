import { MOBILE_MEDIA_QUERY } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SkipLink } from '../../components/SkipLink';
import { StudyCategoriesPrompt } from '../../features/tools/StudyCategoriesPrompt';
import { useMediaQuery } from '../../lib/use-media-query';
import { AppHeader } from './AppHeader';
import { Sidebar } from './Sidebar';
import { AppFooter } from './SiteFooter';
import './default-layout.css';

const COLLAPSED_KEY = 'quire_sidebar_collapsed';
const SIDEBAR_ID = 'app-sidebar';

/** The app: a header and a sidebar that collapses on desktop and becomes a drawer on mobile (< 960px). */
export function DefaultLayout() {
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => writeCollapsed(collapsed), [collapsed]);

  // A link in the drawer leads to another page: the drawer gets out of the way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes.
  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButtonRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  function closeDrawer() {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }

  return (
    <div className={`app-layout${!mobile && collapsed ? ' app-layout--collapsed' : ''}`}>
      <SkipLink />
      <AppHeader
        menuButton={
          mobile
            ? { ref: menuButtonRef, controls: SIDEBAR_ID, open: drawerOpen, onClick: () => setDrawerOpen(true) }
            : null
        }
      />
      <Sidebar
        id={SIDEBAR_ID}
        mode={mobile ? 'drawer' : 'docked'}
        hidden={mobile ? !drawerOpen : collapsed}
        onToggle={mobile ? closeDrawer : () => setCollapsed((value) => !value)}
      />
      {mobile && drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      <main id="main" className="app-layout__main" inert={mobile && drawerOpen ? true : undefined}>
        <Outlet />
        <AppFooter />
      </main>
      <StudyCategoriesPrompt />
    </div>
  );
}

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeCollapsed(value: boolean): void {
  try {
    window.localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
  } catch {
    // Private mode without storage: the sidebar simply forgets its state.
  }
}
