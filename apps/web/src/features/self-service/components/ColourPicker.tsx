import { ColorInput, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ColourValue } from '@profilehub/shared';
import type { ReactNode } from 'react';

/** Spec §3 Colour value: a solid colour, or a linear gradient of two colours at a degree. */
function gradientCss(from: string, to: string, degree: number): string {
  return `linear-gradient(${degree}deg, ${from} 0%, ${to} 100%)`;
}

/** Reads the two stops of a gradient we wrote (`linear-gradient(135deg, #a 0%, #b 100%)`). */
function stopsOf(value: ColourValue | undefined): [string, string] {
  const found = /linear-gradient\(\s*[\d.]+deg\s*,\s*([^,]+?)\s+0%\s*,\s*([^,]+?)\s+100%\s*\)/.exec(value?.css ?? '');
  const first = value?.color ?? '#000000';
  return [found?.[1] ?? first, found?.[2] ?? first];
}

type Props = {
  label: string;
  /** What the label shows (a lock and tooltip for a child); `label` by default. */
  heading?: ReactNode;
  required?: boolean;
  value: ColourValue | undefined;
  onChange: (value: ColourValue | undefined) => void;
  disabled?: boolean;
  error?: string | undefined;
  withGradient?: boolean;
};

/** The colour picker with gradients (spec §2 Appearance and branding): solid / gradient and the degree. */
export function ColourPicker({ label, heading, required, value, onChange, disabled, error, withGradient = true }: Props) {
  const mode = value?.mode ?? 'solid';
  const [from, to] = stopsOf(value);
  const degree = value?.degree ?? 90;
  const setSolid = (color: string) => onChange(color ? { color, css: color, mode: 'solid' } : undefined);
  const setGradient = (a: string, b: string, deg: number) => onChange({ color: a, css: gradientCss(a, b, deg), mode: 'gradient', degree: deg });

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} component="div">
          {heading ?? label}
          {required ? (
            <Text span c="red" aria-hidden>
              {' '}
              *
            </Text>
          ) : null}
        </Text>
        {withGradient ? (
          <SegmentedControl
            size="xs"
            value={mode}
            disabled={disabled}
            aria-label={`${label}: solid or gradient`}
            data={[
              { label: 'Solid', value: 'solid' },
              { label: 'Gradient', value: 'gradient' },
            ]}
            onChange={(m) => (m === 'gradient' ? setGradient(from, to, degree) : setSolid(from))}
          />
        ) : null}
      </Group>
      {mode === 'solid' ? (
        <ColorInput aria-label={label} value={value?.color ?? ''} onChange={setSolid} disabled={disabled} error={error} format="hex" placeholder="#000000" />
      ) : (
        <Group gap="xs" grow wrap="nowrap" align="flex-start">
          <ColorInput aria-label={`${label} from`} value={from} onChange={(c) => setGradient(c, to, degree)} disabled={disabled} format="hex" />
          <ColorInput aria-label={`${label} to`} value={to} onChange={(c) => setGradient(from, c, degree)} disabled={disabled} format="hex" />
          <NumberInput
            aria-label={`${label} degree`}
            value={degree}
            min={0}
            max={360}
            suffix="°"
            maw={90}
            disabled={disabled}
            onChange={(d) => setGradient(from, to, typeof d === 'number' ? d : 0)}
            error={error}
          />
        </Group>
      )}
    </Stack>
  );
}
