import { describe, expect, it } from 'vitest';
import type { Role } from './index.ts';
import { DEFAULT_FEATURE_FLAGS, dashboardRedirect, type FeatureFlags, homeTiles, profileIdFromAlias, REPORTS, sideLinks, signedInHome } from './index.ts';

const flags = (on: Partial<FeatureFlags> = {}): FeatureFlags => ({ ...DEFAULT_FEATURE_FLAGS, ...on });
const ALL = flags({ approvals: true, templates: true, permissions: true, rte: true, corporate: true, invite_users: true, style_editing: true });
const labels = (role: Role, f: FeatureFlags) => sideLinks(role, f).map((l) => l.label);

describe('sideLinks (spec §2 Main shell)', () => {
  it('a user sees Home, Statistics, Contacts, Profile whatever the flags', () => {
    expect(labels('user', flags())).toEqual(['Home', 'Statistics', 'Contacts', 'Profile']);
    expect(labels('user', ALL)).toEqual(['Home', 'Statistics', 'Contacts', 'Profile']);
  });

  it('a supervisor sees Home, Statistics, Users, plus Approvals and Templates only with their flags, their audit log and integrations', () => {
    expect(labels('supervisor', flags())).toEqual(['Home', 'Statistics', 'Users', 'Contacts', 'Audit log', 'Integrations']);
    expect(labels('supervisor', flags({ approvals: true }))).toEqual(['Home', 'Approvals', 'Statistics', 'Users', 'Contacts', 'Audit log', 'Integrations']);
    expect(labels('supervisor', flags({ templates: true }))).toEqual(['Home', 'Statistics', 'Users', 'Contacts', 'Templates', 'Audit log', 'Integrations']);
    expect(labels('supervisor', ALL)).toEqual(['Home', 'Approvals', 'Statistics', 'Users', 'Contacts', 'Templates', 'Audit log', 'Integrations']);
  });

  it('a superadmin sees everything except Profile, and the divisions console and audit log, regardless of flags', () => {
    for (const f of [flags(), ALL])
      expect(labels('superadmin', f)).toEqual(['Home', 'Divisions', 'Approvals', 'Statistics', 'Users', 'Contacts', 'Templates', 'Audit log']);
  });

  it('Users is also active on self-service and Templates on manage-templates', () => {
    const links = sideLinks('superadmin', ALL);
    expect(links.find((l) => l.key === 'users')?.activeOn).toEqual(['users', 'self-service']);
    expect(links.find((l) => l.key === 'templates')?.activeOn).toEqual(['templates', 'manage-templates']);
    expect(sideLinks('user', ALL).find((l) => l.key === 'profile')?.to).toBe('/self-service');
  });
});

describe('homeTiles (spec §2 Home tiles)', () => {
  const opts = { whiteLabelled: false, supportHref: 'https://help.test', marketplaceHref: 'https://market.test' };
  const titles = (role: Role, f: FeatureFlags, o = opts) => homeTiles(role, f, o).map((t) => t.title);

  it('corporate user: Edit my profile and View my statistics', () => {
    expect(titles('user', flags({ corporate: true }))).toEqual(['Edit my profile', 'View my statistics']);
    expect(homeTiles('user', flags({ corporate: true }), opts)[0]).toMatchObject({ subtitle: 'Update basic details', to: '/self-service' });
  });

  it('corporate supervisor: Manage Users always; Invite, Templates and Approvals only with their flags', () => {
    expect(titles('supervisor', flags({ corporate: true }))).toEqual(['Manage Users']);
    expect(titles('supervisor', flags({ corporate: true, invite_users: true }))).toEqual(['Invite a New User', 'Manage Users']);
    expect(titles('supervisor', flags({ corporate: true, templates: true }))).toEqual(['Manage Users', 'Manage Templates']);
    expect(titles('supervisor', flags({ corporate: true, approvals: true }))).toEqual(['Manage Users', 'Manage Approvals']);
    expect(titles('supervisor', ALL)).toEqual(['Invite a New User', 'Manage Users', 'Manage Templates', 'Manage Approvals']);
  });

  it('the subtitles follow the spec', () => {
    const tiles = homeTiles('supervisor', ALL, opts);
    expect(tiles.map((t) => t.subtitle)).toEqual(['Active new users', 'Add & edit content', '', 'Approve Changes']);
  });

  it('a superadmin gets the corporate tiles without any flag', () => {
    expect(titles('superadmin', flags())).toEqual(['Invite a New User', 'Manage Users', 'Manage Templates', 'Manage Approvals']);
  });

  it('without corporate: a user gets Edit my profile, statistics, marketplace and support', () => {
    expect(titles('user', flags())).toEqual(['Edit my profile', 'View my statistics', 'Go to marketplace', 'Get support']);
  });

  it('without corporate: a supervisor gets Users, statistics, marketplace and support, whatever the other flags', () => {
    expect(titles('supervisor', flags({ invite_users: true, templates: true, approvals: true }))).toEqual([
      'Users',
      'View my statistics',
      'Go to marketplace',
      'Get support',
    ]);
    const tiles = homeTiles('supervisor', flags(), opts);
    expect(tiles[0]).toMatchObject({ subtitle: 'Edit profiles and view individual stats', to: '/users' });
    expect(tiles.find((t) => t.key === 'marketplace')).toMatchObject({ subtitle: 'Get add-ons for your profile', to: 'https://market.test', external: true });
    expect(tiles.find((t) => t.key === 'support')).toMatchObject({ subtitle: 'Ask our support team for help', to: 'https://help.test', external: true });
  });

  it('hides the marketplace tile when white-labelled', () => {
    const wl = { ...opts, whiteLabelled: true };
    expect(titles('user', flags(), wl)).toEqual(['Edit my profile', 'View my statistics', 'Get support']);
    expect(titles('supervisor', flags(), wl)).toEqual(['Users', 'View my statistics', 'Get support']);
  });
});

