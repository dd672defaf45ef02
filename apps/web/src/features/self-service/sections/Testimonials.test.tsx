import type { Testimonial } from '@profilehub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { Testimonials } from './Testimonials.tsx';

stubDocumentFonts();

const review = (key: string, author: string): Testimonial => ({
  key,
  type: 'testimonial',
  review: `Great work by ${author}`,
  author,
  enabled: true,
  source: 'self',
});

describe('Testimonials section (spec §2)', () => {
  it('adds a testimonial, shows its date as the page will, and saves what was written', async () => {
    const { store, saves } = renderEditorPart(<Testimonials />, { testimonials: [] });
    expect(screen.queryByText('Testimonial 1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a testimonial' }));
    expect(await screen.findByText('Testimonial 1')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Testimonial 1 review' }), 'Jane found us the right flat in a week.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Testimonial 1 author' }), 'Sam Buyer');
    fireEvent.change(screen.getByLabelText('Testimonial 1 date'), { target: { value: '2026-03-03' } });
    // The date as the public page writes it, with its suffix.
    expect(await screen.findByText('3rd March 2026')).toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.testimonials).toEqual([
      expect.objectContaining({ type: 'testimonial', review: 'Jane found us the right flat in a week.', author: 'Sam Buyer', date: '2026-03-03' }),
    ]);
  });

  it('asks before deleting one, then numbers the rest again', async () => {
    const { store, saves } = renderEditorPart(<Testimonials />, { testimonials: [review('t-1', 'Ann'), review('t-2', 'Bob')] });
    expect(screen.getByRole('textbox', { name: 'Testimonial 2 author' })).toHaveValue('Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Delete testimonial 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete this testimonial?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Testimonial 2 author' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Testimonial 1 author' })).toHaveValue('Bob');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.testimonials).toEqual([expect.objectContaining({ key: 't-2', author: 'Bob' })]);
  });

  it('on a template’s child, hides a testimonial the template hides and keeps a locked one read-only without a delete', async () => {
    renderEditorPart(
      <Testimonials />,
      { testimonials: [review('t-1', 'Ann'), review('t-2', 'Bob')] },
      {
        profile: { masterProfileId: 2 },
        master: { id: 2, templateName: 'Standard', stylingId: 1, publishedAt: null, textValues: {}, inheritedKeys: ['t-1', 't-2'], content: {} },
        permissions: {
          childPermissions: [
            { key: 't-1', show: false, edit: false, optional: true, sortable: true },
            { key: 't-2', show: true, edit: false, optional: true, sortable: true },
          ],
        },
      },
    );
    expect(screen.queryByDisplayValue('Ann')).not.toBeInTheDocument();
    const author = screen.getByDisplayValue('Bob');
    expect(author).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Delete testimonial/ })).not.toBeInTheDocument();
  });
});
