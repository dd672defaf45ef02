import { PERMISSION_TOOLTIPS } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEditorScreen, stubDocumentFonts, testEditorView } from '../../../test/editor.tsx';
import { TemplateEditor, type TemplateMode } from './TemplateEditor.tsx';

stubDocumentFonts();

beforeEach(() => {
  localStorage.setItem('profile-editor:welcome-seen', '1');
  sessionStorage.setItem('jwt', 'token');
});

const template = testEditorView({
  profile: { id: 2, alias: null, isMaster: true, templateName: 'Acme Standard' },
  content: { templateLayout: 'desktop2', fullName: 'Template' },
  permissions: { profileId: 2, profileName: 'Acme Standard' },
  flags: { templates: true, permissions: true },
  access: { canManage: true, canManagePermissions: true },
});

function Harness({ initialMode }: { initialMode: TemplateMode }) {
  const [mode, setMode] = useState(initialMode);
  return <TemplateEditor view={template} isSuperadmin={false} mode={mode} onModeChange={setMode} />;
}

const legend = () => screen.queryByRole('dialog', { name: 'Edit Template Permissions' });
const understood = async () => {
  await userEvent.click(within(legend()!).getByRole('button', { name: 'I Understand' }));
  await waitFor(() => expect(legend()).not.toBeInTheDocument());
};

describe('Permissions legend (spec §2 Edit Template Permissions)', () => {
  it('opens the first time permissions mode is entered, explaining each toggle’s two states', async () => {
    renderEditorScreen(<Harness initialMode="template" />);
    expect(legend()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template Permissions' });
    for (const [title, text] of [
      ['Optional on:', PERMISSION_TOOLTIPS.optional.on],
      ['Optional off:', PERMISSION_TOOLTIPS.optional.off],
      ['Show on:', `Field / Section ${PERMISSION_TOOLTIPS.show.on}`],
      ['Show off:', `Field / Section ${PERMISSION_TOOLTIPS.show.off}`],
      ['Edit on:', `Field / Section ${PERMISSION_TOOLTIPS.edit.on}`],
      ['Edit off:', `Field / Section ${PERMISSION_TOOLTIPS.edit.off}`],
    ]) {
      expect(within(dialog).getByText(title!).parentElement).toHaveTextContent(`${title} ${text}`);
    }
  });

  it('once understood, does not open again this session until asked for with “?”', async () => {
    renderEditorScreen(<Harness initialMode="permissions" />);
    expect(await screen.findByRole('dialog', { name: 'Edit Template Permissions' })).toBeInTheDocument();
    await understood();
    expect(sessionStorage.getItem('manage-templates:legend-seen')).toBe('1');

    await userEvent.click(screen.getByRole('radio', { name: 'Template' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Permissions' }));
    expect(legend()).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Template Permissions' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Template Permissions' })).toBeInTheDocument();
    await understood();
  });

  it('seen earlier this session, permissions mode opens without it', async () => {
    sessionStorage.setItem('manage-templates:legend-seen', '1');
    renderEditorScreen(<Harness initialMode="permissions" />);
    expect(await screen.findByRole('button', { name: 'Apply permissions updates' })).toBeInTheDocument();
    expect(legend()).not.toBeInTheDocument();
  });
});
