import { PlaceholderPage } from '../PlaceholderPage';

/** Profile settings, word limit, subscription and account deletion arrive with the accounts issue. */
export function AccountPage() {
  return <PlaceholderPage pageKey="account" />;
}
