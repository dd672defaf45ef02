import { ActionIcon, Anchor, Avatar, Box, Card, Center, Group, Loader, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { formatCount, formatShare, type ReportItem, STATS_TEXTS, type StatRow, sumRow } from '@profilehub/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons.tsx';

/**
 * A statistics card: a title, an optional figure beside it, and its body (or the spec's
 * empty-chart text). It fills its grid row, so cards side by side line up; `fit` keeps a
 * card of few rows to its content instead of stretching it beside a long one.
 */
export function StatCard({
  title,
  aside,
  empty,
  fit = false,
  children,
}: {
  title: string;
  aside?: ReactNode;
  empty?: boolean;
  fit?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={title}
      h={fit ? undefined : '100%'}
      style={fit ? { alignSelf: 'start' } : undefined}
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="xs" wrap="wrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {aside}
      </Group>
      {empty ? <NoData /> : children}
    </Card>
  );
}

function NoData() {
  return (
    <Center mih={120}>
      <Text c="dimmed" size="sm" ta="center">
        {STATS_TEXTS.noData}
      </Text>
    </Center>
  );
}

export function ChartLoader() {
  return (
    <Center mih={180}>
      <Loader size="sm" aria-label="Loading chart" />
    </Center>
  );
}

/** Your top interactions: up to 30 rows with count and share (spec §9 '<1' for under 1%). */
export function TopInteractionsList({ items, total }: { items: ReportItem[]; total: number }) {
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item, i) => (
        <Box component="li" key={`${item.action}-${item.type}-${item.label}`}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Box miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={500} truncate="end" title={item.label}>
                {i + 1}. {item.label}
              </Text>
              {item.title && item.title !== item.label ? (
                <Text size="xs" c="dimmed">
                  {item.title}
                </Text>
              ) : null}
            </Box>
            <Text size="sm" fw={600} aria-label={`${item.data} times`}>
              {formatCount(item.data)}
            </Text>
            <Text size="sm" c="dimmed" w={44} ta="right">
              {formatShare(item.data, total)}%
            </Text>
          </Group>
          <Progress value={total ? (item.data / total) * 100 : 0} size="xs" mt={4} aria-hidden />
        </Box>
      ))}
    </Stack>
  );
}

/** Getting in touch / Actions: one line per row of the spec, counted from the interactions report. */
export function CountRows({ rows, items, extra }: { rows: StatRow[]; items: ReportItem[]; extra?: Record<string, { count: number; action?: ReactNode }> }) {
  return (
    <Stack gap={0} component="dl" m={0}>
      {rows.map((row) => {
        const count = extra?.[row.key]?.count ?? sumRow(row, items);
        return (
          <Group key={row.key} justify="space-between" py={10} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} wrap="nowrap">
            <Text component="dt" size="sm">
              {row.label}
            </Text>
            <Group component="dd" m={0} gap="xs" wrap="nowrap">
              <Text fw={600}>{formatCount(count)}</Text>
              {extra?.[row.key]?.action}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}

/** Superadmin: the industry average of each interaction kind per published profile. */
export function AverageRows({ items }: { items: ReportItem[] }) {
  return (
    <Stack gap={0} component="dl" m={0}>
      {items.map((item) => (
        <Group
          key={`${item.action}-${item.type}`}
          justify="space-between"
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          wrap="nowrap"
        >
          <Text component="dt" size="sm">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {item.data >= 1000 ? formatCount(item.data) : item.data.toFixed(1)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Top viewed profiles: the 15 most viewed, each linking to that profile's statistics. */
export function TopProfilesList({ items, linkOf }: { items: ReportItem[]; linkOf: (item: ReportItem) => string }) {
  return (
    <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item, i) => (
        <Group component="li" key={item.profileId} gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" w={22} ta="right">
            {i + 1}
          </Text>
          <Avatar src={item.picture ?? null} alt="" size={32} radius="xl" name={item.label} color="initials" />
          <Anchor component={Link} to={linkOf(item)} size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate="end">
            {item.label}
          </Anchor>
          <Tooltip label={`${item.visitors ?? 0} unique visitors`}>
            <Text size="sm" fw={600}>
              {formatCount(item.data)}
            </Text>
          </Tooltip>
        </Group>
      ))}
    </Stack>
  );
}

export function DownloadButton({ label, onClick, loading }: { label: string; onClick: () => void; loading: boolean }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" aria-label={label} onClick={onClick} loading={loading}>
        <Icon size={16}>
          <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
        </Icon>
      </ActionIcon>
    </Tooltip>
  );
}
