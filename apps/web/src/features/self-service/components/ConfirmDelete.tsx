import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * The delete confirmation of a list item (spec §2): 'Are you sure you want to delete' the item or
 * testimonial; confirming takes the item (by key) out of its list.
 */
export function ConfirmDelete<T extends { key: string }>({
  item,
  what,
  items,
  setItems,
  onClose,
}: {
  /** The item asked about; none keeps the dialog closed. */
  item: T | null;
  what: (item: T) => string;
  items: readonly T[];
  setItems: (next: T[]) => void;
  onClose: () => void;
}) {
  const onConfirm = () => {
    if (item) setItems(items.filter((i) => i.key !== item.key));
    onClose();
  };
  return (
    <Modal opened={item !== null} onClose={onClose} title="Delete" centered size="sm">
      <Text mb="lg">Are you sure you want to delete {item ? what(item) : 'this item'}?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} data-autofocus>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
