import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderEditorScreen } from '../../../test/editor.tsx';
import { IconSelect } from './IconChooser.tsx';

/** The picker as a section holds it: the value it was given, then each name it hands back. */
function Picker({ initial, disabled }: { initial?: string; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <IconSelect label="Icon" value={value} onChange={setValue} disabled={disabled} />
      <output aria-label="Chosen">{value ?? ''}</output>
    </>
  );
}

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Choose icon' }));
  return screen.findByRole('dialog', { name: 'Choose an icon' });
};

describe('Icon picker (spec §2 reusable part)', () => {
  it('with no icon yet offers to choose one; a choice closes the dialog and hands back its name', async () => {
    renderEditorScreen(<Picker />);
    expect(screen.getByRole('button', { name: 'Choose icon' })).toHaveTextContent('Choose icon');
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose an icon' })).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('calendar');
    expect(screen.getByRole('button', { name: 'Choose icon' })).toHaveTextContent('Change icon');
  });

  it('searching narrows the icons to those whose name matches', async () => {
    renderEditorScreen(<Picker />);
    const dialog = await open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search icons' }), ' PIN ');
    expect(within(dialog).getByRole('button', { name: 'map-pin' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'phone' })).not.toBeInTheDocument();
  });

  it('marks the current icon as chosen, an older Font Awesome name included', async () => {
    renderEditorScreen(<Picker initial="fa-solid fa-phone" />);
    expect(screen.getByRole('button', { name: 'Choose icon' })).toHaveTextContent('Change icon');
    const dialog = await open();
    expect(within(dialog).getByRole('button', { name: 'phone' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('button', { name: 'mail' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a disabled picker cannot be opened', async () => {
    renderEditorScreen(<Picker initial="phone" disabled />);
    const button = screen.getByRole('button', { name: 'Choose icon' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Choose an icon' })).not.toBeInTheDocument();
  });
});
