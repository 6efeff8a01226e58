import { PlaceholderPage } from '../PlaceholderPage';

/** Documents, articles and bookmarked papers arrive with the sources issue. */
export function SourcesPage() {
  return <PlaceholderPage pageKey="sources" />;
}
