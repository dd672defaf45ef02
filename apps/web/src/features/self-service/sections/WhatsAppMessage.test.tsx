import { PERMISSION_TOOLTIPS } from '@profilehub/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { WhatsAppMessage } from './WhatsAppMessage.tsx';

stubDocumentFonts();

const field = () => screen.getByRole('textbox', { name: 'WhatsApp share message' });

describe('WhatsApp share message (spec §2, desktop templates)', () => {
  it('saves the message as typed, and a child must give one before publishing', async () => {
    const { store, saves } = renderEditorPart(<WhatsAppMessage />, {}, childOfTemplate([]));
    expect(field()).toBeRequired();
    await userEvent.type(field(), 'Let’s talk about your new home');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ referral_message: 'Let’s talk about your new home' });
  });

  it('a message the template makes optional is not required, and says so', () => {
    renderEditorPart(<WhatsAppMessage />, {}, childOfTemplate([{ key: 'referral_message', show: true, edit: true, optional: true, sortable: true }]));
    expect(field()).not.toBeRequired();
    expect(screen.getByLabelText(`WhatsApp share message: ${PERMISSION_TOOLTIPS.optional.on}`)).toBeInTheDocument();
  });

  it('a message the template locks shows the template’s text and cannot be changed', async () => {
    const { saves } = renderEditorPart(
      <WhatsAppMessage />,
      { referral_message: 'Acme: homes since 1990' },
      childOfTemplate([{ key: 'referral_message', show: true, edit: false, optional: false, sortable: true }]),
    );
    expect(field()).toHaveValue('Acme: homes since 1990');
    expect(field()).toBeDisabled();
    expect(screen.getByLabelText(`WhatsApp share message: WhatsApp share message ${PERMISSION_TOOLTIPS.edit.off}`)).toBeInTheDocument();
    await userEvent.type(field(), ' and more');
    expect(field()).toHaveValue('Acme: homes since 1990');
    expect(saves).toHaveLength(0);
  });

  it('a message the template hides is not offered at all', () => {
    renderEditorPart(<WhatsAppMessage />, {}, childOfTemplate([{ key: 'referral_message', show: false, edit: true, optional: true, sortable: true }]));
    expect(screen.queryByRole('textbox', { name: 'WhatsApp share message' })).not.toBeInTheDocument();
  });
});