describe('dashboardRedirect (spec §2 Route guards)', () => {
  const go = (role: Role, report: string, extra: { alias?: string; aliasCompanyId?: number | null; supervisedCompanyIds?: number[] } = {}) =>
    dashboardRedirect({ role, report, supervisedCompanyIds: extra.supervisedCompanyIds ?? [], alias: extra.alias, aliasCompanyId: extra.aliasCompanyId });

  it('sends unknown reports home', () => {
    expect(go('superadmin', 'nope')).toBe('/home');
    expect(go('user', 'admin')).toBe('/home');
  });

  it('sends users away from templates, manage-templates and approvals to self-service', () => {
    for (const r of ['templates', 'manage-templates', 'approvals']) expect(go('user', r), r).toBe('/self-service');
  });

  it('keeps users out of the users list too (spec §6: only home, statistics and self-service)', () => {
    expect(go('user', 'users')).toBe('/self-service');
  });

  it('lets users open home, statistics and self-service (with or without alias)', () => {
    for (const r of ['home', 'statistics', 'self-service']) expect(go('user', r), r).toBeNull();
    expect(go('user', 'self-service', { alias: '12', aliasCompanyId: 3 })).toBeNull();
  });

  it('sends supervisors and superadmins opening self-service without an alias home', () => {
    expect(go('supervisor', 'self-service')).toBe('/home');
    expect(go('superadmin', 'self-service')).toBe('/home');
    expect(go('superadmin', 'self-service', { alias: '12' })).toBeNull();
  });

  it("lets a supervisor open an alias of a division they supervise, and sends them to users or templates for another division's", () => {
    const s = { supervisedCompanyIds: [3, 4] };
    expect(go('supervisor', 'self-service', { ...s, alias: '12', aliasCompanyId: 4 })).toBeNull();
    expect(go('supervisor', 'manage-templates', { ...s, alias: '12', aliasCompanyId: 3 })).toBeNull();
    expect(go('supervisor', 'self-service', { ...s, alias: '12', aliasCompanyId: 9 })).toBe('/users');
    expect(go('supervisor', 'templates', { ...s, alias: '12', aliasCompanyId: 9 })).toBe('/templates');
    expect(go('supervisor', 'manage-templates', { ...s, alias: '12', aliasCompanyId: 9 })).toBe('/templates');
  });

  it('opens the divisions console for superadmins only', () => {
    expect(go('superadmin', 'divisions')).toBeNull();
    expect(go('superadmin', 'divisions', { alias: '7' })).toBeNull();
    expect(go('supervisor', 'divisions')).toBe('/home');
    expect(go('user', 'divisions')).toBe('/home');
  });

  it('opens the audit log for superadmins and supervisors (their divisions’ lines), not for users', () => {
    expect(go('superadmin', 'audit')).toBeNull();
    expect(go('supervisor', 'audit')).toBeNull();
    expect(go('user', 'audit')).toBe('/home');
  });

  it('opens Integrations for supervisors; a superadmin finds them in the divisions console, a user goes home', () => {
    expect(go('supervisor', 'integrations')).toBeNull();
    expect(go('superadmin', 'integrations')).toBe('/divisions');
    expect(go('user', 'integrations')).toBe('/home');
  });

  it('never redirects a superadmin opening any division’s alias', () => {
    expect(go('superadmin', 'self-service', { alias: '12', aliasCompanyId: 99 })).toBeNull();
    expect(go('superadmin', 'templates', { alias: '12', aliasCompanyId: 99 })).toBeNull();
  });

  it('lets supervisors and superadmins open every report of the spec (the divisions console is the superadmin’s alone, Integrations the supervisor’s)', () => {
    for (const r of REPORTS.filter((x) => x !== 'self-service' && x !== 'divisions' && x !== 'integrations')) {
      expect(go('supervisor', r), r).toBeNull();
      expect(go('superadmin', r), r).toBeNull();
    }
  });
});

describe('small routing rules', () => {
  it('a signed-in visitor of sign-in or register goes to self-service as a user, home otherwise', () => {
    expect(signedInHome('user')).toBe('/self-service');
    expect(signedInHome('supervisor')).toBe('/home');
    expect(signedInHome('superadmin')).toBe('/home');
  });
  it('the first segment of a dashboard alias is the profile id', () => {
    expect(profileIdFromAlias('12_3_Jane Doe')).toBe(12);
    expect(profileIdFromAlias('12')).toBe(12);
    expect(profileIdFromAlias('jane_3')).toBeNull();
    expect(profileIdFromAlias(undefined)).toBeNull();
    expect(profileIdFromAlias('')).toBeNull();
  });
});
