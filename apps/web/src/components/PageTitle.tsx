import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/** The page's h1; also names the browser tab ("{title} · Quire", or the brand alone on the home page). */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle: string | null }) {
  usePageTitle(documentTitle);
  return (
    <h1 className="page-title" data-testid="page-title">
      {children}
    </h1>
  );
}
