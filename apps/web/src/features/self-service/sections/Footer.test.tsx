import { type EditorContent, PROFILE_MESSAGES, type ProfileChanges, type SaveProfileResponse } from '@profilehub/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { stubDocumentFonts, testEditorView } from '../../../test/editor.tsx';
import { EditorProvider } from '../hooks/editor-context.tsx';
import { EditorStore } from '../hooks/editor-store.ts';
import { Footer } from './Footer.tsx';

stubDocumentFonts();

/** A standalone profile's footer, its saves recorded instead of sent. */
function renderFooter(content: EditorContent = {}) {
  const view = testEditorView({ content: { fullName: 'Jane Doe', ...content } });
  const saves: ProfileChanges[] = [];
  const save = async (_id: number, version: number, changes: ProfileChanges): Promise<SaveProfileResponse> => {
    saves.push(changes);
    return { success: true, message: 7, companyId: 3, hideNotification: false, version: version + 1 };
  };
  const store = new EditorStore({ profileId: 7, version: 4, content: view.content, ownsConsent: true, save });
  render(
    <AppProviders env="test">
      <EditorProvider store={store} view={view}>
        <Footer />
      </EditorProvider>
    </AppProviders>,
  );
  return { store, saves };
}

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
