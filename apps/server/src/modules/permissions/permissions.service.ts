/**
 * Permission records of a template (spec §3 Permission record, §4 Permissions
 * editing): one `child` set (what child users see, change, may leave empty)
 * and one `master` set per template.
 */
import { PROFILE_API_MESSAGES as M, type PermissionEntry } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canManagePermissions } from '../../http/policy.ts';
import type { PermissionRecordRow, ProfileContext } from '../profiles/profiles.queries.ts';
import { visibleProfile } from '../profiles/profiles.service.ts';
import { permissionRecordById, updatePermissionRecord, upsertPermissionRecord } from './permissions.queries.ts';

export type PermissionKind = 'child' | 'master';

function toRecord(row: PermissionRecordRow) {
  return { id: row.id, profileId: row.profileId, kind: row.kind, title: row.title, permissions: row.permissions as PermissionEntry[] };
}

function requirePermissionEditor(actor: Actor, ctx: ProfileContext, kind: PermissionKind): void {
  if (!ctx.profile.isMaster) throw badRequest(M.notATemplate);
  if (!canManagePermissions(actor, ctx.company, kind)) throw forbidden(kind === 'master' ? M.masterPermissionsSuperadmin : M.permissionsOff);
}

/** POST /permissions: creates the template's record of that kind, or replaces its entries when it exists (one per template and kind). */
export async function savePermissions(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: { profileId: number; kind: PermissionKind; title: string; permissions: PermissionEntry[] },
) {
  const ctx = await visibleProfile(deps, actor, input.profileId);
  requirePermissionEditor(actor, ctx, input.kind);
  const row = await upsertPermissionRecord(deps.db, { profileId: ctx.profile.id, kind: input.kind, title: input.title, permissions: input.permissions });
  return toRecord(row);
}

/** The record when the caller may see its template; otherwise 404. */
async function visibleRecord(deps: Pick<Deps, 'db'>, actor: Actor, id: number) {
  const row = await permissionRecordById(deps.db, id);
  if (!row) throw notFound('Permissions not found');
  try {
    return { row, ctx: await visibleProfile(deps, actor, row.profileId) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw notFound('Permissions not found');
    throw err;
  }
}

/** PUT /permissions/{id} (and the reset: entries `[]`). */
export async function updatePermissions(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  input: { permissions: PermissionEntry[]; title?: string | undefined },
) {
  const { row, ctx } = await visibleRecord(deps, actor, id);
  requirePermissionEditor(actor, ctx, row.kind);
  return toRecord(await updatePermissionRecord(deps.db, id, input));
}
