import { join } from 'node:path';
import type { AnalyticsSettings, ErrorReportingSettings } from '@quire/contracts';
import { z } from 'zod';
import { CONFIG_VARIABLES, type ConfigVariable } from './config-variables';
import { DEFAULT_WEB_DIST_DIR, REPO_ROOT, resolveUserPath } from './paths';

export { CONFIG_VARIABLES, type ConfigVariable } from './config-variables';

/** The articles in the repository, found from the source (dev, tests) and from the built server alike. */
const DEFAULT_BLOG_DIR = join(REPO_ROOT, 'content/blog');

type VariableSchemas = { [Name in ConfigVariable]: (typeof CONFIG_VARIABLES)[Name]['schema'] };

const variableSchemas = Object.fromEntries(
  Object.entries(CONFIG_VARIABLES).map(([name, variable]) => [name, variable.schema]),
) as VariableSchemas;

/** The one schema over the environment, made from each variable's own schema. */
const ConfigSchema = z.object(variableSchemas).superRefine((value, context) => {
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

/** Every variable parsed: numbers, flags, lists and URLs as the schemas make them. */
type ConfigValues = z.output<typeof ConfigSchema>;

/** What the server reads: the parsed variables arranged by feature, with the values derived from several. */
export type Config = ReturnType<typeof arrangeConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a wrong value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = rawValues(env);
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]) as ConfigVariable;
      return `${name} ${issue.message} (got ${shownValue(name, raw[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return arrangeConfig(parsed.data, env);
}

/** Each variable's text from the environment, or its default when unset or blank. */
function rawValues(env: NodeJS.ProcessEnv): Record<ConfigVariable, string> {
  const raw = Object.fromEntries(
    Object.entries(CONFIG_VARIABLES).map(([name, variable]) => [name, env[name]?.trim() || variable.default]),
  ) as Record<ConfigVariable, string>;
  raw.PUBLIC_URL = raw.PUBLIC_URL.replace('$PORT', raw.PORT);
  return raw;
}

/** Error messages end up in logs: a secret is never shown, nor the password inside a URL. */
export function shownValue(name: ConfigVariable, value: string): string {
  if (CONFIG_VARIABLES[name].secret && value !== '') return 'a secret value';
  return `"${withoutPassword(value)}"`;
}

function withoutPassword(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (!url.password) return value;
  url.password = '***';
  return url.href;
}

function analyticsSettings(value: ConfigValues): AnalyticsSettings {
  return value.PLAUSIBLE_DOMAIN
    ? { provider: 'plausible', domain: value.PLAUSIBLE_DOMAIN, script_url: value.PLAUSIBLE_SCRIPT_URL }
    : { provider: 'quire' };
}

function errorReportingSettings(value: ConfigValues): ErrorReportingSettings | null {
  return value.SENTRY_DSN ? { dsn: value.SENTRY_DSN, environment: value.SENTRY_ENVIRONMENT } : null;
}

function arrangeConfig(value: ConfigValues, env: NodeJS.ProcessEnv) {
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
    /** Lower-cased e-mail addresses of the operators (OPERATOR_EMAILS). */
    operatorEmails: value.OPERATOR_EMAILS,
    surveyDelaySeconds: value.SURVEY_DELAY,
    /** Where the web app sends analytics (with consent): Quire's own endpoint unless Plausible is configured. */
    analytics: analyticsSettings(value),
    publicUrl: value.PUBLIC_URL,
    identity: {
      /** Null: the embedded provider at `$PUBLIC_URL/oidc` is the issuer. */
      externalIssuer,
      issuer: externalIssuer ?? `${value.PUBLIC_URL}/oidc`,
      clientId: value.OIDC_CLIENT_ID,
      clientSecret: value.OIDC_CLIENT_SECRET || null,
      audience: value.OIDC_AUDIENCE || (externalIssuer ? value.OIDC_CLIENT_ID : `${value.PUBLIC_URL}/api`),
    },
    mail: { smtpUrl: value.SMTP_URL || null, from: value.MAIL_FROM },
    /** ALLOW_PRIVATE_URLS: loopback links are fetched (tests only). */
    allowLoopbackLinks: value.ALLOW_PRIVATE_URLS,
    jobLeaseSeconds: value.JOB_LEASE_SECONDS,
    /** The bounds of every background job, in milliseconds and bytes. */
    jobLimits: { timeMs: value.JOB_TIME_LIMIT_SECONDS * 1000, memoryBytes: value.JOB_MEMORY_LIMIT_MB * 1024 * 1024 },
    /** MAX_PDF_PAGES: a PDF with more pages is refused before any page is read. */
    maxPdfPages: value.MAX_PDF_PAGES,
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
    /** Null: files live in `$DATA_DIR/blobs`. */
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
      /** Null: the embedded local provider books plans. */
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
    /** Where the file content adapter reads the blog's articles. */
    blogDir:
      value.BLOG_DIR === CONFIG_VARIABLES.BLOG_DIR.default ? DEFAULT_BLOG_DIR : resolveUserPath(value.BLOG_DIR, env),
    logLevel: value.LOG_LEVEL,
    /** Null: no errors are reported anywhere but the log. */
    errorReporting: errorReportingSettings(value),
    trustProxy: value.TRUST_PROXY,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
  };
}
