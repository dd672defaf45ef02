import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { childOfTemplate, renderEditorPart, selfLink, stubDocumentFonts } from '../../../test/editor.tsx';
import { Buttons } from '../sections/Buttons.tsx';

stubDocumentFonts();

const links = [selfLink('website', 'Website'), selfLink('shop', 'Shop'), selfLink('blog', 'Blog')];

/** jsdom lays nothing out: each row of a list stands 60 px below the one before, so moving by keyboard has somewhere to go. */
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-sortable-key]');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 400, bottom: top + 50, width: 400, height: 50, toJSON: () => ({}) } as DOMRect;
  });
});

const order = () => [...document.querySelectorAll('[data-sortable-key]')].map((row) => row.getAttribute('data-sortable-key'));

/** Lifts the row by its handle, moves it `steps` rows down, and drops it, by keyboard. */
async function moveDown(title: string, steps: number) {
  screen.getByRole('button', { name: `Move ${title}` }).focus();
  await userEvent.keyboard('[Space]');
  for (let i = 0; i < steps; i++) await userEvent.keyboard('[ArrowDown]');
  await userEvent.keyboard('[Space]');
}

describe('Reordering a list by keyboard (spec §2 Buttons)', () => {
  it('moves a button down two places, tells a screen reader where it went, and saves the new order', async () => {
    const { store, saves } = renderEditorPart(<Buttons />, { links });
    expect(screen.getByRole('list', { name: 'Buttons' })).toBeInTheDocument();
    await moveDown('Website', 2);
    await waitFor(() => expect(order()).toEqual(['shop', 'blog', 'website']));
    expect(await screen.findByText('Website dropped at position 3 of 3.')).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.links).toEqual([
      expect.objectContaining({ key: 'shop' }),
      expect.objectContaining({ key: 'blog' }),
      expect.objectContaining({ key: 'website' }),
    ]);
  });

  it('a move cancelled with Escape leaves the order as it was and saves nothing', async () => {
    const { store, saves } = renderEditorPart(<Buttons />, { links });
    screen.getByRole('button', { name: 'Move Website' }).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Escape]');
    expect(await screen.findByText('Moving Website was cancelled.')).toBeInTheDocument();
    expect(order()).toEqual(['website', 'shop', 'blog']);
    expect(await store.flush()).toBe(true);
    expect(saves).toHaveLength(0);
  });

  it('on a template’s child, a list the template does not let it sort stays in the template’s order', async () => {
    const { store, saves } = renderEditorPart(
      <Buttons />,
      { links },
      childOfTemplate([{ key: 'links', show: true, edit: true, optional: true, sortable: false }]),
    );
    expect(screen.getByRole('button', { name: 'Move Website' })).toHaveAttribute('aria-disabled', 'true');
    await moveDown('Website', 2);
    expect(order()).toEqual(['website', 'shop', 'blog']);
    expect(await store.flush()).toBe(true);
    expect(saves).toHaveLength(0);
  });
});
