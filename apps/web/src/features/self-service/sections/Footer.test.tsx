import { type EditorContent, PROFILE_MESSAGES } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { Footer } from './Footer.tsx';

stubDocumentFonts();

/** A standalone profile's footer, its saves recorded instead of sent. */
const renderFooter = (content: EditorContent = {}) => renderEditorPart(<Footer />, { fullName: 'Jane Doe', ...content });

describe('Footer: consent before publishing', () => {
  it('consent turned on with no text shows the field error and is not saved until a text is written', async () => {
    const { store, saves } = renderFooter();
    await userEvent.click(screen.getByRole('switch', { name: 'Ask for consent before publishing' }));
    expect(await screen.findByText(PROFILE_MESSAGES.consentTextRequired)).toBeInTheDocument();
    expect(await store.flush()).toBe(false);
    expect(saves).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Consent text' }), 'I confirm my card is correct.');
    await waitFor(() => expect(screen.queryByText(PROFILE_MESSAGES.consentTextRequired)).not.toBeInTheDocument());
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toMatchObject({ enableConsent: true, consentText: '<p>I confirm my card is correct.</p>' });
  });
});
