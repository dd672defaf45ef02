import '../../components/list/mantine-styles.ts';
import './mantine-styles.ts';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type CompanyConsoleRow, FEATURE_FLAGS } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListPager } from '../../components/list/ListPager.tsx';
import { ListStatus } from '../../components/list/ListStatus.tsx';
import { SearchBox } from '../../components/list/SearchBox.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePhone } from '../../lib/use-phone.ts';
import { divisionsConsoleOptions } from './api/get-divisions-console.ts';
import { DivisionSettings } from './components/DivisionSettings.tsx';
import { NewDivisionModal } from './components/NewDivisionModal.tsx';

const PAGE_SIZE = 25;

/**
 * The divisions console (superadmins): every division, searched and paged; a new division;
 * `/divisions/{id}` opens one division's settings.
 */
export function DivisionsPage() {
  const { alias } = useParams();
  const id = alias && /^\d+$/.test(alias) ? Number(alias) : null;
  if (id !== null) return <DivisionSettings id={id} />;
  return <DivisionsList />;
}

function DivisionsList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const deferred = useDeferredValue(search.trim());
  const phone = usePhone();
  const list = useQuery(divisionsConsoleOptions({ search: deferred, page: page + 1, pageSize: PAGE_SIZE }));
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.pagination.total ?? 0;

  const flags = (c: CompanyConsoleRow) => FEATURE_FLAGS.filter((f) => c.feature_flags[f]);
  const name = (c: CompanyConsoleRow) => (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text component={Link} to={`/divisions/${c.id}`} fw={600} size="sm" c={c.archivedAt ? 'dimmed' : 'inherit'} td="none">
          {c.title}
        </Text>
        {c.archivedAt ? (
          <Badge size="xs" color="gray" variant="outline">
            Archived
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {c.subdomain}
        {c.whiteLabel?.domain ? ` · ${c.whiteLabel.domain}` : ''}
      </Text>
    </Stack>
  );

  return (
    <>
      <PageHeader
        title="Divisions"
        description="Every company on this hub: create one, then set its brand, features and billing."
        actions={<Button onClick={() => setCreating(true)}>New division</Button>}
      />
      <Group mb="md" align="flex-end">
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
          placeholder="Name, subdomain or description"
          aria-label="Search divisions"
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.isSuccess ? `${total} ${total === 1 ? 'division' : 'divisions'}${deferred ? ` matching “${deferred}”` : ''}` : null}
        </Text>
      </Group>
      {phone ? (
        <Stack gap="sm">
          {rows.map((c) => (
            <Paper key={c.id} withBorder p="md" radius="md">
              {name(c)}
              <Text size="xs" c="dimmed" mt={6}>
                {c.members} people · {c.profiles} profiles · {c.paymentStructure}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Division</Table.Th>
                <Table.Th>People</Table.Th>
                <Table.Th>Profiles</Table.Th>
                <Table.Th>Billing</Table.Th>
                <Table.Th>Features</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{name(c)}</Table.Td>
                  <Table.Td>{c.members}</Table.Td>
                  <Table.Td>{c.profiles}</Table.Td>
                  <Table.Td tt="capitalize">{c.paymentStructure}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {flags(c).length === 0 ? (
                        <Text size="xs" c="dimmed">
                          None
                        </Text>
                      ) : (
                        flags(c).map((f) => (
                          <Badge key={f} size="xs" variant="light">
                            {f.replace('_', ' ')}
                          </Badge>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListStatus
        isPending={list.isPending}
        isSuccess={list.isSuccess}
        isError={list.isError}
        error={list.error}
        empty={rows.length === 0}
        filtered={deferred !== ''}
        onClear={() => setSearch('')}
        emptyHint="No division yet: create the first with New division."
      />
      <ListPager page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} />
      <NewDivisionModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
