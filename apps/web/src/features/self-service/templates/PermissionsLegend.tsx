import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { PERMISSION_TOOLTIPS } from '@profilehub/shared';
import { PERMISSION_ICONS } from './permission-icons.tsx';
import { TOGGLE_FLAGS } from './permissions-mode.tsx';

const FLAG_TITLES = { optional: 'Optional', show: 'Show', edit: 'Edit' } as const;

/** Spec §2 Edit Template Permissions: the icon legend of the toggles, closed with 'I Understand'. */
export function PermissionsLegend({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Template Permissions" centered size="lg">
      <Stack>
        <Text size="sm">Each item of the template carries three toggles that say what the profiles using the template may do with it.</Text>
        <Table verticalSpacing={6} horizontalSpacing="xs">
          <Table.Tbody>
            {TOGGLE_FLAGS.flatMap((flag) =>
              (['on', 'off'] as const).map((state) => {
                const Icon = PERMISSION_ICONS[flag][state];
                const text = PERMISSION_TOOLTIPS[flag][state];
                return (
                  <Table.Tr key={`${flag}-${state}`}>
                    <Table.Td w={48}>
                      <Group justify="center" c={state === 'on' ? 'blue' : flag === 'optional' ? 'gray' : 'red'}>
                        <Icon size={20} aria-hidden />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <Text span fw={600}>
                          {FLAG_TITLES[flag]} {state}:
                        </Text>{' '}
                        {flag === 'optional' ? text : `Field / Section ${text}`}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              }),
            )}
          </Table.Tbody>
        </Table>
        <Button onClick={onClose} data-autofocus>
          I Understand
        </Button>
      </Stack>
    </Modal>
  );
}
