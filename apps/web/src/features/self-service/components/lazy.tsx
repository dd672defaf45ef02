import { Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { RichTextProps } from './RichTextField.tsx';

// Tiptap and CodeMirror are large and only some sections show them: each loads when first drawn.
const RichTextLazy = lazy(() => import('./RichTextField.tsx'));
const CssEditorLazy = lazy(() => import('./CssEditor.tsx'));

/** Rich text (Tiptap), loaded on first use. */
export function RichTextField(props: RichTextProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading editor" />}>
      <RichTextLazy {...props} />
    </Suspense>
  );
}

/** A CSS code editor (CodeMirror), loaded on first use. */
export function CssEditor(props: ComponentProps<typeof CssEditorLazy>) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading editor" />}>
      <CssEditorLazy {...props} />
    </Suspense>
  );
}
