import { SERVICE_GROUPS, StatusBanner } from '@quire/contracts';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR, resolveUserPath } from './paths';

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
    webDistDir:
      value.WEB_DIST_DIR === CONFIG_VARIABLES.WEB_DIST_DIR.default
        ? DEFAULT_WEB_DIST_DIR
        : resolveUserPath(value.WEB_DIST_DIR, env),
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
  };
}
