import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { combineFlags, type HomeTile, homeTiles, MARKETPLACE_LINK } from '@profilehub/shared';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { IconApprovals, IconChart, IconEdit, IconShop, IconTemplates, IconUserPlus, IconUsers } from '../../components/dashboard-icons.tsx';
import { IconExternal, IconHelp } from '../../components/icons.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCurrentUser } from '../../lib/queries.ts';
import { useBranding } from '../../lib/white-label.ts';
import classes from './HomePage.module.css';

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  'edit-profile': IconEdit,
  statistics: IconChart,
  invite: IconUserPlus,
  users: IconUsers,
  templates: IconTemplates,
  approvals: IconApprovals,
  marketplace: IconShop,
  support: IconHelp,
};

/** Home (spec §2 Home tiles): the actions this person can take, as tiles. */
export function HomePage() {
  const me = useCurrentUser();
  const branding = useBranding();
  const tiles = homeTiles(me.role, combineFlags(me.companies), {
    whiteLabelled: Boolean(branding.whiteLabel),
    supportHref: branding.supportHref,
    marketplaceHref: MARKETPLACE_LINK,
  });

  return (
    <>
      <PageHeader title="What would you like to do ?" />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
        {tiles.map((tile) => (
          <Tile key={tile.key} tile={tile} />
        ))}
      </SimpleGrid>
    </>
  );
}

function Tile({ tile }: { tile: HomeTile }) {
  const Icon = ICONS[tile.key] ?? IconChart;
  const mail = tile.to.startsWith('mailto:');
  const card = (
    <Card radius="lg" withBorder padding="lg" className={classes.card}>
      <ThemeIcon size={48} radius="md" variant="light" className={classes.icon}>
        <Icon size={24} />
      </ThemeIcon>
      <div className={classes.text}>
        <Text fw={700} fz="lg" className={classes.title}>
          {tile.title}
          {tile.external ? <IconExternal size={14} className={classes.external} /> : null}
        </Text>
        {tile.subtitle ? (
          <Text c="dimmed" size="sm">
            {tile.subtitle}
          </Text>
        ) : null}
      </div>
    </Card>
  );
  if (!tile.external) {
    return (
      <UnstyledButton component={Link} to={tile.to} className={classes.tile}>
        {card}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton component="a" href={tile.to} target={mail ? undefined : '_blank'} rel={mail ? undefined : 'noopener noreferrer'} className={classes.tile}>
      {card}
    </UnstyledButton>
  );
}
