/** Themes as the stylings service reads and edits them. */
import { asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profileStylings } from '../../db/schema.ts';
import { type CompanyScope, inScope } from '../../http/scope.ts';
import type { ThemeRow } from '../profiles/profiles.queries.ts';

/** The default themes and those of the divisions in `scope` (every theme for 'all'), default themes first. */
export async function themesIn(db: Db, scope: CompanyScope): Promise<ThemeRow[]> {
  const inDivisions = inScope(profileStylings.companyId, scope);
  const where = inDivisions && or(isNull(profileStylings.companyId), inDivisions);
  return db.select().from(profileStylings).where(where).orderBy(desc(profileStylings.isDefault), asc(profileStylings.id));
}

export async function themeById(db: Db, id: number): Promise<ThemeRow | undefined> {
  const [theme] = await db.select().from(profileStylings).where(eq(profileStylings.id, id)).limit(1);
  return theme;
}

export async function updateThemeRow(
  db: Db,
  id: number,
  change: Partial<Pick<ThemeRow, 'cssPlug' | 'layout' | 'fontFamily'>> & { updatedAt: Date },
): Promise<ThemeRow> {
  const [row] = await db.update(profileStylings).set(change).where(eq(profileStylings.id, id)).returning();
  return row!;
}
