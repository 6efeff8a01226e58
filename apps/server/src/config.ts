import { join } from 'node:path';
import { type AnalyticsSettings, type ErrorReportingSettings, SERVICE_GROUPS, StatusBanner } from '@quire/contracts';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR, REPO_ROOT, resolveUserPath } from './paths';

/** The articles in the repository, found from the source (dev, tests) and from the built server alike. */
const DEFAULT_BLOG_DIR = join(REPO_ROOT, 'content/blog');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const SERVICES = [...SERVICE_GROUPS, 'web'] as const;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));
const optionalHttpUrl = z.union([z.literal(''), httpUrl]);

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
  OPERATOR_EMAILS: {
    default: '',
    description:
      'E-mail addresses of the operators, comma-separated: after signing in with one of them, `/operator` shows visits and events.',
  },
  SURVEY_DELAY: {
    default: '120',
    description:
      'Seconds a signed-in user spends in the app (counted across pages) before the rating survey card appears.',
  },
  PLAUSIBLE_DOMAIN: {
    default: '',
    description:
      "Your site's domain at Plausible Analytics; when set, the web app loads Plausible's script (only with analytics consent) instead of sending events to Quire's own `/api/analytics/events`.",
  },
  PLAUSIBLE_SCRIPT_URL: {
    default: 'https://plausible.io/js/script.js',
    description: "Plausible's script, for a self-hosted Plausible; used only when `PLAUSIBLE_DOMAIN` is set.",
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
  AI_PROVIDER: {
    default: 'auto',
    description:
      'Language-model provider: `auto` (an OpenAI-compatible server when `AI_BASE_URL` or `OPENAI_API_KEY` is set, else Anthropic when `ANTHROPIC_API_KEY` is set, else an Ollama server answering at `OLLAMA_URL`, else the built-in engine), `openai-compatible`, `anthropic` or `builtin`.',
  },
  AI_BASE_URL: {
    default: '',
    description:
      'Base URL of an OpenAI-compatible chat-completions API (OpenAI, vLLM, llama.cpp server, LM Studio, Ollama…), e.g. `http://127.0.0.1:8000/v1`.',
  },
  AI_API_KEY: {
    default: '',
    description: 'API key sent to the OpenAI-compatible server (or to Anthropic when that provider is used).',
  },
  OPENAI_API_KEY: {
    default: '',
    description: 'An OpenAI API key; selects the OpenAI API (`https://api.openai.com/v1`) when `AI_BASE_URL` is empty.',
  },
  ANTHROPIC_API_KEY: {
    default: '',
    description: "An Anthropic API key; selects Anthropic's API when no OpenAI-compatible server is set.",
  },
  AI_MODEL: {
    default: '',
    description:
      'Model name to ask for; empty uses a sensible default per provider (`gpt-4o-mini`, `claude-sonnet-4-5`, or the first model the Ollama server lists).',
  },
  OLLAMA_URL: {
    default: 'http://127.0.0.1:11434',
    description: 'Where `AI_PROVIDER=auto` looks for a local Ollama server at start-up; `off` to not look.',
  },
  AI_TIMEOUT_MS: {
    default: '120000',
    description: 'How long one language-model call may take before it is cancelled with a clear error.',
  },
  AI_MAX_RETRIES: { default: '2', description: 'Retries, with backoff, when the provider answers 429 or 5xx.' },
  S3_ENDPOINT: {
    default: '',
    description:
      'S3-compatible storage endpoint (AWS S3, MinIO, Ceph, R2…), e.g. `https://s3.eu-central-1.amazonaws.com`; when set with `S3_BUCKET`, uploaded files go there instead of `$DATA_DIR/blobs`.',
  },
  S3_BUCKET: { default: '', description: 'Bucket for uploaded files.' },
  S3_REGION: { default: 'us-east-1', description: 'Region used to sign S3 requests.' },
  S3_ACCESS_KEY_ID: { default: '', description: 'Access key id for S3.' },
  S3_SECRET_ACCESS_KEY: { default: '', description: 'Secret access key for S3.' },
  S3_FORCE_PATH_STYLE: {
    default: 'true',
    description:
      'Address the bucket in the path (`endpoint/bucket/key`, needed by MinIO and most self-hosted stores) rather than as a subdomain.',
  },
  OPENALEX_URL: { default: 'https://api.openalex.org', description: 'OpenAlex API base URL.' },
  OPENALEX_API_KEY: {
    default: '',
    description:
      'OpenAlex API key (free; required since February 2026). Without one, search uses the other catalogues.',
  },
  CROSSREF_URL: { default: 'https://api.crossref.org', description: 'Crossref REST API base URL.' },
  ARXIV_URL: { default: 'https://export.arxiv.org/api', description: 'arXiv API base URL (Atom feed at `/query`).' },
  SEMANTIC_SCHOLAR_URL: { default: 'https://api.semanticscholar.org', description: 'Semantic Scholar API base URL.' },
  SEMANTIC_SCHOLAR_API_KEY: {
    default: '',
    description: 'Semantic Scholar API key (optional; without it the shared, throttled pool is used).',
  },
  CONTACT_EMAIL: {
    default: '',
    description:
      "An e-mail address sent to Crossref and OpenAlex for their polite pools (`mailto`); also the site's contact address.",
  },
  SEARCH_TIMEOUT_MS: { default: '8000', description: 'How long each academic catalogue may take to answer a search.' },
  SEARCH_CACHE_SECONDS: { default: '86400', description: 'How long search results are kept in the database cache.' },
  LANGUAGETOOL_URL: {
    default: '',
    description:
      'A LanguageTool server (self-hosted, e.g. `http://127.0.0.1:8081`, or `https://api.languagetool.org`) whose `/v2/check` results are merged into proofreading; off when empty.',
  },
  LANGUAGETOOL_USERNAME: { default: '', description: 'LanguageTool Premium user name (hosted API only; optional).' },
  LANGUAGETOOL_API_KEY: { default: '', description: 'LanguageTool Premium API key (hosted API only; optional).' },
  LANGUAGETOOL_TIMEOUT_MS: {
    default: '10000',
    description: 'How long LanguageTool may take; after that proofreading answers with the built-in checks alone.',
  },
  PROOFREADING_THREADS: {
    default: '1',
    description:
      'Worker threads that run the built-in proofreader (Hunspell, rules, harper.js) off the event loop; each holds about 400 MB.',
  },
  PROOFREADING_WARM: {
    default: 'true',
    description:
      "Load the proofreading threads' dictionaries and harper.js right after start-up (about 15 s of one core) instead of in the first request.",
  },
  STRIPE_SECRET_KEY: {
    default: '',
    description:
      'Stripe secret key. When set, plans are sold through Stripe Checkout; when empty, the embedded local provider (a test checkout page in the app) books them.',
  },
  STRIPE_WEBHOOK_SECRET: {
    default: '',
    description:
      'Signing secret of the Stripe webhook endpoint `/api/billing/webhook` (`whsec_…`); required with a Stripe key.',
  },
  STRIPE_API_URL: {
    default: 'https://api.stripe.com',
    description: 'Stripe API base URL (tests point it at a local fake Stripe server).',
  },
  PLANS_FILE: {
    default: '',
    description:
      'A JSON file with plans and extra-word packs that replace the defaults (see docs/billing.md); read at start-up into the database.',
  },
  TRIAL_WORD_LIMIT: { default: '5000', description: "Words the 'Pro' trial (/try) allows." },
  TRIAL_DAYS: { default: '7', description: 'How many days the trial lasts.' },
  WEB_DIST_DIR: { default: 'apps/web/dist', description: 'Folder of the built web app served with history fallback.' },
  BLOG_DIR: {
    default: 'content/blog',
    description:
      'Folder of the blog: one subfolder per locale with one Markdown file per article (see docs/blog.md); read again when a file changes.',
  },
  LOG_LEVEL: {
    default: 'info',
    description: 'Log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  },
  SENTRY_DSN: {
    default: '',
    description:
      'A Sentry (or Sentry-compatible, e.g. GlitchTip) DSN: when set, the server reports unexpected errors there, and so does the web app with analytics consent; off when empty.',
  },
  SENTRY_ENVIRONMENT: {
    default: 'production',
    description:
      'The environment Sentry files the reported errors under (e.g. `staging`); used only with `SENTRY_DSN`.',
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

/** A DSN names the project's public key (the user part) and ends in its numeric id, which is what Sentry checks. */
function isSentryDsn(value: string): boolean {
  const url = new URL(value);
  return url.username !== '' && /\/\d+$/.test(url.pathname);
}

const ConfigSchema = z
  .object({
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
    OPERATOR_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'must be e-mail addresses, comma-separated' }))),
    SURVEY_DELAY: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400),
    PLAUSIBLE_DOMAIN: z.union([
      z.literal(''),
      z.string().regex(/^[a-z0-9.-]+(?:,[a-z0-9.-]+)*$/i, 'must be a domain such as quire.example.org'),
    ]),
    PLAUSIBLE_SCRIPT_URL: httpUrl,
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
    AI_PROVIDER: z.enum(['auto', 'openai-compatible', 'anthropic', 'builtin']),
    AI_BASE_URL: optionalHttpUrl,
    AI_API_KEY: z.string(),
    OPENAI_API_KEY: z.string(),
    ANTHROPIC_API_KEY: z.string(),
    AI_MODEL: z.string(),
    OLLAMA_URL: z.union([z.literal('off').transform(() => ''), httpUrl]),
    AI_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(1_000),
    AI_MAX_RETRIES: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10),
    S3_ENDPOINT: optionalHttpUrl,
    S3_BUCKET: z.string(),
    S3_REGION: z.string().min(1),
    S3_ACCESS_KEY_ID: z.string(),
    S3_SECRET_ACCESS_KEY: z.string(),
    S3_FORCE_PATH_STYLE: booleanFlag,
    OPENALEX_URL: httpUrl,
    OPENALEX_API_KEY: z.string(),
    CROSSREF_URL: httpUrl,
    ARXIV_URL: httpUrl,
    SEMANTIC_SCHOLAR_URL: httpUrl,
    SEMANTIC_SCHOLAR_API_KEY: z.string(),
    CONTACT_EMAIL: z.union([z.literal(''), z.email({ error: 'must be an e-mail address' })]),
    SEARCH_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100),
    SEARCH_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0),
    LANGUAGETOOL_URL: z.union([z.literal(''), httpUrl]),
    LANGUAGETOOL_USERNAME: z.string(),
    LANGUAGETOOL_API_KEY: z.string(),
    LANGUAGETOOL_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100),
    PROOFREADING_THREADS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(16),
    PROOFREADING_WARM: booleanFlag,
    STRIPE_SECRET_KEY: z.string(),
    STRIPE_WEBHOOK_SECRET: z.string(),
    STRIPE_API_URL: httpUrl,
    PLANS_FILE: z.string(),
    TRIAL_WORD_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(0),
    TRIAL_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(365),
    WEB_DIST_DIR: z.string().min(1),
    BLOG_DIR: z.string().min(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    SENTRY_DSN: z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN' }).refine(isSentryDsn, {
        error: 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/123',
      }),
    ]),
    SENTRY_ENVIRONMENT: z.string().min(1).max(64),
    TRUST_PROXY: booleanFlag,
    SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(0),
  })
  .superRefine((value, context) => {
    // Without the signing secret no webhook could be trusted, and webhooks are what grant plans with Stripe.
    if (value.STRIPE_SECRET_KEY && !value.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message:
          'is required when STRIPE_SECRET_KEY is set (the whsec_… signing secret of the endpoint /api/billing/webhook)',
      });
    }
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
  /** Lower-cased e-mail addresses of the operators (OPERATOR_EMAILS). */
  operatorEmails: string[];
  surveyDelaySeconds: number;
  /** Where the web app sends analytics (with consent): Quire's own endpoint unless Plausible is configured. */
  analytics: AnalyticsSettings;
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
  ai: {
    provider: z.infer<typeof ConfigSchema>['AI_PROVIDER'];
    baseUrl: string | null;
    apiKey: string | null;
    openaiApiKey: string | null;
    anthropicApiKey: string | null;
    model: string | null;
    ollamaUrl: string | null;
    timeoutMs: number;
    maxRetries: number;
  };
  /** Null: files live in `$DATA_DIR/blobs`. */
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  } | null;
  search: {
    openalexUrl: string;
    openalexApiKey: string | null;
    crossrefUrl: string;
    arxivUrl: string;
    semanticScholarUrl: string;
    semanticScholarApiKey: string | null;
    contactEmail: string | null;
    timeoutMs: number;
    cacheSeconds: number;
  };
  languageTool: {
    url: string;
    username: string | null;
    apiKey: string | null;
    timeoutMs: number;
  } | null;
  proofreading: { threads: number; warm: boolean };
  billing: {
    /** Null: the embedded local provider books plans. */
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
    plansFile: string | null;
  };
  webDistDir: string;
  /** Where the file content adapter reads the blog's articles. */
  blogDir: string;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  /** Null: no errors are reported anywhere but the log. */
  errorReporting: ErrorReportingSettings | null;
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
    operatorEmails: value.OPERATOR_EMAILS,
    surveyDelaySeconds: value.SURVEY_DELAY,
    analytics: value.PLAUSIBLE_DOMAIN
      ? { provider: 'plausible', domain: value.PLAUSIBLE_DOMAIN, script_url: value.PLAUSIBLE_SCRIPT_URL }
      : { provider: 'quire' },
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
    ai: {
      provider: value.AI_PROVIDER,
      baseUrl: value.AI_BASE_URL || null,
      apiKey: value.AI_API_KEY || null,
      openaiApiKey: value.OPENAI_API_KEY || null,
      anthropicApiKey: value.ANTHROPIC_API_KEY || null,
      model: value.AI_MODEL || null,
      ollamaUrl: value.OLLAMA_URL || null,
      timeoutMs: value.AI_TIMEOUT_MS,
      maxRetries: value.AI_MAX_RETRIES,
    },
    s3:
      value.S3_ENDPOINT && value.S3_BUCKET
        ? {
            endpoint: value.S3_ENDPOINT,
            bucket: value.S3_BUCKET,
            region: value.S3_REGION,
            accessKeyId: value.S3_ACCESS_KEY_ID,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY,
            forcePathStyle: value.S3_FORCE_PATH_STYLE,
          }
        : null,
    search: {
      openalexUrl: value.OPENALEX_URL,
      openalexApiKey: value.OPENALEX_API_KEY || null,
      crossrefUrl: value.CROSSREF_URL,
      arxivUrl: value.ARXIV_URL,
      semanticScholarUrl: value.SEMANTIC_SCHOLAR_URL,
      semanticScholarApiKey: value.SEMANTIC_SCHOLAR_API_KEY || null,
      contactEmail: value.CONTACT_EMAIL || null,
      timeoutMs: value.SEARCH_TIMEOUT_MS,
      cacheSeconds: value.SEARCH_CACHE_SECONDS,
    },
    languageTool: value.LANGUAGETOOL_URL
      ? {
          url: value.LANGUAGETOOL_URL,
          username: value.LANGUAGETOOL_USERNAME || null,
          apiKey: value.LANGUAGETOOL_API_KEY || null,
          timeoutMs: value.LANGUAGETOOL_TIMEOUT_MS,
        }
      : null,
    proofreading: { threads: value.PROOFREADING_THREADS, warm: value.PROOFREADING_WARM },
    billing: {
      stripe: value.STRIPE_SECRET_KEY
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            apiUrl: value.STRIPE_API_URL,
          }
        : null,
      plansFile: value.PLANS_FILE ? resolveUserPath(value.PLANS_FILE, env) : null,
    },
    webDistDir:
      value.WEB_DIST_DIR === CONFIG_VARIABLES.WEB_DIST_DIR.default
        ? DEFAULT_WEB_DIST_DIR
        : resolveUserPath(value.WEB_DIST_DIR, env),
    blogDir:
      value.BLOG_DIR === CONFIG_VARIABLES.BLOG_DIR.default ? DEFAULT_BLOG_DIR : resolveUserPath(value.BLOG_DIR, env),
    logLevel: value.LOG_LEVEL,
    errorReporting: value.SENTRY_DSN ? { dsn: value.SENTRY_DSN, environment: value.SENTRY_ENVIRONMENT } : null,
    trustProxy: value.TRUST_PROXY,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
  };
}
