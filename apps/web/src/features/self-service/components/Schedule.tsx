import { Badge, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { formatExpiry, type ScheduledItem, scheduleState } from '@profilehub/shared';
import { fromLocalInput, localZoneName, toLocalInput } from './local-time.ts';

type Schedule = { showFrom?: string | undefined; showUntil?: string | undefined };

/**
 * Where a button or link stands on the published page (issue #30): "Hidden" when switched off,
 * "Scheduled: from … until …" while a window is ahead or open, "Ended" once it closed. Nothing
 * for an item always shown. Times in the browser's zone.
 */
export function ScheduleBadge({ item, now = Date.now() }: { item: ScheduledItem; now?: number }) {
  const state = scheduleState(item, now);
  if (state === 'always') return null;
  if (state === 'off') {
    return (
      <Badge size="xs" color="gray" variant="light">
        Hidden
      </Badge>
    );
  }
  if (state === 'ended') {
    return (
      <Tooltip label={`Not shown since ${formatExpiry(item.showUntil ?? '')}`}>
        <Badge size="xs" color="red" variant="light">
          Ended
        </Badge>
      </Tooltip>
    );
  }
  const from = item.showFrom ? ` from ${formatExpiry(item.showFrom)}` : '';
  const until = item.showUntil ? ` until ${formatExpiry(item.showUntil)}` : '';
  return (
    <Badge
      size="xs"
      color={state === 'upcoming' ? 'yellow' : 'teal'}
      variant="light"
      tt="none"
      // Wraps on a phone rather than cutting off the dates.
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {`Scheduled:${from}${until}`}
    </Badge>
  );
}

/**
 * A button's or link's schedule: shown from / until, in the browser's local time with its zone
 * named; stored in UTC. Either may stay empty (no bound). `errors` are the problems of the two paths.
 */
export function ScheduleFields({
  item,
  name,
  disabled,
  errors,
  onChange,
}: {
  item: Schedule;
  /** The item as a person calls it ("Website"), for the inputs' accessible names. */
  name: string;
  disabled: boolean;
  errors: { showFrom?: string | undefined; showUntil?: string | undefined };
  onChange: (patch: Schedule) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Schedule
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          type="datetime-local"
          label="Show from"
          aria-label={`${name} show from`}
          value={toLocalInput(item.showFrom)}
          disabled={disabled}
          error={errors.showFrom}
          onChange={(e) => onChange({ showFrom: fromLocalInput(e.currentTarget.value) })}
        />
        <TextInput
          type="datetime-local"
          label="Show until"
          aria-label={`${name} show until`}
          value={toLocalInput(item.showUntil)}
          disabled={disabled}
          error={errors.showUntil}
          onChange={(e) => onChange({ showUntil: fromLocalInput(e.currentTarget.value) })}
        />
      </SimpleGrid>
      <Group gap={4}>
        <Text size="xs" c="dimmed">
          Times are in your time zone, {localZoneName()}. Leave a field empty for no limit; the page changes by itself at these times.
        </Text>
      </Group>
    </Stack>
  );
}
