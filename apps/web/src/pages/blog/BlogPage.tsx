import { PlaceholderPage } from '../PlaceholderPage';

export function BlogPage() {
  return <PlaceholderPage pageKey="blog" />;
}
