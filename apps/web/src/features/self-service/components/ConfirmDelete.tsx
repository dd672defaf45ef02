import { Button, Group, Modal, Text } from '@mantine/core';

/** The delete confirmation (spec §2): 'Are you sure you want to delete' the item or testimonial. */
export function ConfirmDelete({ what, opened, onCancel, onConfirm }: { what: string | null; opened: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete" centered size="sm">
      <Text mb="lg">Are you sure you want to delete {what ?? 'this item'}?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} data-autofocus>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
