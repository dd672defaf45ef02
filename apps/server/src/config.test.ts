import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'x'.repeat(32);

/** The ConfigError a bad environment raises (fails the test when none is raised). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for a first `npm start`', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      PUBLIC_DOMAIN: 'localhost',
      SEED: true,
      RATE_LIMITS: true,
      SESSION_TTL_HOURS: 168,
    });
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.JWT_SECRET).toBeUndefined();
  });

  it('reads numbers and booleans from their strings, and the public URL follows the port', () => {
    const c = loadConfig({ PORT: '8080', SEED: 'false', RATE_LIMITS: '0', SESSION_TTL_HOURS: '2' });
    expect(c).toMatchObject({ PORT: 8080, SEED: false, RATE_LIMITS: false, SESSION_TTL_HOURS: 2, PUBLIC_URL: 'http://localhost:8080' });
    expect(loadConfig({ PUBLIC_URL: 'https://hub.example.com' }).PUBLIC_URL).toBe('https://hub.example.com');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined, JWT_SECRET: undefined });
  });

  it('ignores variables it does not know', () => {
    expect(() => loadConfig({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' })).not.toThrow();
  });

  it('a bad PORT throws a ConfigError naming PORT', () => {
    for (const PORT of ['abc', '70000', '-1', '80.5']) expect(configError({ PORT }).message, PORT).toMatch(/^\s*PORT: /m);
  });

  it('a bad value names its variable', () => {
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(configError({ JWT_SECRET: 'short' }).message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(configError({ SMTP_URL: 'http://mail' }).message).toContain('SMTP_URL');
    expect(configError({ NODE_ENV: 'staging' }).message).toContain('NODE_ENV');
    expect(configError({ SEED: 'yes' }).message).toContain('SEED');
    expect(configError({ PUBLIC_URL: 'not a url' }).message).toContain('PUBLIC_URL');
  });

  it('names every bad variable at once', () => {
    const { message } = configError({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
  });

  it('production without JWT_SECRET throws naming JWT_SECRET; with one it starts', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toContain('JWT_SECRET');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
  });
});
