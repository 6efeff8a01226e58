import { Outlet, ScrollRestoration } from 'react-router';
import { TopProgressBar } from '../components/progress/TopProgressBar';
import { SiteBanners } from '../components/SiteBanners';

/**
 * Around every layout: the progress bar, the server-status and offline banners, and scroll handling
 * (top of the page on new navigations, the old position on back/forward).
 */
export function AppShell() {
  return (
    <>
      <TopProgressBar />
      <SiteBanners />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
