import '../../components/list/mantine-styles.ts';
import { Anchor, Avatar, Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { ADMIN_MESSAGES, type ApprovalRow, type ApprovalSortColumn, approvalsTitle } from '@profilehub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminList } from '../../components/list/AdminList.tsx';
import classes from '../../components/list/list.module.css';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProfilePreviewModal } from '../../components/ProfilePreviewModal.tsx';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { ME_QUERY_KEY } from '../../lib/queries.ts';
import { type ApprovalStatus, approvalsOptions } from './api/get-approvals.ts';
import { respondApproval } from './api/respond-approval.ts';
import { ChangesViewer } from './components/ChangesViewer.tsx';

const COLUMNS: { value: ApprovalSortColumn; label: string }[] = [
  { value: 'NAME', label: 'Name' },
  { value: 'DIVISION', label: 'Division' },
  { value: 'ALIAS', label: 'Alias' },
  { value: 'REQUESTDATE', label: 'Request date' },
];
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

/** The approvals queue of spec §2 (supervisors: their divisions; superadmins: all). */
export function ApprovalsPage() {
  const queryClient = useQueryClient();
  const controls = useListControls<ApprovalSortColumn>({ orderBy: 'REQUESTDATE', order: 'desc' });
  const [status, setStatus] = useState<ApprovalStatus>('active');
  const list = useQuery(approvalsOptions({ filter: controls.filter, companyIds: controls.companyIds, sort: controls.sort, page: controls.page, status }));
  const [viewing, setViewing] = useState<ApprovalRow | null>(null);
  const [previewing, setPreviewing] = useState<ApprovalRow | null>(null);
  const [answering, setAnswering] = useState<{ row: ApprovalRow; approve: boolean } | null>(null);
  const [message, setMessage] = useState('');
  const rows = list.data?.data ?? [];

  const answer = useMutation({
    mutationFn: (a: { row: ApprovalRow; approve: boolean; message: string }) => respondApproval(a.row.id, a.approve, a.message),
    onSuccess: (_, a) => {
      toastSuccess(a.approve ? ADMIN_MESSAGES.profileApproved : ADMIN_MESSAGES.profileDeclined);
      setAnswering(null);
      setMessage('');
      // The queue and the side navigation's badge.
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['approvals'] }), queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })]);
    },
    onError: (error) => toastError(error),
  });

  const person = (row: ApprovalRow) => (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={row.profileThumbnail} alt="" radius="xl" size={36} name={row.fullName} color="initials" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate="end">
          {row.fullName}
        </Text>
        {row.jobTitle ? (
          <Text size="xs" c="dimmed" truncate="end">
            {row.jobTitle}
          </Text>
        ) : null}
      </div>
    </Group>
  );
  const changesButton = (row: ApprovalRow) => (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => setViewing(row)}
      rightSection={
        <Badge size="xs" circle>
          {row.profileChanges.length}
        </Badge>
      }
    >
      View updates
    </Button>
  );
  const decision = (row: ApprovalRow) =>
    row.approved === null ? (
      <Group gap={6}>
        <Button size="compact-sm" color="green" onClick={() => setAnswering({ row, approve: true })}>
          Approve
        </Button>
        <Button size="compact-sm" color="red" variant="light" onClick={() => setAnswering({ row, approve: false })}>
          Decline
        </Button>
      </Group>
    ) : (
      <Stack gap={2}>
        <Badge variant="light" color={row.approved ? 'green' : 'red'}>
          {row.approved ? 'Approved' : 'Declined'}
        </Badge>
        {row.respondedAt ? (
          <Text size="xs" c="dimmed">
            {when(row.respondedAt)}
            {row.respondedBy ? ` by ${row.respondedBy}` : ''}
          </Text>
        ) : null}
        {row.message ? (
          <Text size="xs" fs="italic">
            “{row.message}”
          </Text>
        ) : null}
      </Stack>
    );
  const links = (row: ApprovalRow) => (
    <Stack gap={2} align="flex-start">
      {row.approved === null ? (
        // What approving would publish: the saved content, drawn as the page draws it.
        <Anchor component="button" type="button" size="sm" onClick={() => setPreviewing(row)} aria-label={`Preview the proposed page of ${row.fullName}`}>
          Preview
        </Anchor>
      ) : row.url && row.publishedAt ? (
        <Anchor href={row.url} target="_blank" rel="noopener noreferrer" size="sm">
          Live page
        </Anchor>
      ) : null}
      <Anchor component={Link} to={`/self-service/${row.profileId}?companyId=${row.companyId}`} size="sm">
        Go to profile
      </Anchor>
    </Stack>
  );

  return (
    <>
      <PageHeader title={approvalsTitle(list.data?.pending ?? 0)} />
      <AdminList
        controls={controls}
        columns={COLUMNS}
        search={{ placeholder: 'Search by name' }}
        emptyHint={
          status === 'active'
            ? 'Nothing is waiting for approval: requests appear here when someone submits profile changes.'
            : 'No request has been answered yet.'
        }
        filters={
          <SegmentedControl
            aria-label="Show approvals"
            value={status}
            onChange={(value) => {
              setStatus(value as ApprovalStatus);
              controls.setPage(0);
            }}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'resolved', label: 'Resolved' },
            ]}
          />
        }
        list={list}
        rows={rows}
        pageSize={25}
        minWidth={760}
        moreHeads={
          <>
            <Table.Th className={classes.plainTh}>Changes</Table.Th>
            <Table.Th className={classes.plainTh}>Preview</Table.Th>
            <Table.Th className={classes.plainTh}>{status === 'active' ? 'Approve / reject' : 'Answer'}</Table.Th>
          </>
        }
        cells={(row) => (
          <>
            <Table.Td maw={240}>{person(row)}</Table.Td>
            <Table.Td>{row.companyName}</Table.Td>
            <Table.Td>{row.alias ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {day(row.requestedAt)}
              <Text size="xs" c="dimmed">
                {time(row.requestedAt)}
              </Text>
            </Table.Td>
            <Table.Td>{changesButton(row)}</Table.Td>
            <Table.Td>{links(row)}</Table.Td>
            <Table.Td>{decision(row)}</Table.Td>
          </>
        )}
        card={(row) => (
          <>
            {person(row)}
            <Text size="xs" c="dimmed">
              {row.companyName} · {row.alias ?? 'no alias'} · requested {when(row.requestedAt)}
            </Text>
            <Group gap="xs">
              {changesButton(row)}
              {links(row)}
            </Group>
            {decision(row)}
          </>
        )}
      />

      <ChangesViewer
        title={viewing ? `Updates by ${viewing.fullName} (${viewing.profileChanges.length})` : ''}
        changes={viewing?.profileChanges ?? null}
        onClose={() => setViewing(null)}
      />
      <ProfilePreviewModal
        target={
          previewing
            ? {
                profileId: previewing.profileId,
                title: `Preview of ${previewing.fullName} if approved`,
                frameTitle: `Proposed page of ${previewing.fullName}`,
                liveUrl: previewing.publishedAt ? previewing.url : null,
              }
            : null
        }
        onClose={() => setPreviewing(null)}
      />
      <Modal opened={answering !== null} onClose={() => setAnswering(null)} title={answering?.approve ? 'Approve changes' : 'Decline changes'} centered>
        {answering ? (
          <Stack>
            <Text>
              {answering.approve
                ? `Approve the changes of ${answering.row.fullName}? Their public page is updated at once.`
                : `Decline the changes of ${answering.row.fullName}? They are emailed your message and can submit again.`}
            </Text>
            <Textarea label="Message (optional)" value={message} onChange={(e) => setMessage(e.currentTarget.value)} autosize minRows={3} maxLength={2000} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAnswering(null)}>
                Cancel
              </Button>
              <Button color={answering.approve ? 'green' : 'red'} loading={answer.isPending} onClick={() => answer.mutate({ ...answering, message })}>
                {answering.approve ? 'Approve' : 'Decline'}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
