import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

type Props = { title: string; description?: ReactNode; actions?: ReactNode };

/** The title row every dashboard page starts with; it also names the browser tab. */
export function PageHeader({ title, description, actions }: Props) {
  useEffect(() => {
    const previous = document.title;
    const hub = previous.split(' · ').at(-1) ?? previous;
    document.title = `${title} · ${hub}`;
    return () => {
      document.title = hub;
    };
  }, [title]);

  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="xl" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }} lts="-0.02em" textWrap="balance" className="ph-page-title">
          {title}
        </Title>
        {/* A div: descriptions hold avatars and groups, which a <p> may not contain. */}
        {description ? (
          <Text c="dimmed" component="div">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions}
    </Group>
  );
}
