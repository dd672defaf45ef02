import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { type AppRoute, AppRoutes } from './route-runtime.tsx';

/**
 * Leaving a page with unsaved work asks (lib/leave-guard.ts), also when the person pressed
 * Back before the page they were going to had shown: the page left for a moment and shown
 * again is not "already agreed to be left" for good.
 */
describe('AppRoutes leave checks', () => {
  it('asks again on Forward when Back came before the next page had shown', async () => {
    let editorClean = true;
    const check = vi.fn(() => editorClean);
    function Editor() {
      useLeaveGuard(check);
      return <h1>Editor</h1>;
    }
    let releaseUsers: (page: ComponentType) => void = () => {};
    const usersChunk = new Promise<ComponentType>((resolve) => {
      releaseUsers = resolve;
    });
    let navigate: NavigateFunction = () => {};
    function Driver() {
      navigate = useNavigate();
      return null;
    }
    const routes: AppRoute[] = [
      { path: '/editor', page: () => Promise.resolve(Editor) },
      { path: '/users', page: () => usersChunk },
    ];
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/editor']}>
          <Driver />
          <AppRoutes routes={routes} prepare={() => Promise.resolve()} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();

    // To Users with nothing unsaved: agreed at once, but the Users page is still loading…
    act(() => navigate('/users'));
    await waitFor(() => expect(check).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    // …when Back is pressed: the editor stays on show.
    act(() => navigate(-1));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();

    // Now something is unsaved, and Forward asks, and stays.
    editorClean = false;
    act(() => navigate(1));
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    releaseUsers(() => <h1>Users</h1>);
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading page' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });
});
