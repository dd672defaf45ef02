import '../../components/list/mantine-styles.ts';
import { Anchor, Avatar, Badge, Button, Group, Menu, Modal, Stack, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import {
  ADMIN_MESSAGES,
  type ErrorBody,
  type InviteResponse,
  type ListSort,
  OFFBOARDING_MESSAGES,
  ROLE_MESSAGES,
  statisticsAlias,
  type UserRow,
  type UserSortColumn,
  usersTitle,
} from '@profilehub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AdminList } from '../../components/list/AdminList.tsx';
import classes from '../../components/list/list.module.css';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, messageOf } from '../../lib/api.ts';
import { useDownload } from '../../lib/download.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useCurrentUser } from '../../lib/queries.ts';
import { deactivateMember } from './api/deactivate-member.ts';
import { deleteProfile } from './api/delete-profile.ts';
import { exportUsers } from './api/export-users.ts';
import { usersListOptions } from './api/get-users.ts';
import { publishProfile } from './api/publish-profile.ts';
import { reactivateMember } from './api/reactivate-member.ts';
import { rollbackProfile } from './api/rollback-profile.ts';
import { setRole } from './api/set-role.ts';
import { unpublishProfile } from './api/unpublish-profile.ts';
import type { Tab } from './api/users-query.ts';
import { DeactivateDialog } from './components/DeactivateDialog.tsx';
import { ImportStaffButton } from './components/ImportStaffDialog.tsx';
import { InviteDialog } from './components/InviteDialog.tsx';
import { InviteSuccessModal } from './components/InviteSuccessModal.tsx';
import { SuperadminsDialog } from './components/SuperadminsDialog.tsx';

const COLUMNS: { value: UserSortColumn; label: string }[] = [
  { value: 'NAME', label: 'Name' },
  { value: 'DIVISION', label: 'Division' },
  { value: 'TEMPLATE', label: 'Template' },
  { value: 'UPDATED_AT', label: 'Last edited' },
  { value: 'VIEWS', label: 'Views' },
];
/** What an empty tab means when no search or division narrows it. */
const EMPTY_TAB_HINTS: Record<Tab, string> = {
  published: 'No profile is published yet. Published profiles appear here; the Unpublished tab lists the rest.',
  unpublished: 'Every profile is published.',
  all: 'No one has a profile yet. Invite someone with Add New User.',
};
/** Spec §2: published tab, ordered by views descending. */
const DEFAULT_SORT: ListSort<UserSortColumn> = { orderBy: 'VIEWS', order: 'desc' };

const withCompany = (path: string, row: UserRow) => `${path}?companyId=${row.companyId}`;
export const statsLink = (row: Pick<UserRow, 'id' | 'companyId' | 'fullName'>) =>
  `/statistics/${statisticsAlias(row.id, row.companyId, row.fullName)}?companyId=${row.companyId}`;
const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type RowAction = { row: UserRow; action: () => Promise<unknown>; success: string; failure: (error: unknown) => string };
type Confirm = { kind: 'delete' | 'unpublish' | 'rollback' | 'promote' | 'demote' | 'publishDeclined' | 'reactivate'; row: UserRow } | null;

/** A publish the server held back to ask first (409 `declined_changes`): the list asks, so nothing is toasted. */
class AskedFirst extends Error {}

