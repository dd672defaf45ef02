import '@mantine/tiptap/styles.layer.css';
import { FileButton, Stack, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { isEmptyRichText } from '@profilehub/shared';
import { mergeAttributes, Node } from '@tiptap/core';
import { useEditor as useTiptap } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { toastError } from '../../../lib/notify.ts';
import { uploadFiles } from '../../../lib/upload-files.ts';
import { registerRichTextImage } from '../api/register-rich-text-image.ts';
import { removeRichTextImage } from '../api/remove-rich-text-image.ts';
import { useEditor } from '../hooks/editor-context.tsx';
import { RICH_TEXT_SETTLE_MS } from '../hooks/editor-store.ts';
import { IconPhoto } from './editor-icons.tsx';

/** Spec §5 rich-text image types. */
const RICH_TEXT_IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

/** A picture in rich text (the page's sanitiser keeps `img` with an https or uploaded `src`). */
const RichImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

/** The image sources in a piece of rich text. */
function imageSources(html: string | undefined): Set<string> {
  return new Set([...(html ?? '').matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1] ?? '').filter(Boolean));
}

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
  const { store } = useEditor();
  const latest = useRef(onChange);
  latest.current = onChange;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const images = useRef(imageSources(value));
  const [uploading, setUploading] = useState<string | null>(null);
  const editor = useTiptap({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['https'] } }), RichImage],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': name, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const html = e.getHTML();
        // Pictures that left the text are unregistered from the profile.
        const now = imageSources(html);
        for (const src of images.current) if (!now.has(src)) void removeRichTextImage(store.profileId, src);
        images.current = now;
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
  // Locking or unlocking the field is no edit (Tiptap emits an update for it unless told not to).
  useEffect(() => editor?.setEditable(!disabled, false), [editor, disabled]);

  /** Spec §7: upload, register with the profile, then place it in the text. */
  async function insertImage(file: File) {
    try {
      const [stored] = await uploadFiles([file], { purpose: 'rich-text', profileId: store.profileId, onProgress: setUploading });
      if (!stored) return;
      await registerRichTextImage(store.profileId, stored.url, stored.id);
      editor
        ?.chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src: stored.url, alt: '' } })
        .run();
    } catch (e) {
      // The server's own message when it answered; spec §8's text when the upload never got an answer.
      toastError(e instanceof ApiError && e.status > 0 ? e : 'Error uploading image');
    } finally {
      setUploading(null);
    }
  }
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
              <FileButton accept={RICH_TEXT_IMAGE_TYPES} onChange={(file) => file && void insertImage(file)}>
                {(props) => (
                  <RichTextEditor.Control {...props} aria-label="Insert image" title="Insert image" disabled={uploading !== null}>
                    <IconPhoto size={14} />
                  </RichTextEditor.Control>
                )}
              </FileButton>
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
      {uploading ? (
        <Text size="xs" c="dimmed" role="status">
          {uploading}
        </Text>
      ) : null}
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
