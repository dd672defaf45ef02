import { PROFILE_MESSAGES, type ProfileLink } from '@profilehub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { Buttons } from './Buttons.tsx';

stubDocumentFonts();

const website: ProfileLink = { key: 'website', title: 'Website', url: 'https://acme.example', contactType: 'url', enabled: true, source: 'self' };

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

describe('Buttons section (spec §2, issue #30)', () => {
  it('adds a pop-up button and saves the text its pop-up shows', async () => {
    const { store, saves } = renderEditorPart(<Buttons />, { links: [] });
    expect(screen.getByText('No buttons yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a button' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pop-up button' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit pop-up content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pop-up content' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Button 1 pop-up content' }), 'Open Monday to Friday.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pop-up content' })).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.links).toEqual([
      expect.objectContaining({ contactType: 'modal', title: 'Pop-up button', description: expect.stringContaining('Open Monday to Friday.') }),
    ]);
  });

  it('schedules a button: an end before the start is refused under the field and not saved; a good window is shown and saved', async () => {
    const { store, saves } = renderEditorPart(<Buttons />, { links: [website] });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Website' }));
    fireEvent.change(await screen.findByLabelText('Website show from'), { target: { value: '2099-03-10T09:00' } });
    fireEvent.change(screen.getByLabelText('Website show until'), { target: { value: '2099-03-01T09:00' } });
    expect(await screen.findByText(PROFILE_MESSAGES.showUntilBeforeFrom)).toBeInTheDocument();
    expect(await store.flush()).toBe(false);
    expect(saves).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Website show until'), { target: { value: '2099-03-20T18:00' } });
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.showUntilBeforeFrom)).not.toBeInTheDocument());
    expect(screen.getByText(/^Scheduled: from .+ until .+/)).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.links).toEqual([
      expect.objectContaining({
        key: 'website',
        showFrom: new Date('2099-03-10T09:00').toISOString(),
        showUntil: new Date('2099-03-20T18:00').toISOString(),
      }),
    ]);
  });

  it('switching a button off marks it Hidden; deleting asks first, naming it', async () => {
    const { store, saves } = renderEditorPart(<Buttons />, { links: [website] });
    await userEvent.click(screen.getByRole('switch', { name: 'Show Website' }));
    expect(await screen.findByText('Hidden')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete the button "Website"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No buttons yet.')).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.links).toEqual([]);
  });
});
