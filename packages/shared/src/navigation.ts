import type { Role } from './auth.ts';

/** Dashboard reports of spec §2 (`/{report}` and `/{report}/{alias}`). */
export const REPORTS = [
  'home',
  'statistics',
  'users',
  'templates',
  'approvals',
  'self-service',
  'manage-templates',
  'divisions',
  'audit',
  'contacts',
  'integrations',
] as const;
export type Report = (typeof REPORTS)[number];

export type GuardInput = {
  role: Role;
  report: string;
  alias?: string | undefined;
  /** Company of the profile the alias names, when known. */
  aliasCompanyId?: number | null | undefined;
  supervisedCompanyIds: readonly number[];
};

/**
 * Spec §2 Route guards for the dashboard, as a pure decision: returns the path
 * to redirect to, or null to stay. Session checks happen before this.
 */
export function dashboardRedirect(g: GuardInput): string | null {
  if (!(REPORTS as readonly string[]).includes(g.report)) return '/home';
  // The divisions console is platform work (not in the spec's screens): superadmins only.
  if (g.report === 'divisions') return g.role === 'superadmin' ? null : '/home';
  // The audit log: every division's for superadmins, their own divisions' for supervisors (issue #28).
  if (g.report === 'audit') return g.role === 'user' ? '/home' : null;
  // A supervisor's division sign-in and integrations (issue #28, #29); superadmins set them in the divisions console.
  if (g.report === 'integrations') return g.role === 'supervisor' ? null : g.role === 'superadmin' ? '/divisions' : '/home';
  if (g.role === 'user') {
    if (g.report === 'templates' || g.report === 'manage-templates' || g.report === 'approvals') return '/self-service';
    if (g.report === 'users') return '/self-service';
    return null;
  }
  if (g.report === 'self-service' && !g.alias) return '/home';
  if (g.role === 'supervisor' && g.alias && (g.report === 'self-service' || g.report === 'templates' || g.report === 'manage-templates')) {
    // A supervisor may only open profiles of the divisions they supervise.
    if (g.aliasCompanyId != null && !g.supervisedCompanyIds.includes(g.aliasCompanyId)) {
      return g.report === 'self-service' ? '/users' : '/templates';
    }
  }
  return null;
}

/** Where a signed-in visitor of /sign-in or /register goes (spec §2 Routes). */
export function signedInHome(role: Role): string {
  return role === 'user' ? '/self-service' : '/home';
}

/** The first segment of a dashboard alias is the profile id (spec §2). */
export function profileIdFromAlias(alias: string | undefined): number | null {
  const first = alias?.split('_')[0];
  return first && /^\d+$/.test(first) ? Number(first) : null;
}

export const SETTINGS_HASHES = ['settings', 'billing', 'passkeys', 'faq', 'legal', 'support', 'manage-notifications', 'delete-account'] as const;
