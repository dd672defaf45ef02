import { Anchor, Badge, Image, Modal, Stack, Table, Text } from '@mantine/core';
import { CHANGES_PAGE_SIZE, type ChangeValue, type ProfileChange } from '@profilehub/shared';
import { useState } from 'react';
import { ListPager } from '../../../components/list/ListPager.tsx';

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)(\?.*)?$/i;
/** Rich text is shown as the words it carries; the markup never runs here. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One side of a change as it will look: images as images, texts as text (spec §3 Profile change values). */
export function ChangeValueView({ value }: { value: ChangeValue | null }) {
  if (!value) return <Text c="dimmed">—</Text>;
  const isImage = value.url && (IMAGE.test(value.url) || value.url.startsWith('/uploads/'));
  return (
    <Stack gap={4}>
      {isImage ? <Image src={value.url} alt={value.title ?? ''} h={72} w="auto" fit="contain" radius="sm" maw={160} /> : null}
      {value.value !== undefined ? <Text size="sm">{typeof value.value === 'string' ? plain(value.value) : String(value.value)}</Text> : null}
      {value.title ? (
        <Text size="sm" fw={600}>
          {value.title}
        </Text>
      ) : null}
      {value.url && !isImage ? (
        <Anchor href={value.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
          {value.url}
        </Anchor>
      ) : null}
      {value.description ? <Text size="sm">{plain(value.description)}</Text> : null}
      {value.review ? <Text size="sm">“{plain(value.review)}”</Text> : null}
      {value.name ? (
        <Text size="xs" c="dimmed">
          {value.name}
        </Text>
      ) : null}
    </Stack>
  );
}

const ACTION_COLOR = { added: 'green', removed: 'red', updated: 'blue' } as const;

/** The profile changes viewer (spec §2): field / old / new, seven to a page. */
export function ChangesViewer({ title, changes, onClose }: { title: string; changes: ProfileChange[] | null; onClose: () => void }) {
  const [page, setPage] = useState(0);
  // Two changes can share a title (two buttons named alike): their place in the list tells them apart.
  const shown = (changes ?? []).map((c, n) => ({ ...c, id: `${n}:${c.fieldTitle}` })).slice(page * CHANGES_PAGE_SIZE, (page + 1) * CHANGES_PAGE_SIZE);
  return (
    <Modal
      opened={changes !== null}
      onClose={() => {
        setPage(0);
        onClose();
      }}
      title={title}
      size="xl"
      centered
    >
      {changes && changes.length === 0 ? <Text c="dimmed">No changes against the published page.</Text> : null}
      {changes && changes.length > 0 ? (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" withRowBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Old value</Table.Th>
                  <Table.Th>New value</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Stack gap={4}>
                        <Text size="sm" fw={600}>
                          {c.fieldTitle}
                        </Text>
                        <Badge size="xs" variant="light" color={ACTION_COLOR[c.actionType]}>
                          {c.actionType}
                        </Badge>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <ChangeValueView value={c.oldValue} />
                    </Table.Td>
                    <Table.Td>
                      <ChangeValueView value={c.newValue} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPager page={page} pageSize={CHANGES_PAGE_SIZE} total={changes.length} onChange={setPage} />
        </>
      ) : null}
    </Modal>
  );
}
