import { PERMISSION_TOOLTIPS } from '@profilehub/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { CssColour } from '../sections/Appearance.tsx';

stubDocumentFonts();

const background = <CssColour cssKey="background-color" label="Background colour" required />;

describe('Colour picker (spec §2 Appearance, §3 colour value)', () => {
  it('a solid colour typed is saved as the page’s colour', async () => {
    const { store, saves } = renderEditorPart(background, {});
    await userEvent.type(screen.getByRole('textbox', { name: 'Background colour' }), '#0a7cff');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ cssVariables: { 'background-color': { color: '#0a7cff', css: '#0a7cff', mode: 'solid' } } });
  });

  it('switched to a gradient, saves both stops at the degree given as CSS the page uses', async () => {
    const { store, saves } = renderEditorPart(background, {
      cssVariables: { 'background-color': { color: '#112233', css: '#112233', mode: 'solid' } },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Gradient' }));
    expect(screen.getByRole('textbox', { name: 'Background colour from' })).toHaveValue('#112233');
    const to = screen.getByRole('textbox', { name: 'Background colour to' });
    await userEvent.clear(to);
    await userEvent.type(to, '#ffffff');
    const degree = screen.getByRole('textbox', { name: 'Background colour degree' });
    await userEvent.tripleClick(degree);
    await userEvent.keyboard('135');
    expect(degree).toHaveValue('135°');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({
      cssVariables: {
        'background-color': { color: '#112233', css: 'linear-gradient(135deg, #112233 0%, #ffffff 100%)', mode: 'gradient', degree: 135 },
      },
    });
  });

  it('shows a saved gradient’s two stops and degree, and back to solid keeps its first colour', async () => {
    const { store, saves } = renderEditorPart(background, {
      cssVariables: {
        'background-color': { color: '#aa0000', css: 'linear-gradient(45deg, #aa0000 0%, #0000aa 100%)', mode: 'gradient', degree: 45 },
      },
    });
    expect(screen.getByRole('textbox', { name: 'Background colour from' })).toHaveValue('#aa0000');
    expect(screen.getByRole('textbox', { name: 'Background colour to' })).toHaveValue('#0000aa');
    expect(screen.getByRole('textbox', { name: 'Background colour degree' })).toHaveValue('45°');
    await userEvent.click(screen.getByRole('radio', { name: 'Solid' }));
    expect(screen.getByRole('textbox', { name: 'Background colour' })).toHaveValue('#aa0000');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ cssVariables: { 'background-color': { color: '#aa0000', css: '#aa0000', mode: 'solid' } } });
  });

  it('emptying a colour takes it off the page’s colours', async () => {
    const { store, saves } = renderEditorPart(background, {
      cssVariables: {
        'background-color': { color: '#112233', css: '#112233', mode: 'solid' },
        'font-color': { color: '#ffffff', css: '#ffffff', mode: 'solid' },
      },
    });
    await userEvent.clear(screen.getByRole('textbox', { name: 'Background colour' }));
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ cssVariables: { 'font-color': { color: '#ffffff', css: '#ffffff', mode: 'solid' } } });
  });

  it('on a template’s child, a colour the template locks can be neither retyped nor made a gradient', () => {
    renderEditorPart(
      background,
      { cssVariables: { 'background-color': { color: '#112233', css: '#112233', mode: 'solid' } } },
      childOfTemplate([{ key: 'cssVariables.background-color', show: true, edit: false, optional: false, sortable: true }]),
    );
    expect(screen.getByRole('textbox', { name: 'Background colour' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Gradient' })).toBeDisabled();
    expect(screen.getByLabelText(`Background colour: Background colour ${PERMISSION_TOOLTIPS.edit.off}`)).toBeInTheDocument();
  });
});
