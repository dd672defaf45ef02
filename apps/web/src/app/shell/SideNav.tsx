import { Badge, NavLink, VisuallyHidden } from '@mantine/core';
import type { SideLink } from '@profilehub/shared';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  IconApprovals,
  IconAudit,
  IconChart,
  IconContacts,
  IconDivisions,
  IconHome,
  IconIntegrations,
  IconProfile,
  IconTemplates,
  IconUsers,
} from '../../components/dashboard-icons.tsx';
import { isLinkActive } from './nav.ts';
import classes from './shell.module.css';

const ICONS: Record<SideLink['key'], ComponentType<{ size?: number }>> = {
  home: IconHome,
  divisions: IconDivisions,
  approvals: IconApprovals,
  statistics: IconChart,
  users: IconUsers,
  templates: IconTemplates,
  profile: IconProfile,
  audit: IconAudit,
  contacts: IconContacts,
  integrations: IconIntegrations,
};

type Props = { links: SideLink[]; report: string; pendingApprovals: number; onNavigate?: () => void };

/** The side navigation of spec §2; Approvals carries a red badge with the pending count. */
export function SideNav({ links, report, pendingApprovals, onNavigate }: Props) {
  return (
    <nav aria-label="Main" className={classes.nav}>
      {links.map((link) => {
        const Icon = ICONS[link.key];
        const active = isLinkActive(link, report);
        return (
          <NavLink
            key={link.key}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={<Icon size={20} />}
            rightSection={
              link.key === 'approvals' && pendingApprovals > 0 ? (
                // The number is for the eye; the link's accessible name reads 'Approvals 3 pending approvals'.
                <Badge color="red" size="sm" circle={pendingApprovals < 10} data-testid="pending-approvals">
                  <span aria-hidden="true">{pendingApprovals}</span>
                  <VisuallyHidden>{pendingApprovals} pending approvals</VisuallyHidden>
                </Badge>
              ) : null
            }
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            className={classes.navLink}
            variant="light"
          />
        );
      })}
    </nav>
  );
}
