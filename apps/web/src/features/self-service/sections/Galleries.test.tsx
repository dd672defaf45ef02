import { type ImageGalleryItem, type InfoSection, PROFILE_MESSAGES } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { ImageGallery, VideoGallery } from './Galleries.tsx';

stubDocumentFonts();

const images: InfoSection = { key: 'images', type: 'imageGallery', title: 'Our work', enabled: true };
const videos: InfoSection = { key: 'videos', type: 'videoGallery', title: 'Videos', enabled: true };
const image = (key: string, title: string): ImageGalleryItem => ({
  key,
  type: 'image',
  title,
  url: `/uploads/${key}.png`,
  id: 10,
  enabled: true,
  sectionKey: 'images',
  source: 'self',
});

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

describe('Image gallery (spec §2, §5)', () => {
  it('edits an image: a link that is not https is refused in the dialog, a good one is saved with the new title', async () => {
    const { store, saves } = renderEditorPart(<ImageGallery section={images} />, { infoSections: [images], imageGallery: [image('img-1', 'Kitchen')] });
    expect(screen.getByText('Kitchen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit image Kitchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo gallery item' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'New kitchen');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'http://acme.example/kitchen');
    expect(within(dialog).getByText(PROFILE_MESSAGES.linkHttps)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save image' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'https://acme.example/kitchen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save image' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo gallery item' })).not.toBeInTheDocument());
    expect(screen.getByText('New kitchen')).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.imageGallery).toEqual([expect.objectContaining({ key: 'img-1', title: 'New kitchen', link: 'https://acme.example/kitchen' })]);
  });

  it('a new image cannot be saved without its picture; Cancel adds nothing', async () => {
    const { saves } = renderEditorPart(<ImageGallery section={images} />, { infoSections: [images], imageGallery: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Add an image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo gallery item' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Garden');
    expect(within(dialog).getByRole('button', { name: 'Save image' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo gallery item' })).not.toBeInTheDocument());
    expect(screen.queryByText('Garden')).not.toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('stops adding images at the division’s limit and says why', () => {
    renderEditorPart(
      <ImageGallery section={images} />,
      { infoSections: [images], imageGallery: [image('img-1', 'Kitchen'), image('img-2', 'Bathroom')] },
      { company: { limits: { imageGallery: 2 } } },
    );
    expect(screen.getByRole('button', { name: 'Add an image' })).toBeDisabled();
    expect(screen.getByText(PROFILE_MESSAGES.imageGalleryLimit(2))).toBeInTheDocument();
  });

  it('asks before deleting an image, naming it', async () => {
    const { store, saves } = renderEditorPart(<ImageGallery section={images} />, { infoSections: [images], imageGallery: [image('img-1', 'Kitchen')] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete image Kitchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete the image "Kitchen"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Kitchen')).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.imageGallery).toEqual([]);
  });
});

describe('Video gallery (spec §2, §5)', () => {
  it('adds a video and asks for a YouTube link until it has one, then saves it', async () => {
    const { store, saves } = renderEditorPart(<VideoGallery section={videos} />, { infoSections: [videos], videoGallery: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Add a video' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Video title' }), 'Tour');
    const link = screen.getByRole('textbox', { name: 'YouTube link' });
    await userEvent.type(link, 'https://vimeo.com/123');
    expect(await screen.findByText('Use a YouTube link.')).toBeInTheDocument();
    await userEvent.clear(link);
    await userEvent.type(link, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await waitFor(() => expect(screen.queryByText('Use a YouTube link.')).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.videoGallery).toEqual([
      expect.objectContaining({ type: 'youtube', title: 'Tour', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', sectionKey: 'videos' }),
    ]);
  });
});
