import { PlaceholderPage } from '../PlaceholderPage';

/** The sign-in flow (PKCE against the identity provider) arrives with the accounts issue. */
export function LoginPage() {
  return <PlaceholderPage pageKey="login" />;
}
