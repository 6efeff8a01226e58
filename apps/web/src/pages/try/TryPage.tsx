import { PlaceholderPage } from '../PlaceholderPage';

/** The 'Pro' trial ("activating your test account") arrives with the billing issue. */
export function TryPage() {
  return <PlaceholderPage pageKey="try" />;
}
