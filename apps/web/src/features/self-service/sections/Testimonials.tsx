import { ActionIcon, Button, Group, Rating, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { RATING_STEP, type Testimonial, testimonialDate } from '@profilehub/shared';
import { useState } from 'react';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import classes from '../components/editor.module.css';
import { IconPlus, IconTrash } from '../components/editor-icons.tsx';
import { FieldLabel, newKey, PartPermissions, PermissionToggles } from '../components/fields.tsx';
import { useEditor, useField, useFieldAccess, useProblems } from '../hooks/editor-context.tsx';

/** Spec §2 testimonial editor: review, author, date (shown with its suffix) and a half-star rating. */
export function Testimonials() {
  const { permission } = useEditor();
  const [items = [], setItems] = useField('testimonials');
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const collection = permission(['testimonials']);
  const change = (key: string, patch: Partial<Testimonial>) => setItems(items.map((t) => (t.key === key ? { ...t, ...patch } : t)));
  return (
    <Stack gap="xs">
      <PartPermissions permissionKey="testimonials" label="Testimonials" />
      {items.map((item, index) => (
        <TestimonialEditor
          key={item.key}
          item={item}
          index={index}
          onChange={(patch) => change(item.key, patch)}
          onDelete={collection.edit ? () => setDeleting(item) : undefined}
        />
      ))}
      {collection.edit ? (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => setItems([...items, { key: newKey('testimonial'), type: 'testimonial', enabled: true, source: 'self' }])}
        >
          Add a testimonial
        </Button>
      ) : null}
      <ConfirmDelete item={deleting} what={() => 'this testimonial'} items={items} setItems={setItems} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function TestimonialEditor({
  item,
  index,
  onChange,
  onDelete,
}: {
  item: Testimonial;
  index: number;
  onChange: (patch: Partial<Testimonial>) => void;
  onDelete: (() => void) | undefined;
}) {
  const access = useFieldAccess(item.key, { chain: ['testimonials', item.key] });
  const part = (name: string) => ({ chain: ['testimonials', item.key, `${item.key}.${name}`], requiredForPublish: true });
  const review = useFieldAccess(`${item.key}.review`, part('review'));
  const author = useFieldAccess(`${item.key}.author`, part('author'));
  const rating = useFieldAccess(`${item.key}.rating`, part('rating'));
  const problems = useProblems();
  if (access.hidden) return null;
  const n = index + 1;
  return (
    <Stack className={classes.item} gap="xs" {...access.anchor}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Testimonial {n}
        </Text>
        <PermissionToggles permissionKey={item.key} label={`Testimonial ${n}`} />
        {onDelete && !access.locked ? (
          <ActionIcon variant="subtle" color="red" aria-label={`Delete testimonial ${n}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        ) : null}
      </Group>
      <TextInput
        label="Title"
        aria-label={`Testimonial ${n} title`}
        value={item.title ?? ''}
        disabled={access.locked}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <Textarea
        {...review.anchor}
        label={<FieldLabel label="Review" access={review} />}
        aria-label={`Testimonial ${n} review`}
        required={review.required}
        autosize
        minRows={2}
        value={item.review ?? ''}
        disabled={review.locked}
        error={problems[`testimonials.${index}.review`]}
        onChange={(e) => onChange({ review: e.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <TextInput
          {...author.anchor}
          label={<FieldLabel label="Author" access={author} />}
          aria-label={`Testimonial ${n} author`}
          required={author.required}
          value={item.author ?? ''}
          disabled={author.locked}
          onChange={(e) => onChange({ author: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="Date"
          aria-label={`Testimonial ${n} date`}
          value={item.date ?? ''}
          description={testimonialDate(item.date) || ' '}
          disabled={access.locked}
          error={problems[`testimonials.${index}.date`]}
          onChange={(e) => onChange({ date: e.currentTarget.value })}
        />
      </Group>
      <Stack gap={4} {...rating.anchor}>
        <Text size="sm" fw={500} component="div">
          <FieldLabel label="Rating" access={rating} />
          {rating.required ? (
            <Text span c="red" aria-hidden>
              {' '}
              *
            </Text>
          ) : null}
        </Text>
        <Rating
          fractions={1 / RATING_STEP}
          value={item.rating ?? 0}
          readOnly={rating.locked}
          onChange={(value) => onChange({ rating: value })}
          aria-label={`Testimonial ${n} rating`}
        />
      </Stack>
    </Stack>
  );
}
