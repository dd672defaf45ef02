import { autocompletion } from '@codemirror/autocomplete';
import { css } from '@codemirror/lang-css';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { drawSelection, EditorView, highlightActiveLine, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

/** A CSS code editor (spec §2 CSS plugin), height 400. */
export default function CssEditor({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  // The editor is created once per mount; later values arrive through the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: value,
      parent: host.current,
      extensions: [
        lineNumbers(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        syntaxHighlighting(defaultHighlightStyle),
        autocompletion(),
        css(),
        EditorView.theme({
          '&': { height: '400px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: '6px' },
          '.cm-scroller': { overflow: 'auto' },
        }),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value && !editor.hasFocus) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} />;
}
