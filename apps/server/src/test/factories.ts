import { randomBytes } from 'node:crypto';
import type { FeatureFlags, WhiteLabel } from '@profilehub/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { companies, companyMembers, mailOutbox, permissionRecords, profileStylings, profiles, users } from '../db/schema.ts';
import { noPendingJobs } from '../modules/jobs/jobs.ts';

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
    /** The profile's template (a child profile); none by default (standalone). */
    masterProfileId?: number | null;
    /** The profile's alias; a fresh one by default, null for none yet. */
    alias?: string | null;
    content?: Record<string, unknown>;
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
      .values({
        userId: u!.id,
        companyId: o.companyId,
        alias: o.alias === undefined ? `p-${uid()}` : o.alias,
        masterProfileId: o.masterProfileId ?? null,
        content: o.content ?? {},
      })
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

/** A new user signed in through the real route: the row, the bearer header and their profile id. */
export async function signedInUser(app: FastifyInstance, o: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, o);
  return { user, headers: (await signIn(app, user.email)).headers, id: user.profileId! };
}

/** The newest mail to `to` in the outbox, once every queued mail has been sent (jobs run as soon as their write commits). */
export async function lastMailTo(db: Db, to: string) {
  await noPendingJobs(db);
  const [m] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return m;
}

export async function lastCodeFor(db: Db, to: string): Promise<string> {
  const m = await lastMailTo(db, to);
  const code = m?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Mails to `to` in the outbox once no job is pending: mails are jobs, and a count read before they ran is short. */
export async function mailCount(db: Db, to: string): Promise<number> {
  await noPendingJobs(db);
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

export type MultipartPart = { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body built by hand (no form-data package): pass `payload` and `headers` to app.inject. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ph${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A theme: a default one (no division) unless `companyId` is given. */
export async function createTheme(db: Db, o: { companyId?: number | null; name?: string; cssPlug?: string } = {}) {
  const [row] = await db
    .insert(profileStylings)
    .values({ companyId: o.companyId ?? null, name: o.name ?? `Theme ${uid()}`, cssPlug: o.cssPlug ?? '.x { color: red; }', isDefault: !o.companyId })
    .returning();
  return row!;
}

/** Stores a profile's content (and any other columns) directly. */
export async function setProfile(db: Db, profileId: number, values: Partial<typeof profiles.$inferInsert>) {
  const [row] = await db.update(profiles).set(values).where(eq(profiles.id, profileId)).returning();
  return row!;
}

export async function getProfileRow(db: Db, profileId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  return row;
}

/** A template's permission record (`child` entries govern its children). */
export async function createPermissions(
  db: Db,
  profileId: number,
  entries: { key: string; show?: boolean; edit?: boolean; optional?: boolean; sortable?: boolean }[],
  kind: 'child' | 'master' = 'child',
) {
  const permissions = entries.map((e) => ({ show: true, edit: true, optional: true, sortable: true, ...e }));
  const [row] = await db
    .insert(permissionRecords)
    .values({ profileId, kind, title: `Template ${profileId} - Permissions`, permissions })
    .returning();
  return row!;
}

/**
 * A template document that leaves only the personal details to a child (desktop
 * layout): with {@link childDetails} on top, nothing required for publish is missing.
 */
function templateContent(themeId: number): Record<string, unknown> {
  const colour = (css: string) => ({ color: css, css, mode: 'solid' });
  return {
    stylingId: themeId,
    templateLayout: 'desktop2',
    mainContactNumber: '+27 21 555 0100',
    whatsappNumber: '+27 21 555 0100',
    officeNumber: '+27 21 555 0101',
    emailAddress: 'hello@acme.test',
    logo: { url: 'https://cdn.acme.test/logo.png' },
    mobileBanner: { url: 'https://cdn.acme.test/mobile.jpg' },
    desktopBanner: { url: 'https://cdn.acme.test/desktop.jpg' },
    mainActionButton: { title: 'Book a call', url: 'https://acme.test/book', icon: 'calendar', key: 'main-action-button' },
    cssVariables: { 'background-color': colour('#ffffff'), 'font-color': colour('#114b8a') },
    links: [
      { key: 'website', title: 'Website', url: 'https://acme.test', icon: 'globe', contactType: 'url', enabled: true },
      { key: 'brochure', title: 'Brochure', url: 'https://acme.test/brochure', icon: 'file', contactType: 'url', enabled: true },
    ],
    testimonials: [{ key: 'tm-1', title: 'Great', review: 'Very good.', author: 'Sam', rating: 5 }],
    profileDisclaimer: '<p>Acme (Pty) Ltd.</p>',
  };
}

/** A child's personal details (what {@link templateContent} leaves open). */
export function childDetails(name = 'Jane Doe'): Record<string, unknown> {
  return { fullName: name, jobTitle: 'Head of Sales', profilePhoto: { url: 'https://cdn.acme.test/jane.jpg' } };
}

/**
 * A division whose template (master) is complete apart from personal details,
 * with a default theme and, when given, the template's child permission entries.
 */
export async function createTemplateDivision(
  db: Db,
  o: { flags?: Partial<FeatureFlags>; permissions?: Parameters<typeof createPermissions>[2]; customDomain?: string } = {},
) {
  const company = await createCompany(db, { flags: o.flags });
  if (o.customDomain) await db.update(companies).set({ customDomain: o.customDomain }).where(eq(companies.id, company.id));
  const theme = await createTheme(db);
  await setProfile(db, company.masterProfileId, { content: templateContent(theme.id), stylingId: theme.id, templateName: 'Standard' });
  const permissions = o.permissions ? await createPermissions(db, company.masterProfileId, o.permissions) : null;
  return { company, theme, masterId: company.masterProfileId, permissions };
}
