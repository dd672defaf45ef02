import { Group, Text } from '@mantine/core';
import type { WhiteLabel } from '@profilehub/shared';
import classes from './BrandLogo.module.css';

type Props = {
  whiteLabel: WhiteLabel | null;
  name: string;
  /** The background the logo sits on: a dark one takes the light logo. */
  on?: 'light' | 'dark';
  height?: number;
};

/** The white-label logo (dark or light variant), or the product's wordmark. */
export function BrandLogo({ whiteLabel, name, on = 'light', height = 36 }: Props) {
  const src = on === 'dark' ? (whiteLabel?.light_logo ?? whiteLabel?.logo) : (whiteLabel?.logo ?? whiteLabel?.light_logo);
  if (src) return <img className={classes.image} src={src} alt={name} style={{ height }} />;
  return (
    <Group gap={10} wrap="nowrap" className={classes.wordmark} data-on={on} aria-label={name} role="img">
      <svg width={height * 0.9} height={height * 0.9} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--mantine-primary-color-filled)" />
        <path d="M11 8h7a6 6 0 0 1 0 12h-3v4h-4zm4 4v4h3a2 2 0 0 0 0-4z" fill="#fff" />
      </svg>
      <Text component="span" fw={700} fz={height * 0.55} className={classes.name}>
        {name}
      </Text>
    </Group>
  );
}
