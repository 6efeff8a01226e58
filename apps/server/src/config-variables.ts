import { SERVICE_GROUPS, StatusBanner } from '@quire/contracts';
import { z } from 'zod';
import { booleanFlag, httpUrl, isSentryDsn, optionalHttpUrl } from './config-schemas';

/** The sections docs/configuration.md, the README table and .env.example list the variables under. */
export const CONFIG_GROUPS = {
  server: 'Server',
  storage: 'Database and files',
  site: 'Site, operators and analytics',
  identity: 'Sign-in and e-mail',
  ai: 'Language models',
  search: 'Academic search',
  proofreading: 'Proofreading',
  billing: 'Plans and payments',
  observability: 'Logs and error reports',
} as const;

export type ConfigGroup = keyof typeof CONFIG_GROUPS;

/** Keys and passwords are secret: never echoed in an error, marked in the docs, and without a default. */
export type VariableAbout = { group: ConfigGroup; description: string } & (
  | { secret: true; default?: never }
  /** The text used when the variable is unset or blank; the schema parses it like a given value. */
  | { secret?: never; default?: string }
);

/** One environment variable: how its text is parsed, and what the docs say about it. */
function variable<S extends z.ZodType>(schema: S, about: VariableAbout) {
  return {
    schema,
    default: about.default ?? '',
    group: about.group,
    secret: about.secret === true,
    description: about.description,
  };
}

export const SERVICES = [...SERVICE_GROUPS, 'web'] as const;

/**
 * Every environment variable the server reads, each declared once. config.ts derives the loader and the
 * Config type from this list, config-docs.ts the docs and .env.example (`npm run docs:config`).
 */
