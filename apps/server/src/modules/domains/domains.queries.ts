/** A division's own domain: the one it entered (pending, with its token) and the one verified. */
import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

const domainColumns = {
  id: companies.id,
  customDomain: companies.customDomain,
  pendingDomain: companies.pendingDomain,
  domainToken: companies.domainToken,
  verifiedAt: companies.customDomainVerifiedAt,
};
export type DomainRow = { id: number; customDomain: string | null; pendingDomain: string | null; domainToken: string | null; verifiedAt: Date | null };

export async function domainRowOf(db: Db, companyId: number): Promise<DomainRow | undefined> {
  const [row] = await db.select(domainColumns).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

/** Whether a division other than `companyId` holds the domain, verified or pending. */
export async function domainHeldElsewhere(db: Db, domain: string, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(ne(companies.id, companyId), or(eq(companies.customDomain, domain), eq(companies.pendingDomain, domain))))
    .limit(1);
  return Boolean(row);
}

/** A new domain to verify: the verified one (if any) stops serving until this one is proved. */
export async function setPendingDomain(db: Db, companyId: number, domain: string, token: string): Promise<void> {
  await db
    .update(companies)
    .set({ pendingDomain: domain, domainToken: token, customDomain: null, customDomainUrl: null, customDomainVerifiedAt: null, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** The pending domain proved: it becomes the division's domain, if it is still the one pending. */
export async function markDomainVerified(db: Db, companyId: number, domain: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ customDomain: domain, customDomainUrl: `https://${domain}`, pendingDomain: null, customDomainVerifiedAt: at, updatedAt: at })
    .where(and(eq(companies.id, companyId), eq(companies.pendingDomain, domain)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

export async function clearDomain(db: Db, companyId: number): Promise<void> {
  await db
    .update(companies)
    .set({ pendingDomain: null, domainToken: null, customDomain: null, customDomainUrl: null, customDomainVerifiedAt: null, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** Whether `host` is a division's verified domain (Caddy may get it a certificate): custom_domain is set only once verified. */
export async function isVerifiedDomain(db: Db, host: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.customDomain, host)).limit(1);
  return Boolean(row);
}

/** Whether `token` is the verification token of `host`, a division's pending or verified domain. */
export async function isDomainToken(db: Db, host: string, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.domainToken, token), or(eq(companies.pendingDomain, host), eq(companies.customDomain, host))))
    .limit(1);
  return Boolean(row);
}
