import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page whose content arrives in a later release. */
export function ComingSoon({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <EmptyState variant="light" size="lg" icon={icon} title={title} description="This page arrives in a later release." />
    </Paper>
  );
}
