import type { Role } from './auth.ts';
import type { FeatureFlags } from './companies.ts';
import type { Report } from './navigation.ts';

// The dashboard's side links and home tiles: apart from the route rules in
// navigation.ts, because only the dashboard needs them (not the sign-in page).

export type SideLink = {
  key: 'home' | 'divisions' | 'approvals' | 'statistics' | 'users' | 'templates' | 'profile' | 'audit' | 'contacts' | 'integrations';
  label: string;
  to: string;
  activeOn: Report[];
};

const LINKS: Record<SideLink['key'], SideLink> = {
  home: { key: 'home', label: 'Home', to: '/home', activeOn: ['home'] },
  approvals: { key: 'approvals', label: 'Approvals', to: '/approvals', activeOn: ['approvals'] },
  statistics: { key: 'statistics', label: 'Statistics', to: '/statistics', activeOn: ['statistics'] },
  users: { key: 'users', label: 'Users', to: '/users', activeOn: ['users', 'self-service'] },
  templates: { key: 'templates', label: 'Templates', to: '/templates', activeOn: ['templates', 'manage-templates'] },
  profile: { key: 'profile', label: 'Profile', to: '/self-service', activeOn: ['self-service'] },
  divisions: { key: 'divisions', label: 'Divisions', to: '/divisions', activeOn: ['divisions'] },
  audit: { key: 'audit', label: 'Audit log', to: '/audit', activeOn: ['audit'] },
  contacts: { key: 'contacts', label: 'Contacts', to: '/contacts', activeOn: ['contacts'] },
  integrations: { key: 'integrations', label: 'Integrations', to: '/integrations', activeOn: ['integrations'] },
};

/**
 * Spec §2 Main shell: a user sees Home, Statistics, Profile; a supervisor Home,
 * Statistics, Users plus Approvals / Templates when those flags are on; a
 * superadmin everything except Profile, and the divisions console (the hub's own
 * place for what the spec's system did in a separate back office). Superadmins and
 * supervisors also have the audit log (issue #28; a supervisor's shows their divisions).
 * Everyone has Contacts (issue #29): their own, their divisions', or all. Supervisors have
 * Integrations: their divisions' single sign-on, SCIM and webhooks (issues #28, #29), which
 * superadmins set in the divisions console.
 */
export function sideLinks(role: Role, flags: FeatureFlags): SideLink[] {
  if (role === 'user') return [LINKS.home, LINKS.statistics, LINKS.contacts, LINKS.profile];
  if (role === 'superadmin') return [LINKS.home, LINKS.divisions, LINKS.approvals, LINKS.statistics, LINKS.users, LINKS.contacts, LINKS.templates, LINKS.audit];
  const out = [LINKS.home];
  if (flags.approvals) out.push(LINKS.approvals);
  out.push(LINKS.statistics, LINKS.users, LINKS.contacts);
  if (flags.templates) out.push(LINKS.templates);
  // Their divisions' audit log (issue #28): who signed in, published, approved, changed what.
  out.push(LINKS.audit, LINKS.integrations);
  return out;
}

export type HomeTile = { key: string; title: string; subtitle: string; to: string; external?: boolean };

/** Spec §2 Home tiles, by role × corporate flag × invite/templates/approvals flags × white-label. */
export function homeTiles(role: Role, flags: FeatureFlags, opts: { whiteLabelled: boolean; supportHref: string; marketplaceHref: string }): HomeTile[] {
  const edit: HomeTile = { key: 'edit-profile', title: 'Edit my profile', subtitle: 'Update basic details', to: '/self-service' };
  const stats: HomeTile = { key: 'statistics', title: 'View my statistics', subtitle: '', to: '/statistics' };
  const tiles: HomeTile[] = [];
  if (flags.corporate || role === 'superadmin') {
    if (role === 'user') {
      tiles.push(edit, stats);
    } else {
      if (flags.invite_users || role === 'superadmin')
        tiles.push({ key: 'invite', title: 'Invite a New User', subtitle: 'Active new users', to: '/users#invite' });
      tiles.push({ key: 'users', title: 'Manage Users', subtitle: 'Add & edit content', to: '/users' });
      if (flags.templates || role === 'superadmin') tiles.push({ key: 'templates', title: 'Manage Templates', subtitle: '', to: '/templates' });
      if (flags.approvals || role === 'superadmin') tiles.push({ key: 'approvals', title: 'Manage Approvals', subtitle: 'Approve Changes', to: '/approvals' });
    }
    return tiles;
  }
  if (role === 'user') tiles.push(edit);
  else tiles.push({ key: 'users', title: 'Users', subtitle: 'Edit profiles and view individual stats', to: '/users' });
  tiles.push(stats);
  if (!opts.whiteLabelled)
    tiles.push({ key: 'marketplace', title: 'Go to marketplace', subtitle: 'Get add-ons for your profile', to: opts.marketplaceHref, external: true });
  tiles.push({ key: 'support', title: 'Get support', subtitle: 'Ask our support team for help', to: opts.supportHref, external: true });
  return tiles;
}
