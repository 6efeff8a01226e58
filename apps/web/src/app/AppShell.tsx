import { Outlet, ScrollRestoration } from 'react-router';
import { TopProgressBar } from '../components/progress/TopProgressBar';
import { SiteBanners } from '../components/SiteBanners';
import { EngagementLayer } from '../features/consent/EngagementLayer';

/**
 * Around every layout: the progress bar, the server-status and offline banners, and scroll handling
 * (top of the page on new navigations, the old position on back/forward); the cookie card, analytics and survey.
 */
export function AppShell() {
  return (
    <>
      <TopProgressBar />
      <SiteBanners />
      <Outlet />
      <ScrollRestoration />
      <EngagementLayer />
    </>
  );
}
