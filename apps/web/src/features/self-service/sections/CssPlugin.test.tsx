import { EditorView } from '@codemirror/view';
import type { ThemeListItem, ThemeResponse, ThemesResponse } from '@profilehub/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { CssPlugin } from './CssPlugin.tsx';

stubDocumentFonts();

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

const classic: ThemeListItem = {
  id: 1,
  name: 'Classic',
  cssPlug: '.theme { color: navy; }',
  layout: 'desktop2',
  fontFamily: null,
  previewImage: { url: null },
  companyId: 3,
  isDefault: true,
};
const themes = { body: { data: [classic] } satisfies ThemesResponse };

/** Types into a (lazily loaded) CodeMirror editor by its label, as a person's keystrokes would. */
async function typeInto(label: string, text: string) {
  const view = EditorView.findFromDOM(await screen.findByLabelText(label));
  if (!view) throw new Error(`no editor labelled ${label}`);
  act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: text } }));
}

describe('CSS plugin (spec §2)', () => {
  it('shows the preview link of this profile and theme, and saves the custom styling with the profile', async () => {
    mockFetch({ 'GET /api/profile-stylings/default-themes': themes });
    const { store, saves } = renderEditorPart(<CssPlugin />, { stylingId: 1, cssPlug: 'h1 { margin: 0; }' });
    expect(screen.getByRole('link', { name: /preview-link\.html/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/preview-link.html?stylingId=1&profileId=7`,
    );
    await typeInto('Custom styling CSS', '\np { color: red; }');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ cssPlug: 'h1 { margin: 0; }\np { color: red; }' });
    // A person without template editing sees no global styling.
    expect(screen.queryByText(/Global styling/)).not.toBeInTheDocument();
  });

  it('with styling editing, saves the theme’s global styling on its own, once it changed', async () => {
    const calls = mockFetch({
      'GET /api/profile-stylings/default-themes': themes,
      'PUT /api/profile-stylings/1': (call) => ({
        body: { success: true, data: { ...classic, cssPlug: (call.body as { data: { cssPlug: string } }).data.cssPlug } } satisfies ThemeResponse,
      }),
    });
    const { saves } = renderEditorPart(<CssPlugin />, { stylingId: 1 }, { access: { canEditStyling: true } });
    expect(await screen.findByText('Global styling (Classic)')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save global styling' });
    expect(save).toBeDisabled();
    await typeInto('Global styling CSS', '\n.card { padding: 4px; }');
    await userEvent.click(save);
    expect(await screen.findByText('Your changes has been saved!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ data: { id: 1, cssPlug: '.theme { color: navy; }\n.card { padding: 4px; }' } });
    // The theme's CSS is not part of the profile's own changes.
    expect(saves).toEqual([]);
  });

  it('on a template’s child, the theme’s global styling is not offered (its themes are not even asked for)', async () => {
    const calls = mockFetch({ 'GET /api/profile-stylings/default-themes': themes });
    renderEditorPart(<CssPlugin />, { stylingId: 1 }, { ...childOfTemplate([]), access: { canEditStyling: true } });
    expect(await screen.findByLabelText('Custom styling CSS')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/profile-stylings/default-themes')).toEqual([]);
    expect(screen.queryByText(/Global styling/)).not.toBeInTheDocument();
  });
});
