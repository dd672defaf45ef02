import type { ThemeListItem, ThemesResponse } from '@profilehub/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { childOfTemplate, renderEditorPart, stubDocumentFonts } from '../../../test/editor.tsx';
import { errorBody, mockFetch } from '../../../test/fetch-mock.ts';
import { Themes } from './Themes.tsx';

stubDocumentFonts();

beforeEach(() => sessionStorage.setItem('jwt', 'token'));

const theme = (id: number, name: string, layout: string): ThemeListItem => ({
  id,
  name,
  cssPlug: '',
  layout,
  fontFamily: null,
  previewImage: { url: null },
  companyId: null,
  isDefault: id === 1,
});

const themes = { body: { data: [theme(1, 'Classic', 'desktop2'), theme(2, 'Pocket', 'mobile1')] } satisfies ThemesResponse };

describe('Themes (spec §2 template picker)', () => {
  it('asks for the division’s themes and marks the profile’s own as chosen, each with its kind', async () => {
    const calls = mockFetch({ 'GET /api/profile-stylings/default-themes': themes });
    renderEditorPart(<Themes />, { stylingId: 1 });
    const classic = await screen.findByRole('radio', { name: 'Classic' });
    expect(classic).toHaveAttribute('aria-checked', 'true');
    expect(classic).toHaveTextContent('Desktop template');
    expect(screen.getByRole('radio', { name: 'Pocket' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: 'Pocket' })).toHaveTextContent('Mobile template');
    expect(calls.find((c) => c.path === '/api/profile-stylings/default-themes')?.query.get('companyId')).toBe('3');
  });

  it('choosing a theme saves it with the layout it brings', async () => {
    mockFetch({ 'GET /api/profile-stylings/default-themes': themes });
    const { store, saves } = renderEditorPart(<Themes />, { stylingId: 1, templateLayout: 'desktop2' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Pocket' }));
    expect(screen.getByRole('radio', { name: 'Pocket' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Classic' })).toHaveAttribute('aria-checked', 'false');
    expect(await store.flush()).toBe(true);
    expect(saves.at(-1)).toEqual({ stylingId: 2, templateLayout: 'mobile1' });
  });

  it('on a template’s child, a theme the template locks cannot be changed', async () => {
    mockFetch({ 'GET /api/profile-stylings/default-themes': themes });
    const { store, saves } = renderEditorPart(
      <Themes />,
      { stylingId: 1 },
      childOfTemplate([{ key: 'stylingId', show: true, edit: false, optional: false, sortable: true }]),
    );
    const pocket = await screen.findByRole('radio', { name: 'Pocket' });
    expect(pocket).toBeDisabled();
    await userEvent.click(pocket);
    expect(screen.getByRole('radio', { name: 'Classic' })).toHaveAttribute('aria-checked', 'true');
    expect(await store.flush()).toBe(true);
    expect(saves).toHaveLength(0);
  });

  it('says why when the themes cannot be loaded', async () => {
    mockFetch({ 'GET /api/profile-stylings/default-themes': errorBody(503, 'The database is not available. Try again shortly.') });
    renderEditorPart(<Themes />, { stylingId: 1 });
    expect(await screen.findByText('The database is not available. Try again shortly.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
