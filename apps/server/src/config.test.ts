import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
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
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrowError(
      new RegExp(`^Invalid configuration: ${name} .*"${value}"`),
    );
  });
});
