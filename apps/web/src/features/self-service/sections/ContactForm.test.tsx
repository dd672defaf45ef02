import { DEFAULT_CONTACT_FORM_FIELDS, PROFILE_MESSAGES } from '@profilehub/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { ContactForm } from './ContactForm.tsx';

stubDocumentFonts();

describe('Contact form (spec §4)', () => {
  it('can be switched on only once "Send to email" and "Thank you message" are filled; on, it gets a lead form named after the owner', async () => {
    const { store, saves } = renderEditorPart(<ContactForm />, { fullName: 'Jane Doe' });
    const toggle = screen.getByRole('switch', { name: 'Show the contact form on my profile' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText(PROFILE_MESSAGES.contactFormEnable)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Send to email' }), 'jane@acme.example');
    expect(toggle).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Thank you message' }), 'Thanks, I will call you back.');
    expect(toggle).toBeEnabled();
    expect(screen.queryByText(PROFILE_MESSAGES.contactFormEnable)).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.contactForm).toEqual(
      expect.objectContaining({
        enabled: true,
        sendToMail: 'jane@acme.example',
        thankYouMessage: '<p>Thanks, I will call you back.</p>',
        formId: expect.stringMatching(/^Jane Doe Lead Form-\d+$/),
      }),
    );
  });

  it('saves which fields the form shows and which it requires', async () => {
    const { store, saves } = renderEditorPart(<ContactForm />, {});
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Mobile' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Message required' }));
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)?.contactForm).toEqual(
      expect.objectContaining({ mobile: { enabled: false, required: false }, message: { enabled: true, required: true } }),
    );
  });

  it('on a template’s child, a send-to address the template locks cannot be changed, and one it hides is not shown', async () => {
    const { store, saves } = renderEditorPart(
      <ContactForm />,
      { contactForm: { enabled: false, sendToMail: 'leads@acme.example', ...DEFAULT_CONTACT_FORM_FIELDS } },
      childOfTemplate([
        { key: 'contactForm.sendToMail', show: true, edit: false, optional: false, sortable: true },
        { key: 'contactForm.sendToMailCC', show: false, edit: false, optional: false, sortable: true },
      ]),
    );
    const sendTo = screen.getByRole('textbox', { name: 'Send to email' });
    expect(sendTo).toHaveValue('leads@acme.example');
    expect(sendTo).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Send to email CC' })).not.toBeInTheDocument();
    expect(await store.flush()).toBe(true);
    expect(saves).toEqual([]);
  });
});
