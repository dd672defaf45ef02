import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingForPublish, PermissionEntriesSchema, ProfileContentSchema } from '@profilehub/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, events as eventsTable, profileStylings, profiles } from '../db/schema.ts';
import { editorContentOf, missingItemsOf } from '../modules/profiles/profile-content.ts';
import { loadProfileContext } from '../modules/profiles/profiles.queries.ts';
import { useTestApp } from '../test/harness.ts';
import { seed } from './seed.ts';
import { DEFAULT_THEMES } from './seed-profiles.ts';

const t = useTestApp();
let dataDir: string;
const site = { PUBLIC_DOMAIN: 'localhost', PUBLIC_URL: 'http://localhost:3000' };
const run = () => seed(t.app.deps.db, { password: 'Seed-Password-1', dataDir, hasher: t.app.deps.passwords, site });
const profileByAlias = async (alias: string) => (await t.app.deps.db.select().from(profiles).where(eq(profiles.alias, alias)))[0]!;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-seed-'));
  await run();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('seed', () => {
  it('adds the default themes and Acme’s own', async () => {
    const themes = await t.app.deps.db.select().from(profileStylings);
    expect(themes.filter((th) => th.isDefault).map((th) => th.name)).toEqual(DEFAULT_THEMES.map((th) => th.name));
    expect(themes.find((th) => th.name === 'Acme Brand')?.companyId).not.toBeNull();
  });

  it('gives Acme a complete, valid template with child permissions', async () => {
    const jane = await profileByAlias('jane-doe');
    const ctx = (await loadProfileContext(t.app.deps.db, jane.masterProfileId!))!;
    expect(ctx.profile.isMaster).toBe(true);
    const template = ProfileContentSchema.parse(ctx.profile.content);
    expect(template.infoSections.map((s) => s.type)).toEqual(expect.arrayContaining(['aboutme', 'imageGallery', 'testimonials', 'text']));
    expect(template.imageGallery.length).toBeGreaterThanOrEqual(3);
    expect(template.socialLinks.length).toBeGreaterThanOrEqual(3);
    expect(template.contactForm.enabled).toBe(true);
    expect(PermissionEntriesSchema.parse(ctx.childPermissions!.permissions).length).toBeGreaterThan(5);
  });

  it('publishes Jane’s complete child profile with her details over the template', async () => {
    const jane = await profileByAlias('jane-doe');
    expect(jane.publishedAt).not.toBeNull();
    expect(jane.site).toEqual({ siteId: String(jane.id), domainName: 'acme.localhost' });
    expect(jane.publishedHtml).toContain('Jane Doe');
    const published = ProfileContentSchema.parse(jane.publishedContent);
    expect(published).toMatchObject({ fullName: 'Jane Doe', jobTitle: 'Head of Sales', profilePhoto: { url: '/demo/jane-doe.svg' } });
    expect(published.links.map((l) => l.key)).toContain('jane-calendar');
    const ctx = (await loadProfileContext(t.app.deps.db, jane.id))!;
    expect(missingItemsOf(ctx)).toEqual([]);
    expect(editorContentOf(ctx)).not.toHaveProperty('profileDisclaimer');

    const page = await t.app.inject({ method: 'GET', url: '/jane-doe', headers: { host: 'acme.localhost' } });
    expect(page.statusCode).toBe(200);
  });

  it('publishes Leo, whose later edits wait for approval with their changes listed', async () => {
    const leo = await profileByAlias('leo-lane');
    expect(leo.publishedAt).not.toBeNull();
    expect(ProfileContentSchema.parse(leo.publishedContent).jobTitle).toBe('Account Manager');
    const pending = await t.app.deps.db.select().from(approvals).where(eq(approvals.profileId, leo.id));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.approved).toBeNull();
    expect(pending[0]!.profileChanges).toEqual([
      { fieldTitle: 'Job title', actionType: 'updated', oldValue: { value: 'Account Manager' }, newValue: { value: 'Senior Account Manager' } },
      expect.objectContaining({ fieldTitle: 'Button: Get a team quote', actionType: 'added', oldValue: null }),
      expect.objectContaining({ fieldTitle: 'Section: About me', actionType: 'updated' }),
    ]);
  });

  it('gives Bob a complete standalone profile in Globex, unpublished', async () => {
    const bob = await profileByAlias('bob-smith');
    expect(bob).toMatchObject({ masterProfileId: null, publishedAt: null });
    expect(missingForPublish(ProfileContentSchema.parse(bob.content), { company: { name: 'globex', subdomain: 'globex' } })).toEqual([]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await t.app.deps.db.select().from(profiles);
    const themes = await t.app.deps.db.select().from(profileStylings);
    const requests = await t.app.deps.db.select().from(approvals);
    await run();
    expect(await t.app.deps.db.select().from(profiles)).toEqual(before);
    expect(await t.app.deps.db.select().from(approvals)).toEqual(requests);
    expect(await t.app.deps.db.select().from(profileStylings)).toEqual(themes);
  });

  it('runs once per database, ever: a later run restores nothing deleted since and invents no traffic', async () => {
    const db = t.app.deps.db;
    const before = await db.select().from(profiles);
    const [events] = await db.select({ n: count() }).from(eventsTable);
    await db.delete(profileStylings).where(eq(profileStylings.name, 'Compact'));
    await run();
    expect((await db.select().from(profileStylings)).filter((th) => th.name === 'Compact')).toHaveLength(0);
    expect(await db.select().from(profiles)).toEqual(before);
    expect((await db.select({ n: count() }).from(eventsTable))[0]).toEqual(events);
  });
});
