import type { InfoSection } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { InfoSections } from './InfoSections.tsx';

stubDocumentFonts();

const aboutMe: InfoSection = { key: 'about', type: 'aboutme', title: 'About Jane', enabled: true, source: 'self' };
const menuItems = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Add a section' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
};

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

describe('Drop-down sections (spec §2)', () => {
  it('adds About me once: it opens to be written, is saved, and is no longer offered', async () => {
    const { store, saves } = renderEditorPart(<InfoSections />, { infoSections: [] });
    expect(screen.getByText('No sections yet.')).toBeInTheDocument();
    // Placeholder is a template's, offered only in permissions mode.
    expect(await menuItems()).toEqual(['About me', 'Testimonial', 'Video gallery', 'Image gallery', 'Multimedia']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'About me' }));
    expect(await screen.findByRole('textbox', { name: 'About me video (YouTube)' })).toBeInTheDocument();
    expect(screen.queryByText('No sections yet.')).not.toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.infoSections).toEqual([expect.objectContaining({ type: 'aboutme', title: 'About me', enabled: true })]);
    expect(await menuItems()).toEqual(['Testimonial', 'Video gallery', 'Image gallery', 'Multimedia']);
  });

  it('the About me video asks for a YouTube link, and switches itself on once it has one', async () => {
    const { store, saves } = renderEditorPart(<InfoSections />, { infoSections: [aboutMe] });
    await userEvent.click(screen.getByRole('button', { name: 'Edit About Jane' }));
    const video = await screen.findByRole('textbox', { name: 'About me video (YouTube)' });
    await userEvent.type(video, 'https://vimeo.com/1');
    expect(await screen.findByText('Use a YouTube link.')).toBeInTheDocument();
    await userEvent.clear(video);
    await userEvent.type(video, 'https://youtu.be/dQw4w9WgXcQ');
    await waitFor(() => expect(screen.queryByText('Use a YouTube link.')).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toMatchObject({ aboutMeVideo: 'https://youtu.be/dQw4w9WgXcQ', aboutMeVideoEnabled: true });
  });

  it('asks before deleting a section, naming it, and offers About me again after', async () => {
    const { store, saves } = renderEditorPart(<InfoSections />, { infoSections: [aboutMe] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete About Jane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete the section "About Jane"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No sections yet.')).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.infoSections).toEqual([]);
    expect(await menuItems()).toContain('About me');
  });

  it('switching a section off keeps it in the editor and saves it hidden', async () => {
    const { store, saves } = renderEditorPart(<InfoSections />, { infoSections: [aboutMe] });
    await userEvent.click(screen.getByRole('switch', { name: 'Show About Jane' }));
    expect(screen.getByRole('switch', { name: 'Show About Jane' })).not.toBeChecked();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.infoSections).toEqual([expect.objectContaining({ key: 'about', enabled: false })]);
  });
});
