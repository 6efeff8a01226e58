import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, shownValue } from './config';
import { DEFAULT_WEB_DIST_DIR } from './paths';

describe('loadConfig', () => {
  it('works with no environment at all, on the embedded defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/quire' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/quire/data',
      databaseUrl: null,
      services: ['api', 'doc', 'gen', 'web'],
      maintenance: false,
      statusBanner: null,
      publicUrl: 'http://localhost:3000',
      webDistDir: DEFAULT_WEB_DIST_DIR,
    });
  });

  it('derives the default public URL from PORT and trims a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://quire.example.org/' }).publicUrl).toBe('https://quire.example.org');
  });

  it('reads the documented values', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/var/lib/quire',
      DATABASE_URL: 'postgres://quire@db:5432/quire',
      QUIRE_SERVICES: 'doc, gen,doc',
      MAINTENANCE: 'true',
      STATUS_BANNER: 'fixing',
    });
    expect(config).toMatchObject({
      port: 4100,
      dataDir: '/var/lib/quire',
      databaseUrl: 'postgres://quire@db:5432/quire',
      services: ['doc', 'gen'],
      maintenance: true,
      statusBanner: 'fixing',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['MAINTENANCE', 'maybe'],
    ['QUIRE_SERVICES', 'api,billing'],
    ['DATABASE_URL', 'mysql://localhost/quire'],
    ['STATUS_BANNER', 'panic'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['LOG_LEVEL', 'loud'],
    ['OPERATOR_EMAILS', 'ops@example.org, root'],
    ['SURVEY_DELAY', 'soon'],
    ['PLAUSIBLE_DOMAIN', 'https://quire.example.org'],
    ['SENTRY_DSN', 'https://o1.ingest.sentry.io/123'],
    ['SENTRY_DSN', 'https://key@o1.ingest.sentry.io/project'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(
      new RegExp(`^Invalid configuration: ${name} .*"${value}"`),
    );
  });

  it('refuses a Stripe key without the webhook signing secret, which is what makes plans trustworthy', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set .*\(got ""\)$/,
    );
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).billing.stripe,
    ).toMatchObject({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
    });
  });

  it('reads the engagement settings: operators, the survey delay and where analytics go', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ operatorEmails: [], surveyDelaySeconds: 120, analytics: { provider: 'quire' } });

    const config = loadConfig({
      OPERATOR_EMAILS: ' Ops@Example.org ,,dev@example.org',
      SURVEY_DELAY: '2',
      PLAUSIBLE_DOMAIN: 'quire.example.org',
    });
    expect(config.operatorEmails).toEqual(['ops@example.org', 'dev@example.org']);
    expect(config.surveyDelaySeconds).toBe(2);
    expect(config.analytics).toEqual({
      provider: 'plausible',
      domain: 'quire.example.org',
      script_url: 'https://plausible.io/js/script.js',
    });
    expect(
      loadConfig({
        PLAUSIBLE_DOMAIN: 'quire.example.org',
        PLAUSIBLE_SCRIPT_URL: 'https://stats.example.org/js/script.js',
      }).analytics,
    ).toMatchObject({ script_url: 'https://stats.example.org/js/script.js' });
  });

  it('reports errors only when SENTRY_DSN is set, under SENTRY_ENVIRONMENT', () => {
    expect(loadConfig({}).errorReporting).toBeNull();
    expect(loadConfig({ SENTRY_ENVIRONMENT: 'staging' }).errorReporting).toBeNull();
    expect(loadConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/123' }).errorReporting).toEqual({
      dsn: 'https://key@o1.ingest.sentry.io/123',
      environment: 'production',
    });
    expect(
      loadConfig({ SENTRY_DSN: 'http://key@glitchtip.internal:8000/4', SENTRY_ENVIRONMENT: 'staging' }).errorReporting,
    ).toEqual({ dsn: 'http://key@glitchtip.internal:8000/4', environment: 'staging' });
  });
});

describe('the value an error message shows', () => {
  it('never shows a secret, nor the password inside a URL', () => {
    expect(shownValue('STRIPE_SECRET_KEY', 'sk_live_abc')).toBe('a secret value');
    expect(shownValue('STRIPE_WEBHOOK_SECRET', '')).toBe('""');
    expect(shownValue('DATABASE_URL', 'mysql://quire:hunter2@db/quire')).toBe('"mysql://quire:***@db/quire"');
    expect(shownValue('PORT', 'eighty')).toBe('"eighty"');
  });

  it('keeps the password out of a real configuration error', () => {
    const load = () => loadConfig({ SMTP_URL: 'http://mailer:hunter2@mail.example.org' });
    expect(load).toThrowError(/^Invalid configuration: SMTP_URL .*"http:\/\/mailer:\*\*\*@mail\.example\.org\/"/);
    expect(load).not.toThrowError(/hunter2/);
  });
});
