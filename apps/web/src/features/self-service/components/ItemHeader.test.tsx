import { PERMISSION_TOOLTIPS } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, selfLink, stubDocumentFonts } from '../../../test/editor.tsx';
import { Buttons } from '../sections/Buttons.tsx';

stubDocumentFonts();

/** Jane's buttons on a child of a template that locks "Website" and leaves "Shop" to her. */
function renderLockedWebsite() {
  return renderEditorPart(
    <Buttons />,
    { links: [selfLink('website', 'Website'), selfLink('shop', 'Shop')] },
    childOfTemplate([{ key: 'website', show: true, edit: false, optional: true, sortable: true }]),
  );
}

describe('A list item’s header line (spec §2 Buttons, §6 locked items)', () => {
  it('Edit opens the item’s fields and closes them again', async () => {
    renderEditorPart(<Buttons />, { links: [selfLink('website', 'Website')] });
    const edit = screen.getByRole('button', { name: 'Edit Website' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Button 1 title' })).not.toBeInTheDocument();
    await userEvent.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Button 1 title' })).toBeVisible();
    await userEvent.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Button 1 title' })).not.toBeInTheDocument());
  });

  it('an item the template locks is marked Locked, with the spec’s tooltip', async () => {
    renderLockedWebsite();
    const locked = screen.getAllByText('Locked');
    expect(locked).toHaveLength(1);
    await userEvent.hover(locked[0]!);
    expect(await screen.findByText(`Website ${PERMISSION_TOOLTIPS.edit.off}`)).toBeInTheDocument();
  });

  it('a locked item cannot be shown, hidden, retitled or deleted; its unlocked neighbour can', async () => {
    const { store, saves } = renderLockedWebsite();
    expect(screen.getByRole('switch', { name: 'Show Website' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Website' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Website' }));
    const title = screen.getByRole('textbox', { name: 'Button 1 title' });
    expect(title).toBeDisabled();
    await userEvent.type(title, ' and more');
    expect(title).toHaveValue('Website');

    expect(screen.getByRole('switch', { name: 'Show Shop' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Shop' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Show Shop' }));
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.links).toEqual([
      expect.objectContaining({ key: 'website', title: 'Website', enabled: true }),
      expect.objectContaining({ key: 'shop', enabled: false }),
    ]);
  });
});
