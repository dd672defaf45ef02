import '@mantine/tiptap/styles.layer.css';
import { Stack, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { isEmptyRichText } from '@profilehub/shared';
import { useEditor as useTiptap } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef } from 'react';
import { RICH_TEXT_SETTLE_MS } from '../hooks/editor-store.ts';

export type RichTextProps = {
  label: ReactNode;
  /** Accessible name of the text area. */
  name: string;
  value: string | undefined;
  onChange: (html: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  minHeight?: number;
};

/**
 * Rich text (spec §2 footer disclaimer, pop-ups, sections): Tiptap in Mantine's
 * editor. Edits settle for 400 ms before they become a change (spec §4, §9).
 */
export default function RichTextField({ label, name, value, onChange, disabled, error, minHeight = 120 }: RichTextProps) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editor = useTiptap({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['https'] } })],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': name, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const html = e.getHTML();
        latest.current(isEmptyRichText(html) ? '' : html);
      }, RICH_TEXT_SETTLE_MS);
    },
  });
  // A value replaced from outside (a newer version taken after a conflict) reaches the editor.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const current = editor.getHTML();
    if ((value ?? '') !== current && !(isEmptyRichText(value) && isEmptyRichText(current))) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => editor?.setEditable(!disabled), [editor, disabled]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} component="div">
        {label}
      </Text>
      <RichTextEditor editor={editor} variant="subtle" style={{ opacity: disabled ? 0.6 : 1 }}>
        {disabled ? null : (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
