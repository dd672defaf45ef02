import '../../components/list/mantine-styles.ts';
import { Button, Group, MultiSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_MESSAGES, AUDIT_PAGE_SIZE, type AuditEntry } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DivisionFilter } from '../../components/list/DivisionFilter.tsx';
import { ListPager } from '../../components/list/ListPager.tsx';
import { ListStatus } from '../../components/list/ListStatus.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDownload } from '../../lib/download.ts';
import { usePhone } from '../../lib/use-phone.ts';
import type { AuditFilters } from './api/audit-query.ts';
import { exportAudit } from './api/export-audit.ts';
import { auditOptions } from './api/get-audit.ts';
import { AuditChanges } from './components/AuditChanges.tsx';

const EMPTY: AuditFilters = { actor: '', actions: [], companyIds: [], from: '', to: '', q: '' };
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor)
    return (
      <Text size="sm" c="dimmed">
        {entry.actorId === null ? 'System' : `User ${entry.actorId}`}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {entry.actor.name}
      </Text>
      {entry.actor.name !== entry.actor.email ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.actor.email}
        </Text>
      ) : null}
    </Stack>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <Stack gap={0}>
      {entry.company ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.company.title}
        </Text>
      ) : null}
      {entry.target ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.target}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The audit log (superadmins; a supervisor's holds their divisions): who did what, when, to which division, and what changed
 * (before → after); filtered by actor, action, division, dates and free text, paged newest
 * first, and exported with the same filters.
 */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [page, setPage] = useState(0);
  const phone = usePhone();
  // Typing settles before the list asks the server.
  const [settled] = useDebouncedValue(filters, 300);
  const rangeWrong = Boolean(filters.from && filters.to && filters.to < filters.from);
  const list = useQuery({ ...auditOptions({ ...settled, page, pageSize: AUDIT_PAGE_SIZE }), enabled: !rangeWrong });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);
  const { downloading, download } = useDownload(exportAudit);

  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(0);
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Sign-ins, publishes, approvals and every operator action: who did it, when, to which division, and what changed."
        actions={
          <Group gap="xs">
            <Button variant="default" loading={downloading} disabled={rangeWrong} onClick={() => download(filters, 'csv')}>
              Export CSV
            </Button>
            <Button variant="default" loading={downloading} disabled={rangeWrong} onClick={() => download(filters, 'xlsx')}>
              Export XLSX
            </Button>
          </Group>
        }
      />
      <Group mb="md" align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Actor"
          placeholder="Email, name or user id"
          type="search"
          value={filters.actor}
          onChange={(e) => set('actor', e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        <MultiSelect
          label="Action"
          placeholder={filters.actions.length ? undefined : 'All actions'}
          data={[...AUDIT_ACTIONS]}
          value={filters.actions}
          onChange={(v) => set('actions', v)}
          searchable
          clearable
          w={{ base: '100%', sm: 'auto' }}
          miw={200}
          maw={{ base: '100%', sm: 360 }}
        />
        <DivisionFilter value={filters.companyIds} onChange={(ids) => set('companyIds', ids)} />
        <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }} align="flex-start">
          <TextInput label="From" type="date" value={filters.from} onChange={(e) => set('from', e.currentTarget.value)} style={{ flex: 1 }} miw={0} />
          <TextInput
            label="To"
            type="date"
            value={filters.to}
            onChange={(e) => set('to', e.currentTarget.value)}
            error={rangeWrong ? AUDIT_MESSAGES.toBeforeFrom : undefined}
            style={{ flex: 1 }}
            miw={0}
          />
        </Group>
        <TextInput
          label="Search"
          placeholder="Target or changed value"
          type="search"
          value={filters.q}
          onChange={(e) => set('q', e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {list.isSuccess && !rangeWrong ? `${total} ${total === 1 ? 'entry' : 'entries'}` : null}
      </Text>
      {rangeWrong ? null : phone ? (
        <Stack gap="sm">
          {rows.map((e) => (
            <Paper key={e.id} withBorder p="md" radius="md" data-testid="audit-entry">
              <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
                <Text size="sm" fw={600}>
                  {e.action}
                </Text>
                <Text size="xs" c="dimmed">
                  {WHEN.format(new Date(e.at))}
                </Text>
              </Group>
              <Actor entry={e} />
              <Target entry={e} />
              <Stack mt={6}>
                <AuditChanges entry={e} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Before → after</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id} data-testid="audit-entry">
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    <Text size="sm">{WHEN.format(new Date(e.at))}</Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Actor entry={e} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Text size="sm">{e.action}</Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Target entry={e} />
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top', maxWidth: 420 }}>
                    <AuditChanges entry={e} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rangeWrong ? null : (
        <ListStatus
          isPending={list.isPending}
          isSuccess={list.isSuccess}
          isError={list.isError}
          error={list.error}
          empty={rows.length === 0}
          filtered={filtered}
          onClear={() => {
            setFilters(EMPTY);
            setPage(0);
          }}
          emptyHint="Nothing recorded yet: operator actions appear here as they happen."
        />
      )}
      {rangeWrong ? null : <ListPager page={page} pageSize={AUDIT_PAGE_SIZE} total={total} onChange={setPage} />}
    </>
  );
}
