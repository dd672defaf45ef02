import '@mantine/core/styles/Radio.layer.css';
import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type DeactivateMember,
  OFFBOARDING_MESSAGES,
  OFFBOARDING_OUTCOME_LABELS,
  OFFBOARDING_OUTCOMES,
  type OffboardingOutcome,
  type UserRow,
} from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usersListOptions } from '../api/get-users.ts';

/**
 * The users list's "Deactivate…" (issue #28 offboarding): what the person's public page does from
 * now on, and for a successor, whose page: a search of the division's published people.
 */
export function DeactivateDialog({ row, onClose, onConfirm }: { row: UserRow | null; onClose: () => void; onConfirm: (body: DeactivateMember) => void }) {
  const [outcome, setOutcome] = useState<OffboardingOutcome>('successor');
  const [successor, setSuccessor] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search, 250);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!row) return;
    setOutcome('successor');
    setSuccessor(null);
    setSearch('');
    setTried(false);
  }, [row]);

  const people = useQuery({
    ...usersListOptions({ filter, companyIds: row ? [row.companyId] : [], tab: 'published', sort: { orderBy: 'NAME', order: 'asc' }, page: 0 }),
    enabled: row !== null && outcome === 'successor',
  });
  const options = (people.data?.data ?? [])
    .filter((p) => p.userId !== null && p.userId !== row?.userId && p.deactivatedAt === null && p.publishedAt !== null)
    .map((p) => ({ value: String(p.id), label: p.jobTitle ? `${p.fullName} · ${p.jobTitle}` : p.fullName }));

  const missing = outcome === 'successor' && successor === null;
  const submit = () => {
    setTried(true);
    if (!row || missing) return;
    onConfirm({ companyId: row.companyId, outcome, ...(outcome === 'successor' ? { successorProfileId: Number(successor) } : {}) });
  };

  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `Deactivate ${row.fullName}` : 'Deactivate'} centered size="lg">
      {row ? (
        <Stack>
          <Text size="sm">
            {row.fullName} can no longer sign in to {row.companyName} from their next step in the hub. Choose what their public page does from now on.
          </Text>
          <Radio.Group value={outcome} onChange={(v) => setOutcome(v as OffboardingOutcome)} label="Their public page" required>
            <Stack gap="sm" mt="xs">
              {OFFBOARDING_OUTCOMES.map((o) => (
                <Radio key={o} value={o} label={OFFBOARDING_OUTCOME_LABELS[o].label} description={OFFBOARDING_OUTCOME_LABELS[o].description} />
              ))}
            </Stack>
          </Radio.Group>
          {outcome === 'successor' ? (
            <Select
              label="Successor"
              placeholder="Search the division’s people"
              searchable
              clearable
              data={options}
              value={successor}
              onChange={setSuccessor}
              searchValue={search}
              onSearchChange={setSearch}
              // The list call searches; every option it returns is shown.
              filter={({ options: all }) => all}
              nothingFoundMessage={people.isFetching ? 'Searching…' : 'No one found'}
              error={tried && missing ? OFFBOARDING_MESSAGES.successorRequired : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            Reactivating them later restores their access, their page, and the contacts and statistics moved to the successor.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={submit}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