export const CONFIG_VARIABLES = {
  PORT: variable(z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65_535), {
    group: 'server',
    default: '3000',
    description: 'HTTP port the server listens on.',
  }),
  HOST: variable(z.string().min(1), {
    group: 'server',
    default: '0.0.0.0',
    description: 'Interface to listen on (`127.0.0.1` to accept local connections only).',
  }),
  PUBLIC_URL: variable(httpUrl, {
    group: 'server',
    default: 'http://localhost:$PORT',
    description: 'The address users reach Quire at; used for links, redirects and the identity provider.',
  }),
  QUIRE_SERVICES: variable(
    z
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
    {
      group: 'server',
      default: 'api,doc,gen,web',
      description:
        'Which route groups this instance serves: any of `api`, `doc`, `gen` and `web` (the built app), comma-separated.',
    },
  ),
  TRUST_PROXY: variable(booleanFlag, {
    group: 'server',
    default: 'false',
    description:
      'When `true`, client addresses and protocol are taken from X-Forwarded-* headers (behind a load balancer).',
  }),
  SHUTDOWN_TIMEOUT_MS: variable(z.coerce.number({ error: 'must be a number' }).int().min(0), {
    group: 'server',
    default: '10000',
    description: 'How long a graceful shutdown waits for in-flight requests before it gives up.',
  }),
  JOB_LEASE_SECONDS: variable(z.coerce.number({ error: 'must be a number' }).int().min(1).max(3_600), {
    group: 'server',
    default: '120',
    description:
      'How long a background job (processing a source) stays with the instance that took it; after that, if the instance died, another takes it over.',
  }),
  JOB_TIME_LIMIT_SECONDS: variable(z.coerce.number({ error: 'must be a number' }).int().min(1).max(86_400), {
    group: 'server',
    default: '600',
    description:
      'How long one background job (reading a document, OCR included) may run; past it, the job is stopped and its document fails with a "took too long" error.',
  }),
  JOB_MEMORY_LIMIT_MB: variable(z.coerce.number({ error: 'must be a number' }).int().min(16), {
    group: 'server',
    default: '1024',
    description:
      'How much memory the running background jobs may add to the server (megabytes over its size when the oldest of them started); past it, the job with the largest document is stopped and that document fails with a "too much memory" error.',
  }),
  MAX_PDF_PAGES: variable(z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000), {
    group: 'server',
    default: '2000',
    description:
      'How many pages a PDF may have; one with more is refused at once, from its page tree, before any page is read.',
  }),
  WEB_DIST_DIR: variable(z.string().min(1), {
    group: 'server',
    default: 'apps/web/dist',
    description: 'Folder of the built web app served with history fallback.',
  }),
  BLOG_DIR: variable(z.string().min(1), {
    group: 'server',
    default: 'content/blog',
    description:
      'Folder of the blog: one subfolder per locale with one Markdown file per article (see docs/blog.md); read again when a file changes.',
  }),
  ALLOW_PRIVATE_URLS: variable(booleanFlag, {
    group: 'server',
    default: 'false',
    description:
      'For tests only: lets links to loopback hosts (127.0.0.1, localhost) through the website fetcher; private and metadata addresses stay refused.',
  }),

  DATA_DIR: variable(z.string().min(1), {
    group: 'storage',
    default: './data',
    description:
      'Folder for the embedded PGlite database (`db/`) and uploaded files (`blobs/`); relative to where you run the command.',
  }),
  DATABASE_URL: variable(
    z
      .string()
      .refine(
        (value) => value === '' || /^postgres(ql)?:\/\//.test(value),
        'must start with postgres:// or postgresql://',
      ),
    {
      group: 'storage',
      description:
        'PostgreSQL connection string; when set, PostgreSQL is used instead of the embedded PGlite database.',
    },
  ),
  DATABASE_POOL_SIZE: variable(z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000), {
    group: 'storage',
    default: '10',
    description: 'Maximum PostgreSQL connections per server instance.',
  }),
  S3_ENDPOINT: variable(optionalHttpUrl, {
    group: 'storage',
    description:
      'S3-compatible storage endpoint (AWS S3, MinIO, Ceph, R2…), e.g. `https://s3.eu-central-1.amazonaws.com`; when set with `S3_BUCKET`, uploaded files go there instead of `$DATA_DIR/blobs`.',
  }),
  S3_BUCKET: variable(z.string(), { group: 'storage', description: 'Bucket for uploaded files.' }),
  S3_REGION: variable(z.string().min(1), {
    group: 'storage',
    default: 'us-east-1',
    description: 'Region used to sign S3 requests.',
  }),
  S3_ACCESS_KEY_ID: variable(z.string(), { group: 'storage', description: 'Access key id for S3.' }),
  S3_SECRET_ACCESS_KEY: variable(z.string(), {
    group: 'storage',
    secret: true,
    description: 'Secret access key for S3.',
  }),
  S3_FORCE_PATH_STYLE: variable(booleanFlag, {
    group: 'storage',
    default: 'true',
    description:
      'Address the bucket in the path (`endpoint/bucket/key`, needed by MinIO and most self-hosted stores) rather than as a subdomain.',
  }),

  MAINTENANCE: variable(booleanFlag, {
    group: 'site',
    default: 'false',
    description: 'When `true`, every visitor is sent to /maintenance and the API answers 503 `maintenance`.',
  }),
  STATUS_BANNER: variable(
    z.union([z.literal('').transform(() => null), StatusBanner], {
      error: 'must be unreliable, fixing or empty',
    }),
    {
      group: 'site',
      description:
        'Server status banner shown to all users: `unreliable` (high load) or `fixing` (working on a fix); empty for none.',
    },
  ),
  OPERATOR_EMAILS: variable(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'must be e-mail addresses, comma-separated' }))),
    {
      group: 'site',
      description:
        'E-mail addresses of the operators, comma-separated: after signing in with one of them, `/operator` shows visits and events.',
    },
  ),
  SURVEY_DELAY: variable(z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).max(86_400), {
    group: 'site',
    default: '120',
    description:
      'Seconds a signed-in user spends in the app (counted across pages) before the rating survey card appears.',
  }),
  PLAUSIBLE_DOMAIN: variable(
    z.union([
      z.literal(''),
      z.string().regex(/^[a-z0-9.-]+(?:,[a-z0-9.-]+)*$/i, 'must be a domain such as quire.example.org'),
    ]),
    {
      group: 'site',
      description:
        "Your site's domain at Plausible Analytics; when set, the web app loads Plausible's script (only with analytics consent) instead of sending events to Quire's own `/api/analytics/events`.",
    },
  ),
  PLAUSIBLE_SCRIPT_URL: variable(httpUrl, {
    group: 'site',
    default: 'https://plausible.io/js/script.js',
    description: "Plausible's script, for a self-hosted Plausible; used only when `PLAUSIBLE_DOMAIN` is set.",
  }),

  OIDC_ISSUER: variable(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })]), {
    group: 'identity',
    description:
      'An external OpenID Connect issuer (Keycloak, Auth0, …) to log in with; empty uses the embedded provider at `/oidc`.',
  }),
  OIDC_CLIENT_ID: variable(z.string().min(1), {
    group: 'identity',
    default: 'quire-web',
    description: "The web app's client id at the issuer (a public client using PKCE).",
  }),
  OIDC_CLIENT_SECRET: variable(z.string(), {
    group: 'identity',
    secret: true,
    description: 'Client secret at an external issuer, only if it insists on one; never sent to the browser.',
  }),
  OIDC_AUDIENCE: variable(z.string(), {
    group: 'identity',
    description:
      'The `aud` the API requires in access tokens; empty means `$PUBLIC_URL/api` for the embedded provider and the client id for an external issuer.',
  }),
  SMTP_URL: variable(
    z.union([z.literal(''), z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })]),
    {
      group: 'identity',
      description:
        'SMTP server for e-mail (password resets, contact form), e.g. `smtps://user:password@mail.example.org:465`; empty prints e-mails to the log instead.',
    },
  ),
  MAIL_FROM: variable(z.string().min(3), {
    group: 'identity',
    default: 'Quire <no-reply@localhost>',
    description: 'Sender of the e-mails Quire sends.',
  }),

  AI_PROVIDER: variable(z.enum(['auto', 'openai-compatible', 'anthropic', 'builtin']), {
    group: 'ai',
    default: 'auto',
    description:
      'Language-model provider: `auto` (an OpenAI-compatible server when `AI_BASE_URL` or `OPENAI_API_KEY` is set, else Anthropic when `ANTHROPIC_API_KEY` is set, else an Ollama server answering at `OLLAMA_URL`, else the built-in engine), `openai-compatible`, `anthropic` or `builtin`.',
  }),
  AI_BASE_URL: variable(optionalHttpUrl, {
    group: 'ai',
    description:
      'Base URL of an OpenAI-compatible chat-completions API (OpenAI, vLLM, llama.cpp server, LM Studio, Ollama…), e.g. `http://127.0.0.1:8000/v1`.',
  }),
  AI_API_KEY: variable(z.string(), {
    group: 'ai',
    secret: true,
    description: 'API key sent to the OpenAI-compatible server (or to Anthropic when that provider is used).',
  }),
  OPENAI_API_KEY: variable(z.string(), {
    group: 'ai',
    secret: true,
    description: 'An OpenAI API key; selects the OpenAI API (`https://api.openai.com/v1`) when `AI_BASE_URL` is empty.',
  }),
  ANTHROPIC_API_KEY: variable(z.string(), {
    group: 'ai',
    secret: true,
    description: "An Anthropic API key; selects Anthropic's API when no OpenAI-compatible server is set.",
  }),
  AI_MODEL: variable(z.string(), {
    group: 'ai',
    description:
      'Model name to ask for; empty uses a sensible default per provider (`gpt-4o-mini`, `claude-sonnet-4-5`, or the first model the Ollama server lists).',
  }),
  OLLAMA_URL: variable(z.union([z.literal('off').transform(() => ''), httpUrl]), {
    group: 'ai',
    default: 'http://127.0.0.1:11434',
    description: 'Where `AI_PROVIDER=auto` looks for a local Ollama server at start-up; `off` to not look.',
  }),
  AI_TIMEOUT_MS: variable(z.coerce.number({ error: 'must be a number' }).int().min(1_000), {
    group: 'ai',
    default: '120000',
    description: 'How long one language-model call may take before it is cancelled with a clear error.',
  }),
  AI_MAX_RETRIES: variable(z.coerce.number({ error: 'must be a number' }).int().min(0).max(10), {
    group: 'ai',
    default: '2',
    description: 'Retries, with backoff, when the provider answers 429 or 5xx.',
  }),

  OPENALEX_URL: variable(httpUrl, {
    group: 'search',
    default: 'https://api.openalex.org',
    description: 'OpenAlex API base URL.',
  }),
  OPENALEX_API_KEY: variable(z.string(), {
    group: 'search',
    secret: true,
    description:
      'OpenAlex API key (free; required since February 2026). Without one, search uses the other catalogues.',
  }),
  CROSSREF_URL: variable(httpUrl, {
    group: 'search',
    default: 'https://api.crossref.org',
    description: 'Crossref REST API base URL.',
  }),
  ARXIV_URL: variable(httpUrl, {
    group: 'search',
    default: 'https://export.arxiv.org/api',
    description: 'arXiv API base URL (Atom feed at `/query`).',
  }),
  SEMANTIC_SCHOLAR_URL: variable(httpUrl, {
    group: 'search',
    default: 'https://api.semanticscholar.org',
    description: 'Semantic Scholar API base URL.',
  }),
  SEMANTIC_SCHOLAR_API_KEY: variable(z.string(), {
    group: 'search',
    secret: true,
    description: 'Semantic Scholar API key (optional; without it the shared, throttled pool is used).',
  }),
  CONTACT_EMAIL: variable(z.union([z.literal(''), z.email({ error: 'must be an e-mail address' })]), {
    group: 'search',
    description:
      "An e-mail address sent to Crossref and OpenAlex for their polite pools (`mailto`); also the site's contact address.",
  }),
  SEARCH_TIMEOUT_MS: variable(z.coerce.number({ error: 'must be a number' }).int().min(100), {
    group: 'search',
    default: '8000',
    description: 'How long each academic catalogue may take to answer a search.',
  }),
  SEARCH_CACHE_SECONDS: variable(z.coerce.number({ error: 'must be a number' }).int().min(0), {
    group: 'search',
    default: '86400',
    description: 'How long search results are kept in the database cache.',
  }),

  LANGUAGETOOL_URL: variable(z.union([z.literal(''), httpUrl]), {
    group: 'proofreading',
    description:
      'A LanguageTool server (self-hosted, e.g. `http://127.0.0.1:8081`, or `https://api.languagetool.org`) whose `/v2/check` results are merged into proofreading; off when empty.',
  }),
  LANGUAGETOOL_USERNAME: variable(z.string(), {
    group: 'proofreading',
    description: 'LanguageTool Premium user name (hosted API only; optional).',
  }),
  LANGUAGETOOL_API_KEY: variable(z.string(), {
    group: 'proofreading',
    secret: true,
    description: 'LanguageTool Premium API key (hosted API only; optional).',
  }),
  LANGUAGETOOL_TIMEOUT_MS: variable(z.coerce.number({ error: 'must be a number' }).int().min(100), {
    group: 'proofreading',
    default: '10000',
    description: 'How long LanguageTool may take; after that proofreading answers with the built-in checks alone.',
  }),
  PROOFREADING_THREADS: variable(z.coerce.number({ error: 'must be a number' }).int().min(1).max(16), {
    group: 'proofreading',
    default: '1',
    description:
      'Worker threads that run the built-in proofreader (Hunspell, rules, harper.js) off the event loop; each holds about 400 MB.',
  }),
  PROOFREADING_WARM: variable(booleanFlag, {
    group: 'proofreading',
    default: 'true',
    description:
      "Load the proofreading threads' dictionaries and harper.js right after start-up (about 15 s of one core) instead of in the first request.",
  }),

  STRIPE_SECRET_KEY: variable(z.string(), {
    group: 'billing',
    secret: true,
    description:
      'Stripe secret key. When set, plans are sold through Stripe Checkout; when empty, the embedded local provider (a test checkout page in the app) books them.',
  }),
  STRIPE_WEBHOOK_SECRET: variable(z.string(), {
    group: 'billing',
    secret: true,
    description:
      'Signing secret of the Stripe webhook endpoint `/api/billing/webhook` (`whsec_…`); required with a Stripe key.',
  }),
  STRIPE_API_URL: variable(httpUrl, {
    group: 'billing',
    default: 'https://api.stripe.com',
    description: 'Stripe API base URL (tests point it at a local fake Stripe server).',
  }),
  PLANS_FILE: variable(z.string(), {
    group: 'billing',
    description:
      'A JSON file with plans and extra-word packs that replace the defaults (see docs/billing.md); read at start-up into the database.',
  }),
  TRIAL_WORD_LIMIT: variable(z.coerce.number({ error: 'must be a number' }).int().min(0), {
    group: 'billing',
    default: '5000',
    description: "Words the 'Pro' trial (/try) allows.",
  }),
  TRIAL_DAYS: variable(z.coerce.number({ error: 'must be a number' }).int().min(1).max(365), {
    group: 'billing',
    default: '7',
    description: 'How many days the trial lasts.',
  }),

  LOG_LEVEL: variable(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), {
    group: 'observability',
    default: 'info',
    description: 'Log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  }),
  SENTRY_DSN: variable(
    z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN' }).refine(isSentryDsn, {
        error: 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/123',
      }),
    ]),
    {
      group: 'observability',
      description:
        'A Sentry (or Sentry-compatible, e.g. GlitchTip) DSN: when set, the server reports unexpected errors there, and so does the web app with analytics consent; off when empty.',
    },
  ),
  SENTRY_ENVIRONMENT: variable(z.string().min(1).max(64), {
    group: 'observability',
    default: 'production',
    description:
      'The environment Sentry files the reported errors under (e.g. `staging`); used only with `SENTRY_DSN`.',
  }),
};

export type ConfigVariable = keyof typeof CONFIG_VARIABLES;
