import { PERMISSION_TOOLTIPS } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { CallToAction } from './CallToAction.tsx';

stubDocumentFonts();

describe('Call to action (spec §2)', () => {
  it('saves the title, link and chosen icon as the page’s main action button', async () => {
    const { store, saves } = renderEditorPart(<CallToAction />, {});
    expect(screen.getByRole('textbox', { name: 'Call to action title' })).toBeRequired();
    await userEvent.type(screen.getByRole('textbox', { name: 'Call to action title' }), 'Book a viewing');
    await userEvent.type(screen.getByRole('textbox', { name: 'Call to action URL' }), 'https://acme.example/book');
    await userEvent.click(screen.getByRole('button', { name: 'Choose icon *' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an icon' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose an icon' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Choose icon *' })).toHaveTextContent('Change icon');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({
      mainActionButton: { key: 'main-action-button', title: 'Book a viewing', url: 'https://acme.example/book', icon: 'calendar' },
    });
  });

  it('saves its background colour among the page’s colours, not in the button itself', async () => {
    const { store, saves } = renderEditorPart(<CallToAction />, { mainActionButton: { key: 'main-action-button', title: 'Call me' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Call to action background colour' }), '#112233');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({
      cssVariables: { 'main-action-button-background-color': { color: '#112233', css: '#112233', mode: 'solid' } },
    });
  });

  it('on a template’s child, a locked title keeps the template’s text while the link stays editable', async () => {
    const { store, saves } = renderEditorPart(
      <CallToAction />,
      { mainActionButton: { key: 'main-action-button', title: 'Call Acme', url: 'https://acme.example' } },
      childOfTemplate([{ key: 'mainActionButton.title', show: true, edit: false, optional: false, sortable: true }]),
    );
    const title = screen.getByRole('textbox', { name: 'Call to action title' });
    expect(title).toBeDisabled();
    expect(title).toHaveValue('Call Acme');
    expect(screen.getByLabelText(`Title: Title ${PERMISSION_TOOLTIPS.edit.off}`)).toBeInTheDocument();
    const url = screen.getByRole('textbox', { name: 'Call to action URL' });
    expect(url).toBeEnabled();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://acme.example/jane');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ mainActionButton: { key: 'main-action-button', title: 'Call Acme', url: 'https://acme.example/jane' } });
  });

  it('on a template’s child, a whole call to action the template locks offers no icon choice', () => {
    renderEditorPart(
      <CallToAction />,
      { mainActionButton: { key: 'main-action-button', title: 'Call Acme', icon: 'phone' } },
      childOfTemplate([{ key: 'mainActionButton', show: true, edit: false, optional: false, sortable: true }]),
    );
    expect(screen.getByRole('textbox', { name: 'Call to action title' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Call to action URL' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose icon' })).toBeDisabled();
  });

  it('on a template’s child, a URL the template hides is not shown', () => {
    renderEditorPart(
      <CallToAction />,
      { mainActionButton: { key: 'main-action-button', title: 'Call Acme', url: 'https://acme.example' } },
      childOfTemplate([{ key: 'mainActionButton.url', show: false, edit: true, optional: true, sortable: true }]),
    );
    expect(screen.getByRole('textbox', { name: 'Call to action title' })).toBeEnabled();
    expect(screen.queryByRole('textbox', { name: 'Call to action URL' })).not.toBeInTheDocument();
  });
});
