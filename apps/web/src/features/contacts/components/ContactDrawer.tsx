import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import { Anchor, Badge, Button, Drawer, Group, Image, Loader, Stack, Text, Textarea } from '@mantine/core';
import { CONTACT_SOURCE_LABELS, type ContactDetail } from '@profilehub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { contactOptions } from '../api/get-contact.ts';
import { contactCardOptions } from '../api/get-contact-card.ts';
import { saveContactNotes } from '../api/save-contact-notes.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The scanned card's photo, kept with the contact. */
function CardPhoto({ url }: { url: string }) {
  const card = useQuery(contactCardOptions(url));
  return card.data ? <Image src={card.data} alt="The scanned card" mah={240} fit="contain" radius="sm" /> : <Loader size="sm" />;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A contact's details, message and notes (saved on demand), with its card and delete. */
export function ContactDrawer({
  id,
  onClose,
  onVcard,
  onDelete,
}: {
  id: number | null;
  onClose: () => void;
  onVcard: (id: number) => void;
  onDelete: (contact: ContactDetail) => void;
}) {
  const contact = useQuery({ ...contactOptions(id ?? 0), enabled: id !== null });
  const [notes, setNotes] = useState('');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (contact.data) setNotes(contact.data.notes);
  }, [contact.data]);
  const save = useMutation({
    mutationFn: () => saveContactNotes(id!, notes),
    onSuccess: (saved) => {
      queryClient.setQueryData(contactOptions(saved.id).queryKey, saved);
      toastSuccess('Notes saved.');
    },
    onError: (error) => toastError(error),
  });
  const c = contact.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" title={c?.name || 'Contact'} size="md">
      {contact.isPending ? (
        <Loader size="sm" />
      ) : contact.isError ? (
        <Text c="red">{messageOf(contact.error)}</Text>
      ) : c ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{CONTACT_SOURCE_LABELS[c.source]}</Badge>
            <Text size="sm" c="dimmed">
              {WHEN.format(new Date(c.createdAt))}
            </Text>
          </Group>
          {c.email ? (
            <Field label="Email">
              <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
            </Field>
          ) : null}
          {c.phone ? <Field label="Phone">{c.phone}</Field> : null}
          {c.company ? <Field label="Company">{c.company}</Field> : null}
          {c.jobTitle ? <Field label="Job title">{c.jobTitle}</Field> : null}
          {c.website ? (
            <Field label="Website">
              <Anchor href={c.website} target="_blank" rel="noopener noreferrer">
                {c.website}
              </Anchor>
            </Field>
          ) : null}
          {c.cardUrl ? <CardPhoto url={c.cardUrl} /> : null}
          {c.message ? <Field label="Message">{c.message}</Field> : null}
          <Field label="Profile">{c.profileName}</Field>
          <Textarea label="Notes" rows={4} maxLength={5000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button onClick={() => save.mutate()} loading={save.isPending} disabled={notes === c.notes}>
              Save notes
            </Button>
          </Group>
          <Group gap="xs" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Button variant="default" onClick={() => onVcard(c.id)}>
              Download vCard
            </Button>
            <Button variant="subtle" color="red" onClick={() => onDelete(c)}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Drawer>
  );
}
