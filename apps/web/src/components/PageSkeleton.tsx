import '@mantine/core/styles/Skeleton.layer.css';
import { Box, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/**
 * What a screen shows while its code or data is on the way: the outline of a page (title,
 * a toolbar, cards or a form beside a preview) instead of a blank area with a spinner, so the
 * layout does not jump when the content arrives (issue 13 §11). Announced once as loading.
 */
export function PageSkeleton({ variant = 'cards' }: { variant?: 'cards' | 'editor' }) {
  return (
    <Stack gap="lg" role="status" aria-label="Loading" aria-busy="true" data-page-skeleton>
      <Skeleton height={36} width="min(22rem, 70%)" radius="sm" />
      {variant === 'editor' ? (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Stack gap="md" style={{ flex: 1 }}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Box key={i}>
                <Skeleton height={14} width="30%" mb={8} radius="sm" />
                <Skeleton height={42} radius="sm" />
              </Box>
            ))}
          </Stack>
          <Skeleton height={520} width={380} radius="lg" visibleFrom="md" />
        </Group>
      ) : (
        <>
          <Skeleton height={40} radius="sm" />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={132} radius="md" />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