/** The users list of spec §2 for supervisors and superadmins. */
export function UsersPage() {
  const me = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const controls = useListControls<UserSortColumn>(DEFAULT_SORT);
  const [tab, setTab] = useState<Tab>('published');
  const params = { filter: controls.filter, companyIds: controls.companyIds, tab, sort: controls.sort, page: controls.page };
  const list = useQuery(usersListOptions(params));
  const [inviting, setInviting] = useState(location.hash === '#invite');
  const [invited, setInvited] = useState<(InviteResponse & { name: string }) | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);
  const [staffOpen, setStaffOpen] = useState(false);
  const { downloading: exporting, download: runExport } = useDownload(exportUsers);

  useEffect(() => {
    if (location.hash === '#invite') setInviting(true);
  }, [location.hash]);

  const counts = list.data?.counts;
  const rows = list.data?.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  // One row action at a time: its row's menu button shows the spinner until the list has refreshed.
  const rowAction = useMutation({
    mutationFn: async ({ action }: RowAction) => {
      const result = await action();
      // Spec §8 'Unknown error': unpublish or delete answered with no data.
      if (result === null || result === undefined) throw new Error(ADMIN_MESSAGES.unknownError);
    },
    onSuccess: async (_, { success }) => {
      toastSuccess(success);
      await refresh();
    },
    onError: (error, { failure }) => {
      if (!(error instanceof AskedFirst)) toastError(failure(error));
    },
  });
  const busy = rowAction.isPending ? rowAction.variables.row.id : null;
  const run = (row: UserRow, action: () => Promise<unknown>, success: string, failure: (error: unknown) => string) =>
    rowAction.mutate({ row, action, success, failure });
  const plainMessage = (error: unknown) => (error instanceof ApiError ? error.message : error instanceof Error ? error.message : messageOf(error));

  // Someone's declined changes go live only once the supervisor has confirmed it (decision 009).
  const publish = (row: UserRow, confirmed = false) =>
    run(
      row,
      async () => {
        try {
          return await publishProfile(row.id, confirmed ? 'declined' : undefined);
        } catch (error) {
          if (!confirmed && error instanceof ApiError && error.status === 409 && (error.body as ErrorBody | null)?.code === 'declined_changes') {
            setConfirm({ kind: 'publishDeclined', row });
            throw new AskedFirst();
          }
          throw error;
        }
      },
      ADMIN_MESSAGES.profilePublished,
      (e) => ADMIN_MESSAGES.buildError(plainMessage(e)),
    );
  const confirmed = () => {
    if (!confirm) return;
    const { kind, row } = confirm;
    setConfirm(null);
    if (kind === 'delete') run(row, () => deleteProfile(row.id), ADMIN_MESSAGES.profileDeleted, plainMessage);
    else if (kind === 'unpublish') run(row, () => unpublishProfile(row.id), ADMIN_MESSAGES.profileUnpublished, plainMessage);
    else if (kind === 'rollback') run(row, () => rollbackProfile(row.id), ADMIN_MESSAGES.rolledBack, plainMessage);
    else if (kind === 'publishDeclined') publish(row, true);
    else if (kind === 'reactivate') run(row, () => reactivateMember(row.userId!, row.companyId), OFFBOARDING_MESSAGES.reactivated, plainMessage);
    else {
      const role = kind === 'promote' ? 'supervisor' : 'user';
      run(row, () => setRole(row.userId!, row.companyId, role), role === 'supervisor' ? ROLE_MESSAGES.madeSupervisor : ROLE_MESSAGES.madeUser, plainMessage);
    }
  };

  const download = (format: 'xlsx' | 'csv') => void runExport(params, format);
  // Spec §2 row link /manage-permissions/{profile}: the template's permissions, for a profile under a
  // template in a division with the permissions flag (a superadmin always, spec §6).
  const permissionsLink = (row: UserRow) =>
    row.templateName !== null && (me.role === 'superadmin' || me.companies.some((c) => c.id === row.companyId && c.feature_flags.permissions))
      ? withCompany(`/manage-permissions/${row.id}`, row)
      : null;

  // Roles of the row's division: a superadmin's anywhere, a supervisor's in the divisions they supervise; never one's own.
  const changesRole = (row: UserRow) =>
    row.userId !== null && row.userId !== me.id && (me.role === 'superadmin' || me.supervisedCompanyIds.includes(row.companyId));

  // The same actions in a table row and on a phone's card: stats and edit at hand, the rest in the menu.
  const actions = (row: UserRow, justify: 'flex-end' | 'flex-start' = 'flex-end') => {
    const permissions = permissionsLink(row);
    return (
      <Group gap={6} wrap="nowrap" justify={justify}>
        <Button component={Link} to={statsLink(row)} size="compact-sm" variant="light">
          View stats
        </Button>
        <Button component={Link} to={withCompany(`/self-service/${row.id}`, row)} size="compact-sm" variant="light">
          Edit
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="default" loading={busy === row.id} aria-label={`More actions for ${row.fullName}`}>
              •••
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void publish(row)}>Publish Profile</Menu.Item>
            {changesRole(row) ? (
              <Menu.Item onClick={() => setConfirm({ kind: row.role === 'supervisor' ? 'demote' : 'promote', row })}>
                {row.role === 'supervisor' ? 'Make user' : 'Make supervisor'}
              </Menu.Item>
            ) : null}
            {changesRole(row) ? (
              row.deactivatedAt ? (
                <Menu.Item onClick={() => setConfirm({ kind: 'reactivate', row })}>Reactivate</Menu.Item>
              ) : (
                <Menu.Item color="red" onClick={() => setDeactivating(row)}>
                  Deactivate…
                </Menu.Item>
              )
            ) : null}
            {permissions ? (
              <Menu.Item component={Link} to={permissions}>
                Manage permissions
              </Menu.Item>
            ) : null}
            {row.publishedAt ? (
              <>
                <Menu.Item onClick={() => setConfirm({ kind: 'rollback', row })}>Roll back to previous version</Menu.Item>
                <Menu.Item color="red" onClick={() => setConfirm({ kind: 'unpublish', row })}>
                  Unpublish
                </Menu.Item>
              </>
            ) : (
              <Menu.Item color="red" onClick={() => setConfirm({ kind: 'delete', row })}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  };

  const person = (row: UserRow) => (
    <Group gap="sm" wrap="nowrap" className={classes.nameCell}>
      <Avatar src={row.profileThumbnail} alt="" radius="xl" size={36} name={row.fullName} color="initials" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate="end">
          {row.url && row.publishedAt ? (
            <Anchor href={row.url} target="_blank" rel="noopener noreferrer" inherit>
              {row.fullName}
            </Anchor>
          ) : (
            row.fullName
          )}
        </Text>
        {row.jobTitle ? (
          <Text size="xs" c="dimmed" truncate="end">
            {row.jobTitle}
          </Text>
        ) : null}
        {row.role === 'supervisor' || row.deactivatedAt ? (
          <Group gap={4} mt={2}>
            {row.role === 'supervisor' ? (
              <Badge size="xs" variant="light" color="indigo">
                Supervisor
              </Badge>
            ) : null}
            {row.deactivatedAt ? (
              <Badge size="xs" variant="light" color="red">
                Deactivated
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </div>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={usersTitle(counts?.all ?? 0)}
        actions={
          <Group gap="sm">
            <Menu withinPortal position="bottom-end">
              <Menu.Target>
                <Button variant="default" loading={exporting}>
                  Download CSV / Excel
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => download('xlsx')}>Excel (.xlsx)</Menu.Item>
                <Menu.Item onClick={() => download('csv')}>CSV (.csv)</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <ImportStaffButton onImported={() => void refresh()} />
            {me.role === 'superadmin' ? (
              <Button variant="default" onClick={() => setStaffOpen(true)}>
                Superadmins
              </Button>
            ) : null}
            <Button onClick={() => setInviting(true)}>Add New User</Button>
          </Group>
        }
      />
      <AdminList
        controls={controls}
        columns={COLUMNS}
        search={{ placeholder: 'Search by name' }}
        emptyHint={EMPTY_TAB_HINTS[tab]}
        tabs={
          <Tabs
            value={tab}
            onChange={(value) => {
              setTab((value as Tab) ?? 'published');
              controls.setPage(0);
            }}
          >
            <Tabs.List>
              <Tabs.Tab value="published">Published ({counts?.published ?? 0})</Tabs.Tab>
              <Tabs.Tab value="unpublished">Unpublished ({counts?.unpublished ?? 0})</Tabs.Tab>
              <Tabs.Tab value="all">All ({counts?.all ?? 0})</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        }
        list={list}
        rows={rows}
        pageSize={10}
        minWidth={760}
        busy={list.isFetching}
        moreHeads={
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        }
        cells={(row) => (
          <>
            <Table.Td maw={260}>{person(row)}</Table.Td>
            <Table.Td>{row.companyName}</Table.Td>
            <Table.Td>{row.templateName ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateText(row.updatedAt)}</Table.Td>
            <Table.Td>{row.count}</Table.Td>
            <Table.Td>{actions(row)}</Table.Td>
          </>
        )}
        card={(row) => (
          <>
            <Group justify="space-between" wrap="nowrap">
              {person(row)}
              <Badge variant="light" color={row.publishedAt ? 'green' : 'gray'} style={{ flexShrink: 0 }} maw="none">
                {row.count} views
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {row.companyName} · {row.templateName ?? 'No template'} · edited {dateText(row.updatedAt)}
            </Text>
            {actions(row, 'flex-start')}
          </>
        )}
      />

      <ConfirmModal confirm={confirm} onCancel={() => setConfirm(null)} onConfirm={confirmed} />
      <DeactivateDialog
        row={deactivating}
        onClose={() => setDeactivating(null)}
        onConfirm={(body) => {
          const row = deactivating!;
          setDeactivating(null);
          run(row, () => deactivateMember(row.userId!, body), OFFBOARDING_MESSAGES.deactivated, plainMessage);
        }}
      />
      <InviteDialog
        opened={inviting}
        me={me}
        onClose={() => {
          setInviting(false);
          if (location.hash === '#invite') void navigate({ hash: '' }, { replace: true });
        }}
        onInvited={setInvited}
      />
      <InviteSuccessModal result={invited} onClose={() => setInvited(null)} />
      {me.role === 'superadmin' ? <SuperadminsDialog opened={staffOpen} onClose={() => setStaffOpen(false)} meId={me.id} /> : null}
    </>
  );
}

const CONFIRM_TEXT = {
  delete: { title: 'Delete profile', body: (n: string) => `Are you sure you want to delete ${n}'s profile? This cannot be undone.`, button: 'Delete' },
  unpublish: {
    title: 'Unpublish profile',
    body: (n: string) => `Are you sure you want to unpublish ${n}'s profile? Their public page goes offline.`,
    button: 'Unpublish',
  },
  rollback: {
    title: 'Roll back profile',
    body: (n: string) =>
      `Put ${n}'s previously published version back on their public page? Their editor goes back to that version too: changes not yet published are replaced.`,
    button: 'Roll back',
  },
  promote: {
    title: 'Make supervisor',
    body: (n: string) => `Make ${n} a supervisor of this division? They will manage its people, templates and approvals from their next step in the hub.`,
    button: 'Make supervisor',
  },
  publishDeclined: {
    title: 'Publish declined changes?',
    body: (n: string) =>
      `${n}'s last changes were declined and have not been published since. Publishing now puts them, declined changes included, on ${n}'s public page.`,
    button: 'Publish anyway',
  },
  reactivate: {
    title: 'Reactivate',
    body: (n: string) =>
      `Reactivate ${n}? They can sign in to this division again, their public page comes back, and the contacts and statistics moved to their successor return to them.`,
    button: 'Reactivate',
  },
  demote: {
    title: 'Make user',
    body: (n: string) => `Make ${n} a user of this division again? They keep their own profile and lose the division's administration at once.`,
    button: 'Make user',
  },
} as const;

/** Confirmations whose button takes something away or puts something unreviewed live. */
const DANGEROUS = new Set<NonNullable<Confirm>['kind']>(['delete', 'unpublish', 'publishDeclined']);

function ConfirmModal({ confirm, onCancel, onConfirm }: { confirm: Confirm; onCancel: () => void; onConfirm: () => void }) {
  const text = confirm ? CONFIRM_TEXT[confirm.kind] : null;
  return (
    <Modal opened={confirm !== null} onClose={onCancel} title={text?.title} centered>
      {confirm && text ? (
        <Stack>
          <Text>{text.body(confirm.row.fullName)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button color={DANGEROUS.has(confirm.kind) ? 'red' : undefined} onClick={onConfirm}>
              {text.button}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
