import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { Appearance } from './Appearance.tsx';

stubDocumentFonts();

/** One icon style's choice (the colours have a "Solid" of their own). */
const iconStyle = (name: string) => within(screen.getByRole('radiogroup', { name: 'Icon style' })).getByRole('radio', { name });

describe('Appearance and branding (spec §2, desktop templates)', () => {
  it('offers the five colours, the icon style and the four images, and saves a chosen icon style', async () => {
    const { store, saves } = renderEditorPart(<Appearance />, {});
    for (const colour of ['Background colour', 'Title font colour', 'Subtitle font colour', 'Button font colour', 'Icon colour']) {
      expect(screen.getByRole('textbox', { name: colour })).toBeInTheDocument();
    }
    for (const image of ['logo', 'background', 'mobile banner', 'desktop banner']) {
      expect(screen.getByRole('button', { name: `Upload ${image}` })).toBeInTheDocument();
    }
    expect(iconStyle('Regular')).toBeChecked();
    await userEvent.click(iconStyle('Duotone'));
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ iconStyle: 'duotone' });
  });

  it('saves a colour into the profile’s CSS variables', async () => {
    const { store, saves } = renderEditorPart(<Appearance />, { cssVariables: {} });
    await userEvent.type(screen.getByRole('textbox', { name: 'Icon colour' }), '#0a7cff');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ cssVariables: { 'icon-color': expect.objectContaining({ css: '#0a7cff' }) } });
  });

  it('on a template’s child, an image the template hides is not offered and an icon style it locks cannot change', async () => {
    const { store, saves } = renderEditorPart(
      <Appearance />,
      { iconStyle: 'solid' },
      childOfTemplate([
        { key: 'desktopBanner', show: false, edit: false, optional: false, sortable: true },
        { key: 'iconStyle', show: true, edit: false, optional: false, sortable: true },
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Upload desktop banner' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload mobile banner' })).toBeInTheDocument();
    expect(iconStyle('Solid')).toBeChecked();
    for (const style of ['Light', 'Regular', 'Solid', 'Duotone']) expect(iconStyle(style)).toBeDisabled();
    expect(await store.flush()).toBe(true);
    expect(saves).toEqual([]);
  });
});
