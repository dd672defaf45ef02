import '../../components/list/mantine-styles.ts';
import '@mantine/core/styles/Checkbox.layer.css';
import { Anchor, Badge, Button, Checkbox, CloseButton, Group, Modal, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES, CONTACTS_PAGE_SIZES, type ContactRow, type ContactSource } from '@profilehub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DivisionFilter } from '../../components/list/DivisionFilter.tsx';
import { ListPager } from '../../components/list/ListPager.tsx';
import { ListStatus } from '../../components/list/ListStatus.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDownload } from '../../lib/download.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useCurrentUser } from '../../lib/queries.ts';
import { usePhone } from '../../lib/use-phone.ts';
import type { ContactsFilters } from './api/contacts-query.ts';
import { deleteContact } from './api/delete-contact.ts';
import { eraseContacts } from './api/erase-contacts.ts';
import { downloadVcards, exportContacts } from './api/export-contacts.ts';
import { contactsOptions } from './api/get-contacts.ts';
import { ContactDrawer } from './components/ContactDrawer.tsx';
import { EraseDialog } from './components/EraseDialog.tsx';
import { ScanCardDialog } from './components/ScanCardDialog.tsx';

const EMPTY: ContactsFilters = { q: '', companyIds: [], profile: null, source: null, from: '', to: '' };
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const SOURCES = CONTACT_SOURCES.map((s) => ({ value: s, label: CONTACT_SOURCE_LABELS[s] }));

/**
 * Contacts (issue #29): the visitors who left their details on a profile — a person's own,
 * a supervisor's divisions', a superadmin's all. Search and filters, a contact's detail with
 * notes, vCards of the chosen ones, exports, delete, and erasing a visitor on request.
 */
