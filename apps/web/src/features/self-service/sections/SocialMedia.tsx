import { ActionIcon, Button, Collapse, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { normalizeSocialUrl, SOCIAL_NETWORK_TITLES, SOCIAL_NETWORKS, type SocialLink, type SocialNetwork } from '@profilehub/shared';
import { useState } from 'react';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import classes from '../components/editor.module.css';
import { IconTrash } from '../components/editor-icons.tsx';
import { PartPermissions, PermissionToggles } from '../components/fields.tsx';
import { ScheduleBadge, ScheduleFields } from '../components/Schedule.tsx';
import { useEditor, useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';

/** Spec §2 Social media: each network once (spec §3), links normalised to https (spec §5), shown and scheduled like buttons (issue #30). */
export function SocialMedia() {
  const { permission } = useEditor();
  const [links = [], setLinks] = useField('socialLinks');
  const [choice, setChoice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SocialLink | null>(null);
  const collection = permission(['socialLinks']);
  const problems = useProblems();
  const available = SOCIAL_NETWORKS.filter((n) => !links.some((l) => l.key === n));
  const change = (key: string, patch: Partial<SocialLink>) => setLinks(links.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  return (
    <Stack gap="sm" data-field-key="socialLinks" id="field-socialLinks">
      <PartPermissions permissionKey="socialLinks" label="Social media" />
      {links.map((link, index) => (
        <SocialRow
          key={link.key}
          link={link}
          error={problems[`socialLinks.${index}.url`]}
          scheduleErrors={{ showFrom: problems[`socialLinks.${index}.showFrom`], showUntil: problems[`socialLinks.${index}.showUntil`] }}
          onChange={(patch) => change(link.key, patch)}
          onDelete={collection.edit ? () => setDeleting(link) : undefined}
        />
      ))}
      {collection.edit && available.length > 0 ? (
        <Group align="flex-end" gap="xs">
          <Select
            label="Add a social network"
            placeholder="Choose a network"
            data={available.map((n) => ({ value: n, label: SOCIAL_NETWORK_TITLES[n] }))}
            value={choice}
            onChange={setChoice}
            searchable
            w={220}
          />
          <Button
            variant="light"
            disabled={!choice}
            onClick={() => {
              if (!choice) return;
              const key = choice as SocialNetwork;
              setLinks([...links, { key, title: SOCIAL_NETWORK_TITLES[key], enabled: true, source: 'self' }]);
              setChoice(null);
            }}
          >
            Add
          </Button>
        </Group>
      ) : null}
      <ConfirmDelete item={deleting} what={(item) => SOCIAL_NETWORK_TITLES[item.key]} items={links} setItems={setLinks} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function SocialRow({
  link,
  error,
  scheduleErrors,
  onChange,
  onDelete,
}: {
  link: SocialLink;
  error: string | undefined;
  scheduleErrors: { showFrom?: string | undefined; showUntil?: string | undefined };
  onChange: (patch: Partial<SocialLink>) => void;
  onDelete: (() => void) | undefined;
}) {
  const access = useFieldAccess(link.key, { chain: ['socialLinks', link.key] });
  const [scheduling, setScheduling] = useState(Boolean(scheduleErrors.showFrom || scheduleErrors.showUntil));
  if (access.hidden) return null;
  const title = SOCIAL_NETWORK_TITLES[link.key];
  return (
    <Stack className={classes.item} gap={6} data-disabled={link.enabled === false || undefined} {...access.anchor}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" w={96} pt={8}>
          {title}
        </Text>
        <TextInput
          flex={1}
          aria-label={`${title} link`}
          placeholder={`${link.key}.com/you`}
          value={link.url ?? ''}
          disabled={access.locked}
          error={error}
          onChange={(e) => onChange({ url: e.currentTarget.value })}
          onBlur={(e) => onChange({ url: normalizeSocialUrl(e.currentTarget.value) })}
        />
        <Switch
          mt={8}
          aria-label={`Show ${title}`}
          checked={link.enabled !== false}
          disabled={access.locked}
          onChange={(e) => onChange({ enabled: e.currentTarget.checked })}
        />
        {onDelete && !access.locked ? (
          <ActionIcon mt={4} variant="subtle" color="red" aria-label={`Delete ${title}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        ) : null}
        <PermissionToggles permissionKey={link.key} label={title} />
      </Group>
      <Group gap="xs">
        <ScheduleBadge item={link} />
        <Button variant="subtle" size="compact-xs" aria-expanded={scheduling} aria-label={`Schedule ${title}`} onClick={() => setScheduling(!scheduling)}>
          Schedule
        </Button>
      </Group>
      <Collapse expanded={scheduling || Boolean(scheduleErrors.showFrom || scheduleErrors.showUntil)}>
        <ScheduleFields item={link} name={title} disabled={access.locked} errors={scheduleErrors} onChange={onChange} />
      </Collapse>
    </Stack>
  );
}
