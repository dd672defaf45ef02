/** A division's SCIM provisioning tokens (issue #28, decision 023): made, listed and revoked in the hub. */
import { createHash, randomBytes } from 'node:crypto';
import type { ScimToken, ScimTokenCreated, ScimTokenList } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { type Actor, canManageScimTokens } from '../../http/policy.ts';
import { audit } from '../audit/audit.service.ts';
import { companyRowById } from '../companies/companies.queries.ts';
import { insertScimToken, revokeScimToken, type ScimTokenRow, scimTokensOf } from './scim.queries.ts';

/** Tokens say what they are (secret scanners, people reading a config). */
const PREFIX = 'phscim_';
/** What is stored of a token: its SHA-256, never the token itself. */
export const scimTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const scimBaseUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/scim/v2`;

function shown(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    hint: row.hint,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Another division's tokens answer like a missing division. */
async function manageable(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number) {
  if (!canManageScimTokens(actor, companyId) || !(await companyRowById(deps.db, companyId))) throw notFound();
}

/** POST /companies/{id}/scim-tokens: the token is in this answer only. */
export async function createScimToken(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number, name: string): Promise<ScimTokenCreated> {
  await manageable(deps, actor, companyId);
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertScimToken(deps.db, { companyId, name, tokenHash: scimTokenHash(token), hint: token.slice(-4), createdBy: actor.userId });
  await audit(deps.db, actor.userId, 'scim_token.created', `company:${companyId} scim_token:${row.id}`, { companyId, after: { name, hint: row.hint } });
  return { ...shown(row), token };
}

/** GET /companies/{id}/scim-tokens */
export async function listScimTokens(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, companyId: number): Promise<ScimTokenList> {
  await manageable(deps, actor, companyId);
  return { tokens: (await scimTokensOf(deps.db, companyId)).map(shown), baseUrl: scimBaseUrl(deps.config.PUBLIC_URL) };
}

/** DELETE /companies/{id}/scim-tokens/{tokenId}: the token answers 401 from its next request. */
export async function revokeToken(deps: Pick<Deps, 'db'>, actor: Actor, companyId: number, tokenId: number): Promise<{ success: true }> {
  await manageable(deps, actor, companyId);
  const row = await revokeScimToken(deps.db, companyId, tokenId);
  if (!row) throw notFound();
  await audit(deps.db, actor.userId, 'scim_token.revoked', `company:${companyId} scim_token:${row.id}`, {
    companyId,
    before: { name: row.name, hint: row.hint },
  });
  return { success: true };
}