export function ContactsPage() {
  const me = useCurrentUser();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ContactsFilters>(EMPTY);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CONTACTS_PAGE_SIZES[0]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const [erasing, setErasing] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [settled] = useDebouncedValue(filters, 300);
  const rangeWrong = Boolean(filters.from && filters.to && filters.to < filters.from);
  const list = useQuery({ ...contactsOptions({ ...settled, page, pageSize }), enabled: !rangeWrong });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);
  const exporting = useDownload(exportContacts);
  const vcards = useDownload(downloadVcards);

  const set = <K extends keyof ContactsFilters>(key: K, value: ContactsFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(0);
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['contacts'] });

  const remove = useMutation({
    mutationFn: (id: number) => deleteContact(id),
    onSuccess: (_, id) => {
      toastSuccess('Contact deleted.');
      toggle(id, false);
      setDeleting(null);
      if (open === id) setOpen(null);
      void refresh();
    },
    onError: (error) => toastError(error),
  });
  const erase = useMutation({
    mutationFn: (email: string) => eraseContacts(email),
    onSuccess: (result) => {
      toastSuccess(result.message);
      setErasing(false);
      setSelected(new Set());
      setOpen(null);
      void refresh();
    },
    onError: (error) => toastError(error),
  });

  const profileLink = (r: ContactRow) => (
    <Anchor component="button" type="button" size="sm" onClick={() => set('profile', { id: r.profileId, name: r.profileName })}>
      {r.profileName || `Profile ${r.profileId}`}
    </Anchor>
  );
  const nameButton = (r: ContactRow) => (
    <Anchor component="button" type="button" fw={600} size="sm" onClick={() => setOpen(r.id)} style={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
      {r.name || r.email || 'No name'}
    </Anchor>
  );

  return (
    <>
      <PageHeader
        title="Contacts"
        description={
          me.role === 'user'
            ? 'The visitors who left their details on your profile.'
            : me.role === 'supervisor'
              ? 'The visitors who left their details on your profile and on the profiles of your divisions.'
              : 'The visitors who left their details on any profile.'
        }
        actions={
          <Group gap="xs">
            <Button onClick={() => setScanning(true)}>Scan a card</Button>
            <Button variant="default" color="red" onClick={() => setErasing(true)}>
              Erase a visitor's data
            </Button>
            <Button variant="default" loading={exporting.downloading} disabled={rangeWrong} onClick={() => exporting.download(filters, 'csv')}>
              Export CSV
            </Button>
            <Button variant="default" loading={exporting.downloading} disabled={rangeWrong} onClick={() => exporting.download(filters, 'xlsx')}>
              Export XLSX
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Name, email, phone or company"
              type="search"
              value={filters.q}
              onChange={(e) => set('q', e.currentTarget.value)}
              w={{ base: '100%', sm: 300 }}
            />
            {me.role === 'user' ? null : <DivisionFilter value={filters.companyIds} onChange={(ids) => set('companyIds', ids)} />}
            <Select
              label="Source"
              placeholder="All sources"
              data={SOURCES}
              value={filters.source}
              onChange={(v) => set('source', (v as ContactSource | null) ?? null)}
              clearable
              w={{ base: '100%', sm: 160 }}
            />
            <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }} align="flex-start">
              <TextInput label="From" type="date" value={filters.from} onChange={(e) => set('from', e.currentTarget.value)} style={{ flex: 1 }} miw={0} />
              <TextInput
                label="To"
                type="date"
                value={filters.to}
                onChange={(e) => set('to', e.currentTarget.value)}
                error={rangeWrong ? 'The “to” date is before the “from” date.' : undefined}
                style={{ flex: 1 }}
                miw={0}
              />
            </Group>
          </Group>
          {filters.profile ? (
            <Group gap={4}>
              <Badge variant="light" size="lg" rightSection={<CloseButton size="xs" aria-label="Show every profile" onClick={() => set('profile', null)} />}>
                Profile: {filters.profile.name || filters.profile.id}
              </Badge>
            </Group>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.isSuccess && !rangeWrong ? contactsCount(total, list.data.totalCapped) : null}
              {selected.size ? ` · ${selected.size} chosen` : null}
            </Text>
            <Button size="xs" variant="light" disabled={!selected.size} loading={vcards.downloading} onClick={() => vcards.download([...selected])}>
              {selected.size > 1 ? `Download ${selected.size} vCards` : 'Download vCard'}
            </Button>
          </Group>
          {rangeWrong ? null : phone ? (
            <Stack gap="sm">
              {rows.map((r) => (
                <Paper key={r.id} withBorder p="sm" radius="md" data-testid="contact-row">
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Checkbox
                      aria-label={`Choose ${r.name || r.email}`}
                      checked={selected.has(r.id)}
                      onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                      mt={2}
                    />
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      {nameButton(r)}
                      {r.email ? (
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {r.email}
                        </Text>
                      ) : null}
                      {r.phone ? <Text size="sm">{r.phone}</Text> : null}
                      <Group gap="xs">
                        <Badge variant="light" size="sm">
                          {CONTACT_SOURCE_LABELS[r.source]}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {WHEN.format(new Date(r.createdAt))}
                        </Text>
                      </Group>
                      {me.role === 'user' ? null : profileLink(r)}
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={me.role === 'user' ? 780 : 900}>
              <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Choose every contact shown"
                        checked={allShown}
                        indeterminate={!allShown && rows.some((r) => selected.has(r.id))}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          for (const r of rows) toggle(r.id, on);
                        }}
                      />
                    </Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Phone</Table.Th>
                    <Table.Th>Company</Table.Th>
                    <Table.Th>Source</Table.Th>
                    {me.role === 'user' ? null : <Table.Th>Profile</Table.Th>}
                    <Table.Th>Received</Table.Th>
                    <Table.Th w={80} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.id} data-testid="contact-row">
                      <Table.Td>
                        <Checkbox
                          aria-label={`Choose ${r.name || r.email}`}
                          checked={selected.has(r.id)}
                          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>{nameButton(r)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Text size="sm">{r.email}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{r.phone}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.company}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{CONTACT_SOURCE_LABELS[r.source]}</Text>
                      </Table.Td>
                      {me.role === 'user' ? null : <Table.Td>{profileLink(r)}</Table.Td>}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{WHEN.format(new Date(r.createdAt))}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting({ id: r.id, name: r.name || r.email })}>
                          Delete
                        </Button>
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
              emptyHint="No contacts yet: visitors who leave their details on a profile appear here."
            />
          )}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Select
              aria-label="Contacts a page"
              data={CONTACTS_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} a page` }))}
              value={String(pageSize)}
              onChange={(v) => {
                setPageSize(Number(v ?? CONTACTS_PAGE_SIZES[0]));
                setPage(0);
              }}
              allowDeselect={false}
              w={130}
            />
            {rangeWrong ? null : <ListPager page={page} pageSize={pageSize} total={total} onChange={setPage} />}
          </Group>
        </Stack>
      </Paper>
      <ContactDrawer
        id={open}
        onClose={() => setOpen(null)}
        onVcard={(id) => vcards.download([id])}
        onDelete={(c) => setDeleting({ id: c.id, name: c.name || c.email })}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this contact?" centered>
        <Stack>
          <Text size="sm">{deleting?.name ? `${deleting.name} is deleted for good, with its notes.` : 'The contact is deleted for good, with its notes.'}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
      <EraseDialog opened={erasing} busy={erase.isPending} onClose={() => setErasing(false)} onErase={(email) => erase.mutate(email)} />
      <ScanCardDialog
        opened={scanning}
        onClose={() => setScanning(false)}
        onSaved={(id) => {
          setScanning(false);
          setOpen(id);
          void refresh();
        }}
      />
    </>
  );
}

/** "1 contact", "42 contacts", or past the list's window "More than 10,000 contacts: narrow the list to page through it". */
function contactsCount(total: number, capped: boolean): string {
  if (capped) return `More than ${total.toLocaleString('en')} contacts: search or filter to page through them`;
  return `${total.toLocaleString('en')} ${total === 1 ? 'contact' : 'contacts'}`;
}
