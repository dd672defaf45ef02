import { Anchor, Box, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCount, VIEW_SOURCE_TEXTS, type ViewSourcesResponse } from '@profilehub/shared';

/**
 * Where views come from (issue 30): the top values of each dimension with their share, and
 * DB-IP's attribution, which its licence (CC-BY 4.0) asks for where its countries are shown.
 */
export function ViewSourceLists({ report }: { report: ViewSourcesResponse }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" verticalSpacing="lg">
        {report.dimensions.map((d) => {
          const title = VIEW_SOURCE_TEXTS.dimensions[d.dimension];
          return (
            <Box key={d.dimension} component="section" aria-label={title} miw={0}>
              <Title order={3} fz="sm" fw={600} mb={6}>
                {title}
              </Title>
              {d.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No views yet
                </Text>
              ) : (
                <Stack gap={8} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                  {d.items.map((item) => (
                    <Box component="li" key={item.value}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" truncate="end" title={item.label} miw={0} style={{ flex: 1 }}>
                          {item.label}
                        </Text>
                        <Text size="sm" fw={600} aria-label={`${item.count} views`}>
                          {formatCount(item.count)}
                        </Text>
                        <Text size="sm" c="dimmed" w={48} ta="right">
                          {item.percentage}%
                        </Text>
                      </Group>
                      <Progress value={item.percentage} size="xs" mt={3} aria-hidden />
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
          );
        })}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Counted from each view's link tag, referring site, campaign and browser; no address or cookie is kept.{' '}
        <Anchor href={VIEW_SOURCE_TEXTS.attribution.href} target="_blank" rel="noreferrer" size="xs" underline="always">
          {VIEW_SOURCE_TEXTS.attribution.text}
        </Anchor>
      </Text>
    </Stack>
  );
}
