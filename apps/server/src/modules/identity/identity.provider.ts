import {
  ACCESS_TOKEN_TTL_SECONDS,
  isLocale,
  LOCALES,
  type LocaleCode,
  localePath,
  negotiateLocale,
  OIDC_SCOPE,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@quire/contracts';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { translator } from '../../http/i18n';
import { findAccount } from '../accounts/accounts.service';
import { createPayloadAdapter } from './identity.adapter';
import { LOGOUT_PAGE_CSP, renderLogoutPage, renderMessagePage } from './identity.pages';
import type { IdentitySecrets } from './identity.secrets';

const INTERACTION_TTL_SECONDS = 60 * 60;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;
const ID_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * The embedded OpenID Connect provider (the `oidc-provider` package): authorization code with PKCE S256
 * only, JWT access tokens for the API, rotating refresh tokens, sessions that last as long as them.
 */
export function createIdentityProvider({
  config,
  db,
  secrets,
}: {
  config: Config;
  db: Database;
  secrets: IdentitySecrets;
}): Provider {
  const { issuer, clientId, audience } = config.identity;
  const appOrigin = new URL(config.publicUrl).origin;
  const home = (locale: LocaleCode) => `${config.publicUrl}${localePath(locale, '')}`;

  const configuration: Configuration = {
    adapter: createPayloadAdapter(db),
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The login page is also the callback (spec §2), in every locale.
        redirect_uris: LOCALES.map((locale) => `${config.publicUrl}${localePath(locale, 'login')}`),
        post_logout_redirect_uris: LOCALES.map((locale) => `${home(locale)}?logout`),
      },
    ],
    jwks: secrets.jwks as Configuration['jwks'],
    // oidc-provider 8 sets the session cookie SameSite=None by default; a cross-site post must arrive without it.
    cookies: { keys: secrets.cookieKeys, long: { httpOnly: true, sameSite: 'lax' } },
    // Only the web app's own origin may read the provider's answers (oidc-provider 8's default allows none).
    clientBasedCORS: (_ctx, origin, client) => client.clientId === clientId && origin === appOrigin,
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'profile', 'email'],
    findAccount: async (_ctx, sub) => {
      const user = await findAccount(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, name: user.name, email: user.email, email_verified: false }),
      };
    },
    // Resource servers that trust this issuer (another Quire, say) learn who the user is from the token itself.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || typeof token.accountId !== 'string')
        return undefined;
      const user = await findAccount(db, token.accountId);
      return user ? { email: user.email, name: user.name } : undefined;
    },
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: OIDC_SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.set('content-security-policy', LOGOUT_PAGE_CSP);
          ctx.type = 'html';
          ctx.body = renderLogoutPage(requestLocale(ctx), form);
        },
        postLogoutSuccessSource: async (ctx) => {
          const locale = requestLocale(ctx);
          const t = translator(locale);
          ctx.type = 'html';
          ctx.body = renderMessagePage(locale, t('auth:signedOutTitle'), '', home(locale));
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      // Tokens end with the session (logout ends both), so the session lives as long as a refresh token.
      Session: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ID_TOKEN_TTL_SECONDS,
    },
    // No offline_access scope in this product: the web client always gets a refresh token, rotated on use.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    interactions: { url: async (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // Quire's own web app needs no consent screen: its grant is made on first sign-in.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || ctx.oidc.client?.clientId !== clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(OIDC_SCOPE);
      grant.addResourceScope(audience, OIDC_SCOPE);
      await grant.save();
      return grant;
    },
    renderError: async (ctx) => {
      const locale = requestLocale(ctx);
      const t = translator(locale);
      ctx.type = 'html';
      ctx.body = renderMessagePage(locale, t('auth:errorTitle'), t('auth:errorText'), home(locale));
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy;
  return provider;
}

/** The language of the provider's own pages: the client's ui_locales, else the browser's. */
export function requestLocale(ctx: KoaContextWithOIDC): LocaleCode {
  const requested = String(ctx.oidc?.params?.ui_locales ?? '').split(' ')[0];
  if (isLocale(requested)) return requested;
  return negotiateLocale(ctx.get('accept-language'));
}
