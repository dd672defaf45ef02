import { Button, Group, Modal, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core';
import { ICONS, type IconName, iconByName } from '@profilehub/profile-page/browser';
import { useMemo, useState } from 'react';
import classes from './editor.module.css';

/** One icon of the page's set, drawn from its constant SVG markup. */
function PageIcon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own constant icon markup (profile-page icons.ts), never user input.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}

const NAMES = Object.keys(ICONS) as IconName[];

/** The icon selector (spec §2 reusable part): the current icon and a button that opens the icon choice modal. */
export function IconSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string | undefined;
  onChange: (name: string) => void;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const current = iconByName(value);
  const shown = useMemo(() => NAMES.filter((n) => n.includes(query.trim().toLowerCase())), [query]);
  return (
    <div>
      <Text size="sm" fw={500} mb={6}>
        {label}
      </Text>
      <Group gap="xs">
        <span className={classes.iconPreview}>{current ? <PageIcon name={current} /> : null}</span>
        <Button variant="default" size="xs" onClick={() => setOpened(true)} disabled={disabled} aria-label={`Choose ${label.toLowerCase()}`}>
          {current ? 'Change icon' : 'Choose icon'}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Choose an icon" size="lg">
        <TextInput label="Search icons" value={query} onChange={(e) => setQuery(e.currentTarget.value)} mb="sm" data-autofocus />
        <SimpleGrid cols={{ base: 4, sm: 8 }} spacing="xs">
          {shown.map((name) => (
            <UnstyledButton
              key={name}
              className={classes.iconChoice}
              data-selected={name === current || undefined}
              aria-label={name}
              aria-pressed={name === current}
              onClick={() => {
                onChange(name);
                setOpened(false);
              }}
            >
              <PageIcon name={name} size={22} />
              <Text size="10px" truncate="end" maw="100%">
                {name}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Modal>
    </div>
  );
}
