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

  it('production without JWT_SECRET or a mail transport throws naming both; with them it starts', () => {
    const { message } = configError({ NODE_ENV: 'production' });
    expect(message).toContain('JWT_SECRET: required when NODE_ENV=production');
    expect(message).toContain('SMTP_URL: required when NODE_ENV=production');
    expect(configError({ NODE_ENV: 'production', JWT_SECRET: SECRET }).message).not.toContain('JWT_SECRET');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtp://mail:25' }).JWT_SECRET).toBe(SECRET);
    // The outbox only when asked for by name.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_OUTBOX: 'true' }).MAIL_OUTBOX).toBe(true);
  });

  it('production seeds no demo accounts unless SEED=true is said; development seeds by default', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(prod).SEED).toBe(false);
    expect(loadConfig({ ...prod, SEED: 'true' }).SEED).toBe(true);
    expect(loadConfig({}).SEED).toBe(true);
  });

  it('listens on loopback outside production, on every interface in production, or where HOST says', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtp://m' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('trusts X-Forwarded-For only from TRUSTED_PROXIES, in every environment', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtp://m' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(configError({ TRUSTED_PROXIES: 'everyone' }).message).toContain('TRUSTED_PROXIES');
    expect(configError({ REDIS_URL: 'http://x' }).message).toContain('REDIS_URL');
  });
});
