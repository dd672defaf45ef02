import { EditorView } from '@codemirror/view';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CssEditor from './CssEditor.tsx';

/** The CodeMirror view behind the labelled content element. */
function viewOf(label: string): EditorView {
  const view = EditorView.findFromDOM(screen.getByLabelText(label));
  if (!view) throw new Error(`no editor labelled ${label}`);
  return view;
}

describe('CssEditor (spec §2 CSS plugin)', () => {
  it('shows the stored CSS under its label, and hands every edit to onChange', () => {
    const changes: string[] = [];
    render(<CssEditor label="Custom CSS" value=".card { color: red; }" onChange={(v) => changes.push(v)} />);
    expect(screen.getByLabelText('Custom CSS')).toHaveTextContent('.card { color: red; }');
    const view = viewOf('Custom CSS');
    view.dispatch({ changes: { from: view.state.doc.length, insert: '\nh1 { margin: 0; }' } });
    expect(changes).toEqual(['.card { color: red; }\nh1 { margin: 0; }']);
  });

  it('takes a value changed elsewhere (a reset, another tab’s save) while the person is not typing in it', () => {
    const { rerender } = render(<CssEditor label="Custom CSS" value="a { }" onChange={() => {}} />);
    rerender(<CssEditor label="Custom CSS" value="b { color: blue; }" onChange={() => {}} />);
    expect(viewOf('Custom CSS').state.doc.toString()).toBe('b { color: blue; }');
    expect(screen.getByLabelText('Custom CSS')).toHaveTextContent('b { color: blue; }');
  });
});
