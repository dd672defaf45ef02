/** The public REST API's keys (issue #29, decision 027, docs/api.md): made, listed and revoked in the hub; checked on every call. */
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreated, type ApiKeyList, type ApiKeyScope } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { type Actor, canManageApiKeys } from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import { companyRowById } from '../companies/companies.queries.ts';
import { type ApiKeyRow, apiKeysOf, insertApiKey, revokeApiKey } from './api-keys.queries.ts';
import { apiKeyHash } from './api-keys.store.ts';

/** How much of a key lists show: the prefix and eight of its random characters (48 of 256 bits). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;

function shown(row: ApiKeyRow, createdByEmail: string): ApiKey {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdBy: row.createdBy,
    createdByEmail,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Another division's keys answer like a missing division. */
async function manageable(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number) {
  if (!canManageApiKeys(actor, companyId) || !(await companyRowById(deps.db, companyId))) throw notFound();
}

/** POST /companies/{id}/api-keys: the key is in this answer only. */
export async function createApiKey(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  companyId: number,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<ApiKeyCreated> {
  await manageable(deps, actor, companyId);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, SHOWN_CHARS);
  const row = await deps.db.transaction(async (tx) => {
    const made = await insertApiKey(tx, { companyId, name: input.name, keyHash: apiKeyHash(key), prefix, scopes: input.scopes, createdBy: actor.userId });
    await audit(tx, actor.userId, 'api_key.created', `company:${companyId} api_key:${made.id}`, {
      companyId,
      after: { name: input.name, prefix, scopes: input.scopes },
    });
    return made;
  });
  return { ...shown(row, row.createdByEmail), key };
}

/** GET /companies/{id}/api-keys */
export async function listApiKeys(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number): Promise<ApiKeyList> {
  await manageable(deps, actor, companyId);
  return { keys: (await apiKeysOf(deps.db, companyId)).map((r) => shown(r, r.createdByEmail)) };
}

/** DELETE /companies/{id}/api-keys/{keyId}: the key answers 401 from its next request. */
export async function revokeKey(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number, keyId: number): Promise<{ success: true }> {
  await manageable(deps, actor, companyId);
  await deps.db.transaction(async (tx) => {
    const row = await revokeApiKey(tx, companyId, keyId);
    if (!row) throw notFound();
    await audit(tx, actor.userId, 'api_key.revoked', `company:${companyId} api_key:${row.id}`, {
      companyId,
      before: { name: row.name, prefix: row.prefix, scopes: row.scopes },
    });
  });
  return { success: true };
}
