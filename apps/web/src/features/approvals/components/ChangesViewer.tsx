import '@mantine/core/styles/Spoiler.layer.css';
import { Anchor, Badge, Group, Image, Modal, Paper, Spoiler, Stack, Table, Text, Typography } from '@mantine/core';
import { sanitizeRichText } from '@profilehub/profile-page/browser';
import { CHANGES_PAGE_SIZE, type ChangeValue, type ProfileChange } from '@profilehub/shared';
import { useState } from 'react';
import { ListPager } from '../../../components/list/ListPager.tsx';
import { usePhone } from '../../../lib/use-phone.ts';

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)(\?.*)?$/i;
const MARKUP = /<[a-z][^>]*>/i;
/** How tall a value may stand before it folds behind 'Show more'. */
const FOLDED_HEIGHT = 120;

/**
 * A text as the page shows it: rich text through the public page's own
 * sanitiser (so it looks the same and nothing in it runs), anything else as
 * plain text with its line breaks.
 */
function TextValue({ text }: { text: string }) {
  if (!MARKUP.test(text)) {
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    );
  }
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the public page's rich-text sanitiser. */}
      <div data-testid="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeRichText(text, undefined, { ownImagesOnly: true }) }} />
    </Typography>
  );
}

/** One side of a change as it will look: images as images, rich text rendered, long values folded (spec §3 Profile change values). */
function ChangeValueView({ value }: { value: ChangeValue | null }) {
  if (!value) return <Text c="dimmed">—</Text>;
  const isImage = value.url && (IMAGE.test(value.url) || value.url.startsWith('/uploads/'));
  return (
    <Spoiler maxHeight={FOLDED_HEIGHT} showLabel="Show more" hideLabel="Show less" fz="sm">
      <Stack gap={4}>
        {isImage ? <Image src={value.url} alt={value.title ?? ''} h={72} w="auto" fit="contain" radius="sm" maw={160} /> : null}
        {value.value !== undefined ? <TextValue text={String(value.value)} /> : null}
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
        {value.description ? <TextValue text={value.description} /> : null}
        {value.review ? <TextValue text={MARKUP.test(value.review) ? value.review : `“${value.review}”`} /> : null}
        {value.name ? (
          <Text size="xs" c="dimmed">
            {value.name}
          </Text>
        ) : null}
      </Stack>
    </Spoiler>
  );
}

const ACTION_COLOR = { added: 'green', removed: 'red', updated: 'blue' } as const;

function ChangeTitle({ change }: { change: ProfileChange }) {
  return (
    <Group gap={6} align="center">
      <Text size="sm" fw={600}>
        {change.fieldTitle}
      </Text>
      <Badge size="xs" variant="light" color={ACTION_COLOR[change.actionType]}>
        {change.actionType}
      </Badge>
    </Group>
  );
}

type Shown = ProfileChange & { id: string };

function ChangesTable({ changes }: { changes: Shown[] }) {
  return (
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
          {changes.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td w={170}>
                <ChangeTitle change={c} />
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
  );
}

function LabelledValue({ label, value }: { label: string; value: ChangeValue | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <ChangeValueView value={value} />
    </div>
  );
}

/** On a phone three columns do not fit: each change is a card, old value above new. */
function ChangeCards({ changes }: { changes: Shown[] }) {
  return (
    <Stack gap="sm">
      {changes.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="sm" component="section" aria-label={c.fieldTitle}>
          <Stack gap="xs">
            <ChangeTitle change={c} />
            <LabelledValue label="Old value" value={c.oldValue} />
            <LabelledValue label="New value" value={c.newValue} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The profile changes viewer (spec §2): field / old / new, seven to a page. */
export function ChangesViewer({ title, changes, onClose }: { title: string; changes: ProfileChange[] | null; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const phone = usePhone();
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
      fullScreen={phone}
      centered
    >
      {changes && changes.length === 0 ? <Text c="dimmed">No changes against the published page.</Text> : null}
      {changes && changes.length > 0 ? (
        <>
          {phone ? <ChangeCards changes={shown} /> : <ChangesTable changes={shown} />}
          <ListPager page={page} pageSize={CHANGES_PAGE_SIZE} total={changes.length} onChange={setPage} />
        </>
      ) : null}
    </Modal>
  );
}
