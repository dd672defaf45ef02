import { Accordion } from '@mantine/core';
import type { SideLink } from '@profilehub/shared';
import { IconMenu } from '../../components/dashboard-icons.tsx';
import { isLinkActive } from './nav.ts';
import { SideNav } from './SideNav.tsx';
import classes from './shell.module.css';

type Props = { links: SideLink[]; report: string; pendingApprovals: number; opened: boolean; onOpenedChange: (opened: boolean) => void };

/** On phones the side navigation folds into an accordion above the page (spec §2 Main shell). */
export function MobileNav({ links, report, pendingApprovals, opened, onOpenedChange }: Props) {
  const current = links.find((link) => isLinkActive(link, report))?.label ?? 'Menu';
  return (
    <Accordion
      value={opened ? 'nav' : null}
      onChange={(value) => onOpenedChange(value === 'nav')}
      variant="separated"
      radius="md"
      className={classes.mobileNav}
      hiddenFrom="sm"
    >
      <Accordion.Item value="nav">
        <Accordion.Control icon={<IconMenu size={18} />} aria-label={`Navigation, current page ${current}`}>
          {current}
        </Accordion.Control>
        <Accordion.Panel>
          <SideNav links={links} report={report} pendingApprovals={pendingApprovals} onNavigate={() => onOpenedChange(false)} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
