/** Themes (spec §3 Theme): the default themes everyone may use, and a division's own. */
import { PROFILE_API_MESSAGES as M, type ThemeListItem } from '@profilehub/shared';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, canEditStyling, canSeeCompany, companiesOf } from '../../http/policy.ts';
import { companyRowById, flagsOf } from '../companies/companies.queries.ts';
import type { ThemeRow } from '../profiles/profiles.queries.ts';
import { themeById, themesIn, updateThemeRow } from './stylings.queries.ts';

function toTheme(row: ThemeRow): ThemeListItem {
  return {
    id: row.id,
    name: row.name,
    cssPlug: row.cssPlug,
    layout: row.layout,
    fontFamily: row.fontFamily,
    previewImage: { url: row.previewImageUrl },
    companyId: row.companyId,
    isDefault: row.isDefault,
  };
}

/**
 * GET /profile-stylings/default-themes: the default themes and those of the
 * caller's divisions (or of one division, `companyId`, when given).
 */
export async function listThemes(deps: Pick<Deps, 'db'>, actor: Actor, companyId?: number): Promise<ThemeListItem[]> {
  if (companyId !== undefined && !canSeeCompany(actor, companyId)) throw notFound('Division not found');
  const scope = companyId !== undefined ? [companyId] : companiesOf(actor);
  const rows = await themesIn(deps.db, scope);
  return rows.map(toTheme);
}

export type ThemeUpdate = { id?: number | undefined; cssPlug?: string | undefined; layout?: string | undefined; fontFamily?: string | null | undefined };

/**
 * PUT /profile-stylings/{id}: a division's theme by its supervisors when style
 * editing is on, any theme by a superadmin. A theme of a division the caller
 * cannot see answers 404.
 */
export async function updateTheme(deps: Pick<Deps, 'db'>, actor: Actor, id: number, data: ThemeUpdate): Promise<ThemeListItem> {
  const theme = await themeById(deps.db, id);
  if (!theme || (theme.companyId !== null && !canSeeCompany(actor, theme.companyId))) throw notFound('Theme not found');
  const company = theme.companyId === null ? undefined : await companyRowById(deps.db, theme.companyId);
  if (!canEditStyling(actor, company ? { id: company.id, flags: flagsOf(company) } : null)) throw forbidden(M.styleEditingOff);
  if (data.id !== undefined && data.id !== id) throw badRequest(M.themeIdMismatch, 'data.id');
  const row = await updateThemeRow(deps.db, id, {
    ...(data.cssPlug !== undefined ? { cssPlug: data.cssPlug } : {}),
    ...(data.layout !== undefined ? { layout: data.layout } : {}),
    ...(data.fontFamily !== undefined ? { fontFamily: data.fontFamily || null } : {}),
    updatedAt: new Date(),
  });
  return toTheme(row);
}
