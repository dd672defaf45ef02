/** How the sign-in check (http/auth.ts, through `deps.apiKeys`) finds the live key of a presented secret (decision 027). */
import { createHash } from 'node:crypto';
import type { ApiKeyScope } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { liveApiKey } from './api-keys.queries.ts';

/** What is stored of a key: its SHA-256, never the key itself. 256 random bits need no slow hash. */
export const apiKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** A key that may be used now: which division, which scopes, whose. */
type LiveApiKey = { id: number; companyId: number; createdBy: number; scopes: ApiKeyScope[] };

/** The live key of a secret, or undefined: unknown, revoked, or its maker may no longer use it. */
export type ApiKeyStore = { verify(key: string): Promise<LiveApiKey | undefined> };

export function createApiKeyStore(db: Db): ApiKeyStore {
  return {
    async verify(key) {
      const row = await liveApiKey(db, apiKeyHash(key));
      return row ? { id: row.id, companyId: row.companyId, createdBy: row.createdBy, scopes: row.scopes as ApiKeyScope[] } : undefined;
    },
  };
}
