import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Background } from './http/background.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { SecretBox } from './http/secret-box.ts';
import type { ApiKeyStore } from './modules/api-keys/api-keys.store.ts';
import type { CodeStore } from './modules/auth/codes.ts';
import type { GoogleVerifier } from './modules/auth/google.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import type { SessionStore } from './modules/auth/sessions.ts';
import type { ResolveDomain } from './modules/domains/domain-probe.ts';
import type { EventIngest } from './modules/events/ingest.ts';
import type { Jobs } from './modules/jobs/jobs.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { PublishedPageCache } from './modules/public-pages/public-pages.service.ts';
import type { WalletKeys } from './modules/wallet/wallet-keys.ts';

/** Everything a route or service needs, built once by buildApp (tests build their own). */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: SessionStore;
  /** The public API's keys (decision 027): the sign-in check asks it for the live key of a `phk_` bearer token. */
  apiKeys: ApiKeyStore;
  codes: CodeStore;
  passwords: PasswordHasher;
  google: GoogleVerifier;
  /** Seals the secrets the hub must read back (SSO client secrets), with a key derived from the JWT secret (decision 021). */
  secrets: SecretBox;
  /** How the hub calls a division's SSO provider (tests wrap it to replay a provider's answer). */
  ssoFetch: typeof fetch;
  /** Key of the daily visitor hash (derived from the JWT secret, never stored). */
  visitorSecret: string;
  publishedPages: PublishedPageCache;
  /** Work started by a request that its answer does not wait for. */
  background: Background;
  /** Durable background work (mail) on the shared database; mails are queued with the writes that cause them. */
  jobs: Jobs;
  /** Buffered interaction events and their rollups; `flush()` writes what is waiting. */
  ingest: EventIngest;
  /** Where a division's own domain answers over HTTP, for its verification (DNS; tests point names at their listener). */
  resolveDomain: ResolveDomain;
  /** The Apple and Google wallet keys of this install, each null when not configured (issue #30). */
  wallet: WalletKeys;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Whether this copy is draining for a stop: health answers 503, every answer closes its connection. */
    readonly draining: boolean;
    /** Begins draining (server.ts on SIGTERM, before the listener closes). */
    drain(): void;
    /** After the drain, before the listener closes: lets clients settle on their connections (`FastPath.settle`). */
    settle(): Promise<void>;
  }
}
