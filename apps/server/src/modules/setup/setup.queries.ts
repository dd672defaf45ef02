import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appState, users } from '../../db/schema.ts';

/** The app_state row that holds the hash of the one-time setup link's token. */
const SETUP_TOKEN = 'setup-token';

export type SetupTokenRow = { hash: string; createdAt: string };

export async function hasSuperadmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
  return Boolean(row);
}

export async function setupTokenRow(db: Db, opts: { forUpdate?: boolean } = {}): Promise<SetupTokenRow | null> {
  const query = db.select({ value: appState.value }).from(appState).where(eq(appState.key, SETUP_TOKEN)).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return (row?.value as SetupTokenRow | undefined) ?? null;
}

/** Stores a token's hash; with `replace` a newer token takes the place of the old one, else the first one made stays. */
export async function saveSetupToken(db: Db, value: SetupTokenRow, opts: { replace: boolean }): Promise<boolean> {
  const insert = db.insert(appState).values({ key: SETUP_TOKEN, value });
  const rows = opts.replace
    ? await insert.onConflictDoUpdate({ target: appState.key, set: { value } }).returning({ key: appState.key })
    : await insert.onConflictDoNothing().returning({ key: appState.key });
  return rows.length > 0;
}

export async function deleteSetupToken(db: Db): Promise<void> {
  await db.delete(appState).where(eq(appState.key, SETUP_TOKEN));
}

/** The first superadmin: registered and confirmed, with the password they chose on the setup page. */
export async function insertSuperadmin(db: Db, p: { email: string; firstName: string; lastName: string; passwordHash: string | null }): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: p.email,
      username: p.email.split('@')[0]!,
      title: p.firstName,
      firstName: p.firstName,
      lastName: p.lastName,
      role: 'superadmin',
      passwordHash: p.passwordHash,
      registered: p.passwordHash !== null,
      confirmed: p.passwordHash !== null,
    })
    .returning({ id: users.id });
  return row!.id;
}
