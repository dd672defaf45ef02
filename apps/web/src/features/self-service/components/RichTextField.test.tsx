import type { UploadItem } from '@profilehub/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { errorBody, mockFetch } from '../../../test/fetch-mock.ts';
import { RICH_TEXT_SETTLE_MS } from '../hooks/editor-store.ts';
import RichTextField from './RichTextField.tsx';

stubDocumentFonts();

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

const stored: UploadItem = { id: 41, url: '/uploads/rich/photo.png', mime: 'image/png', width: 10, height: 10, size: 3 };

/** Renders the field over profile 7; `changes` collects what it hands on. */
function renderField(value: string) {
  const changes: string[] = [];
  renderEditorPart(<RichTextField label="Disclaimer" name="Disclaimer" value={value} onChange={(html) => changes.push(html)} />, {});
  const box = screen.getByRole('textbox', { name: 'Disclaimer' });
  // Tiptap keeps its editor on the element it edits.
  const editor = (box as unknown as { editor: Editor }).editor;
  return { box, editor, changes };
}

describe('RichTextField (spec §2 rich text, §7 images in it)', () => {
  it('shows the stored text and hands on an edit once it settles, as HTML', async () => {
    const { box, editor, changes } = renderField('<p>Terms apply.</p>');
    expect(box).toHaveTextContent('Terms apply.');
    act(() => {
      editor.commands.setContent('<p>Terms <strong>always</strong> apply.</p>', { emitUpdate: true });
    });
    expect(changes).toEqual([]);
    await waitFor(() => expect(changes).toEqual(['<p>Terms <strong>always</strong> apply.</p>']));
  });

  describe('when nobody edits', () => {
    afterEach(() => vi.useRealTimers());
    it('hands nothing on once the settle time has passed, unlocked or locked', () => {
      // Tiptap's setEditable emitted an update: the unchanged text came back as an edit 400 ms after every mount.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { changes } = renderField('<p>Text</p>');
      const locked: string[] = [];
      renderEditorPart(<RichTextField label="Locked" name="Locked" value="<p>Fixed</p>" disabled onChange={(html) => locked.push(html)} />, {});
      act(() => {
        vi.advanceTimersByTime(RICH_TEXT_SETTLE_MS + 1);
      });
      expect(changes).toEqual([]);
      expect(locked).toEqual([]);
    });
  });

  it('hands on an emptied text as empty, not as an empty paragraph', async () => {
    const { editor, changes } = renderField('<p>Gone soon</p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    await waitFor(() => expect(changes).toEqual(['']));
  });

  it('uploads a picture, registers it with the profile and places it; taking it out unregisters it', async () => {
    const calls = mockFetch({
      'POST /api/upload': { body: [stored] },
      'POST /api/profile-modifications/images': { body: { id: 1, profile: 7, img_url: stored.url, img_id: stored.id } },
      'DELETE /api/profile-modifications/images': { body: { success: true } },
    });
    const { editor, changes } = renderField('<p>Our office:</p>');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['png'], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(changes.at(-1)).toContain(`<img src="${stored.url}"`));
    const upload = calls.find((c) => c.path === '/api/upload');
    expect(upload?.parts).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'purpose', value: 'rich-text' })]));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/profile-modifications/images')?.body).toEqual({
      profile: 7,
      img_url: stored.url,
      img_id: stored.id,
    });

    act(() => {
      editor.commands.setContent('<p>Our office.</p>', { emitUpdate: true });
    });
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ profile: 7, img_url: stored.url }));
  });

  it('says so when the upload fails, and places nothing', async () => {
    mockFetch({ 'POST /api/upload': errorBody(413, 'This file is too large.', 'payload_too_large') });
    const { changes } = renderField('<p>Text</p>');
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['png'], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is too large.')).toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it('is read-only without a toolbar when locked', () => {
    const changes: string[] = [];
    renderEditorPart(<RichTextField label="Disclaimer" name="Disclaimer" value="<p>Fixed</p>" disabled onChange={(html) => changes.push(html)} />, {});
    expect(screen.getByRole('textbox', { name: 'Disclaimer' })).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('button', { name: 'Insert image' })).not.toBeInTheDocument();
  });
});
