import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, with its default; README's configuration table mirrors this. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a session (and its JWT) lives. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** The hub's own origin, used in mails (reset links) and OpenID redirects. */
  PUBLIC_URL: z.string().url().optional(),
  /** Public profile pages live at {subdomain}.{PUBLIC_DOMAIN}/{alias}. */
  PUBLIC_DOMAIN: z.string().default('localhost'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Profilehub <no-reply@profilehub.local>'),
  SEED_PASSWORD: z.string().optional(),
  SEED: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Argon2id cost: memory in KiB and passes. The defaults follow OWASP's minimum (19 MiB, 2 passes). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_PASSES: z.coerce.number().int().min(1).default(2),
  /** Longest an acknowledged interaction waits in memory before it is written (docs/decisions/008). */
  EVENT_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Set to false only in benchmarks that measure something other than abuse protection. */
  RATE_LIMITS: bool.default(true),
  WEB_DIST: z.string().optional(),
  /** Uploaded files on local disk; defaults to DATA_DIR/uploads. Unused when S3_BUCKET is set. */
  UPLOADS_DIR: z.string().optional(),
  /** S3-compatible storage for uploads: set S3_BUCKET (and the keys) to use it instead of the disk. */
  S3_BUCKET: z.string().optional(),
  /** Defaults to AWS (https://s3.{S3_REGION}.amazonaws.com); set it for MinIO, R2, Scaleway … */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key) work with every S3-compatible store; false for bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Prepended to every object key, e.g. `uploads/`. */
  S3_PREFIX: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.JWT_SECRET) throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  if (c.S3_BUCKET) {
    const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !c[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3_BUCKET is set`).join('\n')}`);
  }
  return { ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` };
}
