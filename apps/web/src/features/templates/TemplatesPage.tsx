import '../../components/list/mantine-styles.ts';
import { Avatar, Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ListSort, type TemplateItem, type TemplateSortColumn, type TemplatesListResponse, templatesTitle } from '@profilehub/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DivisionFilter } from '../../components/list/DivisionFilter.tsx';
import { ListPager } from '../../components/list/ListPager.tsx';
import { ListStatus } from '../../components/list/ListStatus.tsx';
import classes from '../../components/list/list.module.css';
import { MobileSortPanel } from '../../components/list/MobileSortPanel.tsx';
import { ResultsText } from '../../components/list/ResultsText.tsx';
import { SearchBox } from '../../components/list/SearchBox.tsx';
import { SortableTh } from '../../components/list/SortableTh.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProfilePreviewModal } from '../../components/ProfilePreviewModal.tsx';
import { apiRequest } from '../../lib/api.ts';

type Params = { filter: string; companyIds: number[]; sort: ListSort<TemplateSortColumn>; page: number };

/** GET /api/templates. */
const templatesOptions = (p: Params) =>
  queryOptions({
    queryKey: ['templates', 'list', p],
    queryFn: ({ signal }) =>
      apiRequest<TemplatesListResponse>('/api/templates', {
        query: {
          filter: p.filter || undefined,
          companyId: p.companyIds.length ? p.companyIds.join(',') : undefined,
          orderBy: p.sort?.orderBy,
          order: p.sort?.order,
          page: p.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const COLUMNS: { value: TemplateSortColumn; label: string }[] = [
  { value: 'A-Z', label: 'A-Z' },
  { value: 'DIVISION', label: 'Division' },
  { value: 'LINKED_PROFILES', label: 'Linked Profiles' },
];

const editLink = (t: TemplateItem) => `/manage-templates/${t.id}?companyId=${t.companyId}`;

/** The templates list of spec §2. */
export function TemplatesPage() {
  const controls = useListControls<TemplateSortColumn>(null);
  const list = useQuery(templatesOptions({ filter: controls.filter, companyIds: controls.companyIds, sort: controls.sort, page: controls.page }));
  const rows = list.data?.data ?? [];
  const filtered = controls.filter !== '' || controls.companyIds.length > 0;
  // A template is seldom published: the preview draws its saved content as a child page would show it.
  const [previewing, setPreviewing] = useState<TemplateItem | null>(null);

  const buttons = (t: TemplateItem) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" variant="light" onClick={() => setPreviewing(t)} aria-label={`Preview ${t.fullName}`}>
        Preview
      </Button>
      <Button component={Link} to={editLink(t)} size="compact-sm" variant="light" aria-label={`Edit ${t.fullName}`}>
        Edit
      </Button>
    </Group>
  );
  const name = (t: TemplateItem) => (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={t.profileThumbnail} alt="" radius="md" size={36} name={t.fullName} color="initials" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate="end">
          {t.fullName || 'Untitled template'}
        </Text>
        {t.templateName && t.profileName ? (
          <Text size="xs" c="dimmed" truncate="end">
            {t.profileName}
          </Text>
        ) : null}
      </div>
      {t.isLive ? (
        <Badge size="xs" variant="light" color="green">
          Live
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <>
      <PageHeader title={templatesTitle(list.data?.all ?? 0)} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <div className={classes.toolbar}>
            <DivisionFilter value={controls.companyIds} onChange={controls.setCompanyIds} />
            <SearchBox value={controls.search} onChange={controls.setSearch} placeholder="Search templates" aria-label="Search templates" />
          </div>
          <MobileSortPanel columns={COLUMNS} sort={controls.sort} onChange={controls.chooseSort} />
          <ResultsText page={list.data} shown={rows.length} filtered={filtered} />
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="A-Z" sort={controls.sort} onSort={controls.toggleSort}>
                    A-Z
                  </SortableTh>
                  <SortableTh column="DIVISION" sort={controls.sort} onSort={controls.toggleSort}>
                    Division
                  </SortableTh>
                  <SortableTh column="LINKED_PROFILES" sort={controls.sort} onSort={controls.toggleSort}>
                    Linked Profiles
                  </SortableTh>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td maw={320}>{name(t)}</Table.Td>
                    <Table.Td>{t.companyName}</Table.Td>
                    <Table.Td>{t.linkedProfiles}</Table.Td>
                    <Table.Td>{buttons(t)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="sm" gap="sm">
            {rows.map((t) => (
              <div key={t.id} className={classes.card}>
                <Stack gap="xs">
                  {name(t)}
                  <Text size="xs" c="dimmed">
                    {t.companyName} · {t.linkedProfiles} linked profiles
                  </Text>
                  {buttons(t)}
                </Stack>
              </div>
            ))}
          </Stack>
          <ListStatus isPending={list.isPending} isSuccess={list.isSuccess} isError={list.isError} error={list.error} empty={rows.length === 0} />
          <ListPager page={controls.page} pageSize={list.data?.pageSize ?? 50} total={list.data?.total ?? 0} onChange={controls.setPage} siblings={2} />
        </Stack>
      </Paper>
      <ProfilePreviewModal
        target={
          previewing
            ? {
                profileId: previewing.id,
                title: `Preview of ${previewing.fullName || 'Untitled template'}`,
                frameTitle: `Page of template ${previewing.fullName}`,
                liveUrl: previewing.isLive ? previewing.url : null,
              }
            : null
        }
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
