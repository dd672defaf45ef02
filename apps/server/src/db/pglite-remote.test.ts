import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { companies } from './schema.ts';

// PGlite in a worker thread, as the server runs it: Drizzle on top, real migrations, real transactions.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ thread: true });
  await database.migrate();
}, 60_000);
afterAll(() => database?.close());

const company = (subdomain: string) => ({ name: subdomain, title: subdomain, subdomain });

describe('PGlite in a worker thread', () => {
  it('runs Drizzle queries with dates and jsonb as in-thread PGlite does', async () => {
    const [row] = await database.db.insert(companies).values(company('remote-a')).returning();
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.featureFlags).toEqual({});
    const [found] = await database.db.select().from(companies).where(eq(companies.subdomain, 'remote-a'));
    expect(found!.id).toBe(row!.id);
  });

  it('commits a transaction and rolls one back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(companies).values(company('remote-commit'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(companies).values(company('remote-rollback'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = (await database.db.select({ s: companies.subdomain }).from(companies)).map((r) => r.s);
    expect(names).toContain('remote-commit');
    expect(names).not.toContain('remote-rollback');
  });

  it('makes other queries wait for an open transaction, so they never see half of it', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((r) => {
      inside = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.insert(companies).values(company('remote-iso'));
      inside();
      await held;
    });
    await entered;
    let seen: number | null = null;
    const outside = database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(eq(companies.subdomain, 'remote-iso'))
      .then((r) => {
        seen = r[0]!.n;
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBeNull();
    release();
    await tx;
    await outside;
    expect(seen).toBe(1);
  });

  it('passes PostgreSQL error fields through (a unique violation keeps its code and constraint)', async () => {
    await database.db.insert(companies).values(company('remote-dup'));
    const error = await database.db
      .insert(companies)
      .values(company('remote-dup'))
      .then(() => null)
      .catch((e: unknown) => e as { code?: string; constraint?: string; cause?: { code?: string } });
    const pgError = error?.cause ?? error;
    expect(pgError?.code).toBe('23505');
  });
});
