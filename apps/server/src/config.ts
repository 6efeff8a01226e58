import { SERVICE_GROUPS, StatusBanner } from '@quire/contracts';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR, resolveUserPath } from './paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const SERVICES = [...SERVICE_GROUPS, 'web'] as const;

/**
 * Every environment variable the server reads, with its default and meaning.
 * docs/configuration.md and the README table are checked against this list by a test.
 */
export const CONFIG_VARIABLES = {
  PORT: { default: '3000', description: 'HTTP port the server listens on.' },
  HOST: { default: '0.0.0.0', description: 'Interface to listen on (`127.0.0.1` to accept local connections only).' },
  DATA_DIR: {
    default: './data',
    description:
      'Folder for the embedded PGlite database (`db/`) and uploaded files (`blobs/`); relative to where you run the command.',
  },
  DATABASE_URL: {
    default: '',
    description: 'PostgreSQL connection string; when set, PostgreSQL is used instead of the embedded PGlite database.',
  },
  DATABASE_POOL_SIZE: { default: '10', description: 'Maximum PostgreSQL connections per server instance.' },
  QUIRE_SERVICES: {
    default: 'api,doc,gen,web',
    description:
      'Which route groups this instance serves: any of `api`, `doc`, `gen` and `web` (the built app), comma-separated.',
  },
  MAINTENANCE: {
    default: 'false',
    description: 'When `true`, every visitor is sent to /maintenance and the API answers 503 `maintenance`.',
  },
  STATUS_BANNER: {
    default: '',
    description:
      'Server status banner shown to all users: `unreliable` (high load) or `fixing` (working on a fix); empty for none.',
  },
  PUBLIC_URL: {
    default: 'http://localhost:$PORT',
    description: 'The address users reach Quire at; used for links, redirects and the identity provider.',
  },
  OIDC_ISSUER: {
    default: '',
    description:
      'An external OpenID Connect issuer (Keycloak, Auth0, …) to log in with; empty uses the embedded provider at `/oidc`.',
  },
  OIDC_CLIENT_ID: {
    default: 'quire-web',
    description: "The web app's client id at the issuer (a public client using PKCE).",
  },
  OIDC_CLIENT_SECRET: {
    default: '',
    description: 'Client secret at an external issuer, only if it insists on one; never sent to the browser.',
  },
  OIDC_AUDIENCE: {
    default: '',
    description:
      'The `aud` the API requires in access tokens; empty means `$PUBLIC_URL/api` for the embedded provider and the client id for an external issuer.',
  },
  SMTP_URL: {
    default: '',
    description:
      'SMTP server for e-mail (password resets, contact form), e.g. `smtps://user:password@mail.example.org:465`; empty prints e-mails to the log instead.',
  },
  MAIL_FROM: { default: 'Quire <no-reply@localhost>', description: 'Sender of the e-mails Quire sends.' },
  JOB_LEASE_SECONDS: {
    default: '120',
    description:
      'How long a background job (processing a source) stays with the instance that took it; after that, if the instance died, another takes it over.',
  },
  ALLOW_PRIVATE_URLS: {
    default: 'false',
    description:
      'For tests only: lets links to loopback hosts (127.0.0.1, localhost) through the website fetcher; private and metadata addresses stay refused.',
  },
  TRIAL_WORD_LIMIT: { default: '5000', description: "Words the 'Pro' trial (/try) allows." },
  TRIAL_DAYS: { default: '7', description: 'How many days the trial lasts.' },
  WEB_DIST_DIR: { default: 'apps/web/dist', description: 'Folder of the built web app served with history fallback.' },
  LOG_LEVEL: {
    default: 'info',
    description: 'Log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      'When `true`, client addresses and protocol are taken from X-Forwarded-* headers (behind a load balancer).',
  },
  SHUTDOWN_TIMEOUT_MS: {
    default: '10000',
    description: 'How long a graceful shutdown waits for in-flight requests before it gives up.',
  },
} as const;

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;

const ConfigSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65_535),
  HOST: z.string().min(1),
  DATA_DIR: z.string().min(1),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => value === '' || /^postgres(ql)?:\/\//.test(value),
      'must start with postgres:// or postgresql://',
    ),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000),
  QUIRE_SERVICES: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(SERVICES, { error: `each entry must be one of ${SERVICES.join(', ')}` })).min(1)),
  MAINTENANCE: booleanFlag,
  STATUS_BANNER: z.union([z.literal('').transform(() => null), StatusBanner], {
    error: 'must be unreliable, fixing or empty',
  }),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, '')),
  OIDC_ISSUER: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })]),
  OIDC_CLIENT_ID: z.string().min(1),
  OIDC_CLIENT_SECRET: z.string(),
  OIDC_AUDIENCE: z.string(),
  SMTP_URL: z.union([z.literal(''), z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })]),
  MAIL_FROM: z.string().min(3),
  JOB_LEASE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3_600),
  ALLOW_PRIVATE_URLS: booleanFlag,
  TRIAL_WORD_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(0),
  TRIAL_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(365),
  WEB_DIST_DIR: z.string().min(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  TRUST_PROXY: booleanFlag,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(0),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  services: (typeof SERVICES)[number][];
  maintenance: boolean;
  statusBanner: StatusBanner | null;
  publicUrl: string;
  identity: {
    /** Null: the embedded provider at `$PUBLIC_URL/oidc` is the issuer. */
    externalIssuer: string | null;
    issuer: string;
    clientId: string;
    clientSecret: string | null;
    audience: string;
  };
  mail: { smtpUrl: string | null; from: string };
  jobLeaseSeconds: number;
  /** ALLOW_PRIVATE_URLS: loopback links are fetched (tests only). */
  allowLoopbackLinks: boolean;
  trial: { wordLimit: number; days: number };
  webDistDir: string;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a wrong value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, string> = Object.fromEntries(
    Object.entries(CONFIG_VARIABLES).map(([name, variable]) => [name, env[name]?.trim() || variable.default]),
  );
  raw.PUBLIC_URL = (raw.PUBLIC_URL ?? '').replace('$PORT', raw.PORT ?? '');
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (got "${raw[name] ?? ''}")`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  const externalIssuer = value.OIDC_ISSUER ? value.OIDC_ISSUER.replace(/\/+$/, '') : null;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: resolveUserPath(value.DATA_DIR, env),
    databaseUrl: value.DATABASE_URL || null,
    databasePoolSize: value.DATABASE_POOL_SIZE,
    services: value.QUIRE_SERVICES,
    maintenance: value.MAINTENANCE,
    statusBanner: value.STATUS_BANNER,
    publicUrl: value.PUBLIC_URL,
    identity: {
      externalIssuer,
      issuer: externalIssuer ?? `${value.PUBLIC_URL}/oidc`,
      clientId: value.OIDC_CLIENT_ID,
      clientSecret: value.OIDC_CLIENT_SECRET || null,
      audience: value.OIDC_AUDIENCE || (externalIssuer ? value.OIDC_CLIENT_ID : `${value.PUBLIC_URL}/api`),
    },
    mail: { smtpUrl: value.SMTP_URL || null, from: value.MAIL_FROM },
    allowLoopbackLinks: value.ALLOW_PRIVATE_URLS,
    jobLeaseSeconds: value.JOB_LEASE_SECONDS,
    trial: { wordLimit: value.TRIAL_WORD_LIMIT, days: value.TRIAL_DAYS },
    webDistDir:
      value.WEB_DIST_DIR === CONFIG_VARIABLES.WEB_DIST_DIR.default
        ? DEFAULT_WEB_DIST_DIR
        : resolveUserPath(value.WEB_DIST_DIR, env),
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
  };
}
