import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/** "Erase a visitor's data": every contact of an address, in the caller's reach, deleted for good. */
export function EraseDialog({ opened, busy, onClose, onErase }: { opened: boolean; busy: boolean; onClose: () => void; onErase: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  return (
    <Modal opened={opened} onClose={onClose} title="Erase a visitor's data" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onErase(email.trim());
        }}
      >
        <Stack>
          <Text size="sm">
            When a visitor asks to be forgotten: every contact with this email address that you can see is deleted, so no list, card or export holds it any
            more. The audit log keeps only that it happened.
          </Text>
          <TextInput label="Visitor's email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!valid}>
              Erase
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
