import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, with its default; README's configuration table mirrors this. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface to listen on: loopback outside production, so a development hub is not reachable from the network. */
  HOST: z.string().optional(),
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
  /** Sender of every mail; by default no-reply at PUBLIC_URL's host, a domain the hub answers for (never a made-up one). */
  MAIL_FROM: z.string().trim().min(3).optional(),
  SEED_PASSWORD: z.string().optional(),
  /** The demo data: on by default outside production; production needs SEED=true said explicitly. */
  SEED: bool.optional(),
  /** Production only: keep mail in the outbox table although no SMTP_URL is set (never printed there). */
  MAIL_OUTBOX: bool.default(false),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated IPs or CIDRs, e.g. `127.0.0.1,10.0.0.0/8`).
   * Empty: the client is the TCP peer, so a header cannot reset per-IP limits.
   */
  TRUSTED_PROXIES: z
    .string()
    .regex(/^[0-9a-fA-F:.,/\s]*$/, 'must be a comma-separated list of IP addresses or CIDR ranges')
    .optional(),
  /** Shared store of the abuse limits when several servers run (redis://…); PostgreSQL otherwise. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Argon2id cost: memory in KiB and passes. The defaults follow OWASP's minimum (19 MiB, 2 passes). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_PASSES: z.coerce.number().int().min(1).default(2),
  /** Longest a visitor interaction waits for others to share its write (group commit); its answer waits for the commit (docs/decisions/008). */
  EVENT_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(10),
  /** First wait before a failed mail is tried again; each later try waits twice as long (up to an hour, 12 tries). */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How often an idle copy asks the database for queued jobs it was not told of (mail and
   * rebuilds queued on another copy, retries coming due). A copy that queues a job, or finishes
   * one, fetches the next at once without waiting for this.
   */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  /**
   * On SIGTERM, how long this copy keeps serving while /api/health answers 503 and every answer
   * says `Connection: close`, before it stops listening: the load balancer's checks take it out
   * first, so no client meets a closed socket (docs/scaling.md). 0 for no balancer.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(15_000).default(3000),
  /**
   * Verifying a division's own domain fetches it over HTTP; by default a domain that points to a
   * loopback or private address is refused, so the check cannot be turned on the hub's own network.
   * true only for development and tests, where the domains are this machine's.
   */
  DOMAIN_VERIFY_ALLOW_PRIVATE: bool.default(false),
  /**
   * `host:port` where every domain verification request goes instead of the domain's DNS answer
   * (port 80), with the domain still in its Host header — like curl's --resolve. Development and
   * tests only: a test cannot point a real name at a proxy on a free port. Needs
   * DOMAIN_VERIFY_ALLOW_PRIVATE for a loopback or private address.
   */
  DOMAIN_VERIFY_VIA: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'DOMAIN_VERIFY_VIA must be host:port, such as 127.0.0.1:8080')
    .optional(),
  /**
   * A division's single sign-on provider (issue #28) is called by the hub (discovery, keys, token);
   * by default an issuer on a loopback or private address, or over plain http, is refused, so a
   * division's settings cannot turn the hub on its own network. true only for development and tests.
   */
  SSO_ALLOW_PRIVATE_ISSUER: bool.default(false),
  /**
   * Webhooks (issue #29) are POSTed to URLs a division's supervisor gives; by default a URL whose host is
   * or resolves to a loopback, link-local, private or unique-local address is refused (at save and at
   * each delivery), and production accepts https only. true only for development and tests.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** First wait before a failed webhook delivery is tried again; each later try waits about twice as long, up to 120× this (30 tries: over 24 h at 30). */
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Set to false only in benchmarks that measure something other than abuse protection. */
  RATE_LIMITS: bool.default(true),
  /**
   * Count each view also by where it came from (issue #30, decision 032): source tag, referrer domain,
   * campaign, device, OS, browser and country. false counts views without them, for an operator who
   * wants no device or country kept even as daily counts (and the ingest benchmark's comparison).
   */
  VIEW_SOURCES: bool.default(true),
  WEB_DIST: z.string().optional(),
  /** Uploaded files on local disk; defaults to DATA_DIR/uploads. Unused when S3_BUCKET is set. */
  UPLOADS_DIR: z.string().optional(),
  /** Upload bytes this process holds in memory at once, across all requests; beyond it uploads answer 503 and are retried. */
  UPLOAD_MEMORY_MB: z.coerce.number().int().min(4).max(4096).default(64),
  /** Card scans read at once (OCR worker threads, ~100 MB each, one core each while reading); 1 leaves a core of two to everything else. */
  CARD_SCAN_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Card scans that may wait for a worker; beyond it a scan answers 503 with Retry-After at once. */
  CARD_SCAN_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
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
  /**
   * Apple Wallet passes of published cards (issue #30, docs/wallet.md): all five set, or none (no
   * "Add to Apple Wallet"). The Pass Type ID and Team ID of the Apple developer account; PEM files
   * of the Pass Type ID certificate, its private key, and Apple's WWDR intermediate certificate.
   */
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must look like pass.com.example.card')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Team ID')
    .optional(),
  APPLE_PASS_CERT_FILE: z.string().optional(),
  APPLE_PASS_KEY_FILE: z.string().optional(),
  APPLE_WWDR_CERT_FILE: z.string().optional(),
  /** The pass key's passphrase, when the key file is encrypted. */
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  /** Where pass updates are pushed (Apple's push service); another address only in tests. */
  APPLE_APNS_URL: z.string().url().default('https://api.push.apple.com'),
  /** "Save to Google Wallet" (issue #30): the Google Wallet issuer ID and the service account's JSON key file; both, or neither. */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d+$/, 'must be the numeric issuer ID').optional(),
  GOOGLE_WALLET_KEY_FILE: z.string().optional(),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'HOST' | 'SEED'> & {
  PUBLIC_URL: string;
  MAIL_FROM: string;
  HOST: string;
  SEED: boolean;
  trustProxy: string[] | false;
};

export class ConfigError extends Error {}

/** Settings that work only together: each wallet is configured whole, or not at all. */
const WALLET_SETTINGS = [
  ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT_FILE', 'APPLE_PASS_KEY_FILE', 'APPLE_WWDR_CERT_FILE'],
  ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE'],
] as const;

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (production) {
    const missing: string[] = [];
    if (!c.JWT_SECRET) missing.push('  JWT_SECRET: required when NODE_ENV=production (every server must sign sessions with the same secret)');
    if (!c.SMTP_URL && !c.MAIL_OUTBOX) missing.push('  SMTP_URL: required when NODE_ENV=production (or MAIL_OUTBOX=true to keep mail in the outbox table)');
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  if (c.S3_BUCKET) {
    const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !c[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3_BUCKET is set`).join('\n')}`);
  }
  for (const group of WALLET_SETTINGS) {
    const set = group.filter((k) => c[k]);
    if (set.length && set.length < group.length) {
      const missing = group.filter((k) => !c[k]).map((k) => `  ${k}: required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`);
      throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
    }
  }
  const proxies = (c.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    MAIL_FROM: c.MAIL_FROM ?? `Profilehub <no-reply@${new URL(publicUrl).hostname}>`,
    HOST: c.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    SEED: c.SEED ?? !production,
    PUBLIC_URL: publicUrl,
    trustProxy: proxies.length ? proxies : false,
  };
}
