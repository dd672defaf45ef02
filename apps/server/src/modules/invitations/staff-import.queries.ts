/** Database access of the staff import (issue #26): bulk look-ups of the file's emails and aliases. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';

/** Look-ups go in chunks so a 10,000-row file never builds one huge statement. */
const CHUNK = 1000;
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export type ExistingPerson = { userId: number; email: string; profiles: { id: number; companyId: number; alias: string | null }[] };

/** The accounts with these emails, each with its (non-template) profiles. */
export async function peopleByEmail(db: Db, emails: string[]): Promise<Map<string, ExistingPerson>> {
  const out = new Map<string, ExistingPerson>();
  for (const part of chunks(emails)) {
    if (!part.length) continue;
    const rows = await db
      .select({ userId: users.id, email: users.email, profileId: profiles.id, companyId: profiles.companyId, alias: profiles.alias })
      .from(users)
      .leftJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.isMaster, false)))
      .where(inArray(users.email, part));
    for (const r of rows) {
      const p = out.get(r.email) ?? { userId: r.userId, email: r.email, profiles: [] };
      if (r.profileId !== null && r.companyId !== null) p.profiles.push({ id: r.profileId, companyId: r.companyId, alias: r.alias });
      out.set(r.email, p);
    }
  }
  return out;
}

/** Which of these aliases are held, and by which profile. */
export async function aliasHolders(db: Db, aliases: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks(aliases)) {
    if (!part.length) continue;
    const rows = await db.select({ id: profiles.id, alias: profiles.alias }).from(profiles).where(inArray(profiles.alias, part));
    for (const r of rows) if (r.alias) out.set(r.alias, r.id);
  }
  return out;
}

/** Re-imported people's profiles take the file's fields on top of their own (the alias only where none is set); one statement. */
export async function updateImportedProfiles(db: Db, items: { profileId: number; content: Record<string, string>; alias: string | null }[]): Promise<void> {
  if (!items.length) return;
  const rows = JSON.stringify(items.map((i) => ({ id: i.profileId, content: i.content, alias: i.alias })));
  await db.execute(sql`
    update ${profiles} set
      content = ${profiles.content} || x.content,
      alias = coalesce(${profiles.alias}, x.alias),
      updated_at = now()
    from jsonb_to_recordset(${rows}::jsonb) as x(id int, content jsonb, alias text)
    where ${profiles.id} = x.id`);
}

/** A re-imported person's profile takes the file's fields on top of its own (its alias only if it has none). */
export async function updateImportedProfile(db: Db, profileId: number, content: Record<string, string>, alias: string | null): Promise<void> {
  await db
    .update(profiles)
    .set({
      content: sql`${profiles.content} || ${JSON.stringify(content)}::jsonb`,
      ...(alias ? { alias: sql`coalesce(${profiles.alias}, ${alias})` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, profileId));
}
