import { Button, FileButton, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type CardField, type CardScanResult, CONTACTS_MESSAGES } from '@profilehub/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf, refusedField } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { createContact, type NewContact } from '../api/create-contact.ts';
import { scanCard } from '../api/scan-card.ts';

const EMPTY: NewContact = { name: '', jobTitle: '', company: '', phone: '', email: '', website: '', notes: '' };

/** What the card said, prefilled; further phones, emails and links go into the notes for the person to keep or drop. */
function formOf(scan: CardScanResult): NewContact {
  const rest = [...scan.fields.phones.slice(1), ...scan.fields.emails.slice(1), ...scan.fields.links.slice(1)].map((f) => f.value);
  return {
    name: scan.fields.name?.value ?? '',
    jobTitle: scan.fields.jobTitle?.value ?? '',
    company: scan.fields.company?.value ?? '',
    phone: scan.fields.phones[0]?.value ?? '',
    email: scan.fields.emails[0]?.value ?? '',
    website: scan.fields.links[0]?.value ?? '',
    notes: rest.join('\n'),
    cardUploadId: scan.cardUploadId,
  };
}

/** "Read from …" under a field: the line of the card it came from, so the person can check it. */
const readFrom = (f: CardField | null | undefined) => (f ? `Read from: “${f.source}”` : 'Not found on the card');

/**
 * Scan a card (issue #29): take or choose a photo (the phone's camera opens), the server reads
 * it, the person confirms or corrects what was read, and the contact is saved with the photo.
 */
export function ScanCardDialog({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: (id: number) => void }) {
  const [photo, setPhoto] = useState<string | null>(null);
  const [form, setForm] = useState<NewContact>(EMPTY);
  const scan = useMutation({
    mutationFn: scanCard,
    onSuccess: (result) => setForm(formOf(result)),
  });
  const save = useMutation({
    mutationFn: () => createContact(form),
    onSuccess: (contact) => {
      toastSuccess(CONTACTS_MESSAGES.saved);
      reset();
      onSaved(contact.id);
    },
    onError: (error) => toastError(error),
  });
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo)), [photo]);

  // Closed, the dialog starts afresh next time.
  function reset() {
    setPhoto(null);
    setForm(EMPTY);
    scan.reset();
    save.reset();
  }
  const close = () => {
    reset();
    onClose();
  };
  const choose = (file: File | null) => {
    if (!file) return;
    setPhoto(URL.createObjectURL(file));
    scan.mutate(file);
  };
  const set = (key: keyof NewContact) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };
  const fields = scan.data?.fields;
  const wrong = refusedField(save.error);
  const errorOf = (field: string) => (wrong === field ? messageOf(save.error) : undefined);

  return (
    <Modal opened={opened} onClose={close} title="Scan a card" size="lg">
      <Stack>
        {photo ? (
          <Image src={photo} alt="The card's photo" mah={220} fit="contain" radius="sm" />
        ) : (
          <Text size="sm">
            Take a photo of a business card or an event badge, or choose one. The details are read for you to check before the contact is saved.
          </Text>
        )}
        {!scan.isPending && !scan.data ? (
          <Group>
            <FileButton onChange={choose} accept="image/*" capture="environment">
              {(props) => <Button {...props}>{photo ? 'Take another photo' : 'Take or choose a photo'}</Button>}
            </FileButton>
          </Group>
        ) : null}
        {scan.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text size="sm">Reading the card…</Text>
          </Group>
        ) : null}
        {scan.isError ? (
          <Text c="red" size="sm" role="alert">
            {messageOf(scan.error)}
          </Text>
        ) : null}
        {fields ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                Check what was read and correct it where needed.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" value={form.name} onChange={set('name')} description={readFrom(fields.name)} error={errorOf('name')} />
                <TextInput label="Job title" value={form.jobTitle} onChange={set('jobTitle')} description={readFrom(fields.jobTitle)} />
                <TextInput label="Company" value={form.company} onChange={set('company')} description={readFrom(fields.company)} />
                <TextInput
                  label="Phone"
                  type="tel"
                  value={form.phone}
                  onChange={set('phone')}
                  description={readFrom(fields.phones[0])}
                  error={errorOf('phone')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  value={form.email}
                  onChange={set('email')}
                  description={readFrom(fields.emails[0])}
                  error={errorOf('email')}
                />
                <TextInput
                  label="Website"
                  type="url"
                  value={form.website}
                  onChange={set('website')}
                  description={readFrom(fields.links[0])}
                  error={errorOf('website')}
                />
              </SimpleGrid>
              <Textarea label="Notes" rows={3} maxLength={5000} value={form.notes} onChange={set('notes')} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save contact
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Modal>
  );
}
