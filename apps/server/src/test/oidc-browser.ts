import { createHash, randomBytes } from 'node:crypto';
import { OIDC_SCOPE } from '@quire/contracts';

/** Cookies as a browser keeps them, by name (paths are ignored: every test request is same-site). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type Tokens = { access_token: string; refresh_token: string; id_token: string; expires_in: number };
export type AuthorizationOptions = { pkce?: 'S256' | 'plain' | 'none'; locale?: string };

/**
 * Drives the embedded provider as the web app and a browser would: authorization request with PKCE,
 * the sign-in or sign-up form, the redirect back with a code, and the token exchange.
 */
export class OidcBrowser {
  readonly jar = new CookieJar();
  private verifier = '';
  private state = '';

  constructor(
    private readonly baseUrl: string,
    private readonly clientId = 'quire-web',
  ) {}

  get redirectUri(): string {
    return `${this.baseUrl}/login`;
  }

  get resource(): string {
    return `${this.baseUrl}/api`;
  }

  /** GET with the jar's cookies, no redirects followed. */
  async get(url: string): Promise<Response> {
    const response = await fetch(absolute(this.baseUrl, url), {
      headers: { cookie: this.jar.header() },
      redirect: 'manual',
    });
    this.jar.store(response);
    return response;
  }

  async postForm(url: string, fields: Record<string, string>): Promise<Response> {
    const response = await fetch(absolute(this.baseUrl, url), {
      method: 'POST',
      headers: { cookie: this.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    this.jar.store(response);
    return response;
  }

  /** Starts an authorization request; resolves with the response the authorization endpoint gave. */
  async authorize(options: AuthorizationOptions = {}): Promise<Response> {
    this.verifier = randomBytes(32).toString('base64url');
    this.state = randomBytes(16).toString('base64url');
    const params = new URLSearchParams({
      client_id: this.clientId,
      response_type: 'code',
      scope: OIDC_SCOPE,
      redirect_uri: this.redirectUri,
      state: this.state,
      resource: this.resource,
      ui_locales: options.locale ?? 'en',
    });
    if (options.pkce !== 'none') {
      const plain = options.pkce === 'plain';
      params.set(
        'code_challenge',
        plain ? this.verifier : createHash('sha256').update(this.verifier).digest('base64url'),
      );
      params.set('code_challenge_method', plain ? 'plain' : 'S256');
    }
    return this.get(`/oidc/auth?${params}`);
  }

  /** Follows redirects until one leaves the provider for the web app's callback; returns its query. */
  async followToCallback(response: Response): Promise<URLSearchParams> {
    let current = response;
    for (let hop = 0; hop < 10; hop++) {
      const location = current.headers.get('location');
      if (!location) throw new Error(`expected a redirect, got ${current.status}: ${await current.text()}`);
      const url = new URL(location, this.baseUrl);
      if (url.href.startsWith(this.redirectUri)) return url.searchParams;
      current = await this.get(url.href);
    }
    throw new Error('too many redirects');
  }

  /** The sign-in page the authorization request landed on, as its interaction path. */
  async interactionPath(response: Response): Promise<string> {
    const location = response.headers.get('location') ?? '';
    if (!location.includes('/oidc/interaction/'))
      throw new Error(`no interaction redirect: ${response.status} ${location}`);
    return new URL(location, this.baseUrl).pathname;
  }

  async exchangeCode(code: string): Promise<Response> {
    return fetch(`${this.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        client_id: this.clientId,
        code_verifier: this.verifier,
        resource: this.resource,
      }).toString(),
    });
  }

  async refresh(refreshToken: string): Promise<Response> {
    return fetch(`${this.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.clientId,
        resource: this.resource,
      }).toString(),
    });
  }

  expectState(params: URLSearchParams): void {
    if (params.get('state') !== this.state) throw new Error('state mismatch');
  }

  /** The whole sign-up: authorization, the create-account form, the code, the tokens. */
  async signUp(account: { name: string; email: string; password: string }): Promise<Tokens> {
    const interaction = await this.interactionPath(await this.authorize());
    const registered = await this.postForm(`${interaction}/register`, account);
    return this.completeWith(registered);
  }

  async signIn(account: { email: string; password: string }): Promise<Tokens> {
    const interaction = await this.interactionPath(await this.authorize());
    const signedIn = await this.postForm(`${interaction}/login`, account);
    return this.completeWith(signedIn);
  }

  private async completeWith(formResponse: Response): Promise<Tokens> {
    const params = await this.followToCallback(formResponse);
    this.expectState(params);
    const code = params.get('code');
    if (!code) throw new Error(`no code: ${params}`);
    const tokens = await this.exchangeCode(code);
    if (!tokens.ok) throw new Error(`token exchange failed: ${tokens.status} ${await tokens.text()}`);
    return (await tokens.json()) as Tokens;
  }
}

function absolute(baseUrl: string, url: string): string {
  return new URL(url, baseUrl).href;
}
