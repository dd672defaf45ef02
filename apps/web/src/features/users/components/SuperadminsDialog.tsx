import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { addSuperadmin } from '../api/add-superadmin.ts';
import { superadminsOptions } from '../api/get-superadmins.ts';
import { removeSuperadmin } from '../api/remove-superadmin.ts';

type Props = { opened: boolean; onClose: () => void; meId: number };

/**
 * The platform staff, kept apart from every division's people: a superadmin lists the
 * superadmins, makes an existing account one, or removes one (the server refuses
 * oneself and the last one).
 */
export function SuperadminsDialog({ opened, onClose, meId }: Props) {
  const queryClient = useQueryClient();
  const staff = useQuery({ ...superadminsOptions(), enabled: opened });
  const [email, setEmail] = useState('');
  const done = async (message: string) => {
    toastSuccess(message);
    await queryClient.invalidateQueries({ queryKey: ['superadmins'] });
  };
  const add = useMutation({
    mutationFn: (value: string) => addSuperadmin(value),
    onSuccess: async (r) => {
      setEmail('');
      await done(r.message);
    },
    onError: (error) => toastError(error),
  });
  const remove = useMutation({ mutationFn: removeSuperadmin, onSuccess: (r) => done(r.message), onError: (error) => toastError(error) });

  return (
    <Modal opened={opened} onClose={onClose} title="Superadmins" centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Platform staff: they see every division and are not listed among a division's people.
        </Text>
        <Table>
          <Table.Tbody>
            {(staff.data?.data ?? []).map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.email}
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {s.id === meId ? (
                    <Text size="xs" c="dimmed">
                      You
                    </Text>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      color="red"
                      loading={remove.isPending && remove.variables === s.id}
                      onClick={() => remove.mutate(s.id)}
                    >
                      Remove superadmin
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (email.trim()) add.mutate(email.trim());
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Email of an existing account"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              style={{ flex: '1 1 220px' }}
              autoComplete="off"
            />
            <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
              Make superadmin
            </Button>
          </Group>
        </form>
      </Stack>
    </Modal>
  );
}
