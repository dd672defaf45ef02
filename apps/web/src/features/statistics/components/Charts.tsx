import '@mantine/charts/styles.layer.css';
import { LineChart, PieChart } from '@mantine/charts';
import { Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { formatCount, formatShare, lineChartWidth, type ReportItem } from '@profilehub/shared';
import { useEffect, useRef } from 'react';

/**
 * The two charts of the statistics page, with @mantine/charts (recharts). This
 * module is loaded lazily by the page, so no other screen downloads recharts.
 */

type Slice = { label: string; data: number };

/**
 * Room beside the 48 px per point (spec §9): the y axis's labels, and half a month label
 * ('Nov 26') before the first point and after the last, so neither edge label is cut and
 * every point keeps its full 48 px (labels closer than that are dropped by the chart).
 */
const Y_AXIS_WIDTH = 44;
const EDGE_PADDING = 24;

/** Spec §2 Top profile interactions: a pie of the top 5 kinds plus 'Other', with a legend that reads without colour. */
export function InteractionsPie({ slices, colors }: { slices: Slice[]; colors: string[] }) {
  const total = slices.reduce((s, x) => s + x.data, 0);
  const data = slices.map((s, i) => ({ name: s.label, value: s.data, color: colors[i % colors.length] ?? 'gray' }));
  return (
    <Group align="center" justify="center" gap="lg" wrap="wrap">
      <Box role="img" aria-label="Top profile interactions chart">
        <PieChart data={data} size={180} withTooltip tooltipDataSource="segment" strokeWidth={1} />
      </Box>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none', minWidth: 180 }}>
        {data.map((d) => (
          <Group component="li" key={d.name} gap={8} wrap="nowrap">
            <Box w={12} h={12} style={{ borderRadius: 3, background: d.color, flex: 'none' }} aria-hidden />
            <Text size="sm" style={{ flex: 1 }} truncate="end">
              {d.name}
            </Text>
            <Text size="sm" fw={600}>
              {formatCount(d.value)}
            </Text>
            <Text size="xs" c="dimmed" w={36} ta="right">
              {formatShare(d.value, total)}%
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

/**
 * Spec §2/§9 Profile views: a line, 48 px per data point, scrolling sideways when it is
 * wider than its card. It opens on the newest days (the end people look for), and its
 * legend stays above the scrolling part so it is never cut off.
 */
export function ViewsLine({ items, color }: { items: ReportItem[]; color: string }) {
  const data = items.map((i) => ({ point: i.title ?? i.label, Views: i.data, Visitors: i.visitors ?? 0 }));
  const viewport = useRef<HTMLDivElement>(null);
  const points = data.length;
  // Again whenever the number of points changes (another range was chosen).
  useEffect(() => {
    const el = viewport.current;
    if (el && points > 0) el.scrollLeft = el.scrollWidth;
  }, [points]);
  return (
    <Stack gap={4}>
      <Group gap="md" justify="center" aria-hidden="true">
        <LegendKey color={color} label="Views" />
        <LegendKey color="var(--mantine-color-gray-6)" label="Visitors" dashed />
      </Group>
      <ScrollArea type="auto" offsetScrollbars viewportRef={viewport}>
        <Box w={lineChartWidth(data.length, 280) + Y_AXIS_WIDTH + 2 * EDGE_PADDING} miw="100%" role="img" aria-label="Profile views chart">
          <LineChart
            h={200}
            data={data}
            dataKey="point"
            series={[
              { name: 'Views', color },
              { name: 'Visitors', color: 'gray.6', strokeDasharray: '5 5' },
            ]}
            curveType="monotone"
            valueFormatter={formatCount}
            tickLine="none"
            gridAxis="y"
            xAxisProps={{ padding: { left: EDGE_PADDING, right: EDGE_PADDING }, interval: 'preserveStartEnd' }}
            yAxisProps={{ width: Y_AXIS_WIDTH }}
          />
        </Box>
      </ScrollArea>
    </Stack>
  );
}

function LegendKey({ color, label, dashed = false }: { color: string; label: string; dashed?: boolean }) {
  const stroke = color.includes('(') || color.startsWith('#') ? color : `var(--mantine-color-${color.replace('.', '-')})`;
  return (
    <Group gap={6} wrap="nowrap">
      <svg width="22" height="8" viewBox="0 0 22 8" aria-hidden="true">
        <line x1="1" y1="4" x2="21" y2="4" stroke={stroke} strokeWidth="2.5" strokeDasharray={dashed ? '5 4' : undefined} />
      </svg>
      <Text size="sm">{label}</Text>
    </Group>
  );
}
