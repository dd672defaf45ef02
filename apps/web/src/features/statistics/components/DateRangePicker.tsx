import { Button, Divider, Group, Modal, Popover, RangeSlider, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  DATE_PRESETS,
  type DayRange,
  formatMonth,
  monthStart,
  presetOf,
  presetRange,
  STATS_TEXTS,
  sliderMonth,
  sliderRange,
  sliderStep,
  sliderValues,
  todayUtc,
} from '@profilehub/shared';
import { useState } from 'react';
import { IconChart } from '../../../components/dashboard-icons.tsx';
import { rangeTitle } from '../statistics-rules.ts';

/** The month slider spans the last twelve months (spec §2: profile visits for up to 12 months). */
const SLIDER_MONTHS = 12;

type Props = { value: DayRange; onChange: (range: DayRange) => void; today?: string };

/**
 * Spec §2 Date picker: 'Select Date Range' with every preset, From / To
 * calendars applied with 'Select', and the month slider 'Slide to select date
 * range' (0 to 100, one month a step). A dropdown on wide screens; on a phone a
 * full-screen dialog that scrolls inside itself, so both calendars and Select stay
 * within reach (a dropdown taller than the screen closed as soon as the page scrolled).
 */
export function DateRangePicker({ value, onChange, today = todayUtc() }: Props) {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState<string | null>(value.start);
  const [to, setTo] = useState<string | null>(value.end);
  const [slider, setSlider] = useState<[number, number]>(() => sliderValues(value, SLIDER_MONTHS, today));
  const active = presetOf(value, today);
  const step = sliderStep(SLIDER_MONTHS);
  const firstMonth = monthStart(today, -(SLIDER_MONTHS - 1));

  const apply = (range: DayRange) => {
    onChange(range);
    setFrom(range.start);
    setTo(range.end);
    setSlider(sliderValues(range, SLIDER_MONTHS, today));
    setOpened(false);
  };
  const toggle = () => {
    if (!opened) {
      setFrom(value.start);
      setTo(value.end);
      setSlider(sliderValues(value, SLIDER_MONTHS, today));
    }
    setOpened((o) => !o);
  };

  const wide = useMediaQuery('(min-width: 48em)', true);
  const monthOf = (v: number) => formatMonth(sliderMonth(v, SLIDER_MONTHS, today), 'MMM yyyy');
  const trigger = (
    <Button variant="default" leftSection={<IconChart size={16} />} onClick={toggle} aria-haspopup="dialog" aria-expanded={opened}>
      {STATS_TEXTS.selectDateRange}
    </Button>
  );

  const body = (
    <Stack gap="md">
      {wide ? <Text fw={600}>{STATS_TEXTS.selectDateRange}</Text> : null}
      <Group gap={6} role="group" aria-label="Presets">
        {DATE_PRESETS.map((preset) => (
          <Button key={preset} size="compact-sm" variant={active === preset ? 'filled' : 'light'} onClick={() => apply(presetRange(preset, today))}>
            {preset}
          </Button>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={4} align="center">
          <Text size="sm" fw={500} id="stats-from">
            From
          </Text>
          <DatePicker aria-labelledby="stats-from" size="sm" value={from} onChange={setFrom} maxDate={to ?? today} defaultDate={from ?? undefined} />
        </Stack>
        <Stack gap={4} align="center">
          <Text size="sm" fw={500} id="stats-to">
            To
          </Text>
          <DatePicker
            aria-labelledby="stats-to"
            size="sm"
            value={to}
            onChange={setTo}
            minDate={from ?? undefined}
            maxDate={today}
            defaultDate={to ?? undefined}
          />
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {from && to ? rangeTitle({ start: from, end: to }, today) : 'Pick a first and a last day'}
        </Text>
        <Button onClick={() => from && to && apply({ start: from, end: to })} disabled={!from || !to || from > to}>
          {STATS_TEXTS.select}
        </Button>
      </Group>
      <Divider />
      <Stack gap={4} pb="lg" px="md">
        <Text size="sm" fw={500} id="stats-slider">
          {STATS_TEXTS.slider}
        </Text>
        <RangeSlider
          aria-labelledby="stats-slider"
          thumbFromLabel="First month"
          thumbToLabel="Last month"
          min={0}
          max={100}
          step={step}
          minRange={0}
          value={slider}
          onChange={setSlider}
          onChangeEnd={(v) => apply(sliderRange(v, SLIDER_MONTHS, today))}
          label={(v) => formatMonth(sliderMonth(v, SLIDER_MONTHS, today), 'MMM yy')}
          // Screen readers hear the month, not the slider's 0–100 position.
          thumbValueText={monthOf}
          marks={[
            { value: 0, label: formatMonth(firstMonth, 'MMM yy') },
            { value: 100, label: formatMonth(today, 'MMM yy') },
          ]}
        />
      </Stack>
    </Stack>
  );

  if (!wide) {
    return (
      <>
        {trigger}
        <Modal opened={opened} onClose={() => setOpened(false)} fullScreen title={STATS_TEXTS.selectDateRange} closeButtonProps={{ 'aria-label': 'Close' }}>
          {body}
        </Modal>
      </>
    );
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width="min(680px, calc(100vw - 24px))" trapFocus>
      <Popover.Target>{trigger}</Popover.Target>
      <Popover.Dropdown aria-label={STATS_TEXTS.selectDateRange}>{body}</Popover.Dropdown>
    </Popover>
  );
}
