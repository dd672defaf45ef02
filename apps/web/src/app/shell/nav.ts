import type { SideLink } from '@profilehub/shared';

/** The report a dashboard path shows: `/users/12_3` → 'users'. */
export function reportOfPath(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** Spec §2: Users is also active on self-service, Templates on manage-templates. */
export function isLinkActive(link: SideLink, report: string): boolean {
  return (link.activeOn as readonly string[]).includes(report);
}
