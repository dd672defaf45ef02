import { randomBytes } from 'node:crypto';
import type { FeatureFlags, WhiteLabel } from '@profilehub/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies, companyMembers, mailOutbox, profiles, users } from '../db/schema.ts';

export const PASSWORD = 'Correct-Horse-9';
const uid = () => randomBytes(4).toString('hex');

export async function createCompany(
  db: Db,
  o: {
    flags?: Partial<FeatureFlags>;
    whiteLabel?: WhiteLabel | null;
    published?: boolean;
    description?: string;
    paymentStructure?: 'individual' | 'corporate';
    supportLink?: string;
  } = {},
) {
  const sub = `co-${uid()}`;
  const [c] = await db
    .insert(companies)
    .values({
      name: sub,
      title: `Company ${sub}`,
      description: o.description ?? `Description of ${sub}`,
      subdomain: sub,
      featureFlags: o.flags ?? {},
      whiteLabel: o.whiteLabel ?? null,
      hubDomain: o.whiteLabel?.domain ?? null,
      publishedAt: o.published === false ? null : new Date(),
      paymentStructure: o.paymentStructure ?? 'corporate',
      customSupportLink: o.supportLink ?? null,
    })
    .returning();
  const [master] = await db
    .insert(profiles)
    .values({ companyId: c!.id, isMaster: true, templateName: `${sub} template` })
    .returning();
  return { ...c!, masterProfileId: master!.id };
}

export async function createUser(
  app: FastifyInstance,
  o: {
    role?: 'superadmin' | 'supervisor' | 'user';
    companyId?: number;
    supervises?: boolean;
    registered?: boolean;
    password?: string | null;
    email?: string;
  } = {},
) {
  const db = app.deps.db;
  const email = o.email ?? `u-${uid()}@example.test`;
  const registered = o.registered ?? true;
  const password = o.password === undefined ? (registered ? PASSWORD : null) : o.password;
  const [u] = await db
    .insert(users)
    .values({
      email,
      username: email.split('@')[0]!,
      role: o.role ?? 'user',
      firstName: 'Test',
      lastName: 'Person',
      passwordHash: password ? await app.deps.passwords.hash(password) : null,
      registered,
      confirmed: registered && Boolean(password),
    })
    .returning();
  let profileId: number | null = null;
  if (o.companyId) {
    await db.insert(companyMembers).values({ userId: u!.id, companyId: o.companyId, role: o.supervises || o.role === 'supervisor' ? 'supervisor' : 'member' });
    const [p] = await db
      .insert(profiles)
      .values({ userId: u!.id, companyId: o.companyId, alias: `p-${uid()}` })
      .returning();
    profileId = p!.id;
  }
  return { ...u!, profileId };
}

/** Signs in through the real route and returns the bearer header. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/local', remoteAddress: freshIp(), payload: { identifier: email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const { jwt } = res.json() as { jwt: string };
  return { jwt, headers: { authorization: `Bearer ${jwt}` } };
}

/** The newest mail to `to` in the outbox (the transport tests and newcomers read). */
export async function lastMailTo(db: Db, to: string) {
  const [m] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return m;
}

export async function lastCodeFor(db: Db, to: string): Promise<string> {
  const m = await lastMailTo(db, to);
  const code = m?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export async function mailCount(db: Db, to: string): Promise<number> {
  return (
    await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to)))
  ).length;
}

let ipCounter = 0;
/**
 * A client address no other request of this worker used, so per-IP rate limits
 * (every app.inject call comes from 127.0.0.1) only bite in tests about them.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
