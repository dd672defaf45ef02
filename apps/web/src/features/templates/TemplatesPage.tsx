import '../../components/list/mantine-styles.ts';
import { Avatar, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { type TemplateItem, type TemplateSortColumn, templatesTitle } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminList } from '../../components/list/AdminList.tsx';
import { ResultsText } from '../../components/list/ResultsText.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProfilePreviewModal } from '../../components/ProfilePreviewModal.tsx';
import { templatesOptions } from './api/get-templates.ts';

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
      <AdminList
        controls={controls}
        columns={COLUMNS}
        search={{ placeholder: 'Search templates', 'aria-label': 'Search templates' }}
        emptyHint="Your divisions have no templates yet."
        summary={<ResultsText page={list.data} shown={rows.length} filtered={filtered} />}
        list={list}
        rows={rows}
        pageSize={50}
        pagerSiblings={2}
        minWidth={640}
        moreHeads={
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        }
        cells={(t) => (
          <>
            <Table.Td maw={320}>{name(t)}</Table.Td>
            <Table.Td>{t.companyName}</Table.Td>
            <Table.Td>{t.linkedProfiles}</Table.Td>
            <Table.Td>{buttons(t)}</Table.Td>
          </>
        )}
        card={(t) => (
          <>
            {name(t)}
            <Text size="xs" c="dimmed">
              {t.companyName} · {t.linkedProfiles} linked profiles
            </Text>
            {buttons(t)}
          </>
        )}
      />
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
