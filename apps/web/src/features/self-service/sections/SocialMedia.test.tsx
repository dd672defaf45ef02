import { PROFILE_MESSAGES } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { SocialMedia } from './SocialMedia.tsx';

stubDocumentFonts();

const facebook = { key: 'facebook' as const, title: 'Facebook', url: 'https://facebook.com/jane', enabled: true, source: 'self' as const };

async function chooseNetwork(name: string) {
  await userEvent.click(screen.getByLabelText('Add a social network', { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name }));
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('Social media section (spec §2, §5)', () => {
  it('adds a network once, makes its link https when the field is left, and saves it', async () => {
    const { store, saves } = renderEditorPart(<SocialMedia />, { socialLinks: [] });
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await chooseNetwork('LinkedIn');
    const field = await screen.findByRole('textbox', { name: 'LinkedIn link' });
    await userEvent.type(field, 'linkedin.com/in/jane');
    await userEvent.tab();
    expect(field).toHaveValue('https://linkedin.com/in/jane');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.socialLinks).toEqual([
      expect.objectContaining({ key: 'linkedin', title: 'LinkedIn', url: 'https://linkedin.com/in/jane', enabled: true }),
    ]);
    // Each network once: LinkedIn is no longer offered.
    await userEvent.click(screen.getByLabelText('Add a social network', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Facebook' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'LinkedIn' })).not.toBeInTheDocument();
  });

  it('asks before deleting a network: Cancel keeps it, Delete takes it off the page', async () => {
    const { store, saves } = renderEditorPart(<SocialMedia />, { socialLinks: [facebook] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Facebook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete Facebook?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Facebook link' })).toHaveValue('https://facebook.com/jane');
    expect(saves).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Facebook' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Facebook link' })).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.socialLinks).toEqual([]);
  });

  it('switching a network off marks it Hidden and saves it switched off', async () => {
    const { store, saves } = renderEditorPart(<SocialMedia />, { socialLinks: [facebook] });
    expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show Facebook' }));
    expect(await screen.findByText('Hidden')).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.socialLinks).toEqual([expect.objectContaining({ key: 'facebook', enabled: false })]);
  });

  it('refuses a link that is not https under its field, and holds the save back until it is', async () => {
    const { store, saves } = renderEditorPart(<SocialMedia />, { socialLinks: [facebook] });
    const field = screen.getByRole('textbox', { name: 'Facebook link' });
    await userEvent.clear(field);
    await userEvent.type(field, 'http://facebook.com/jane');
    expect(await screen.findByText(PROFILE_MESSAGES.linkHttps)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await store.flush()).toBe(false);
    expect(saves).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'https://facebook.com/jane.doe');
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.linkHttps)).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.socialLinks).toEqual([expect.objectContaining({ key: 'facebook', url: 'https://facebook.com/jane.doe' })]);
  });
});
