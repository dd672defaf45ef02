import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';

/** Renders `routes` at `path` inside the real providers (Mantine in test mode: no transitions, no portals). */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    email: 'jane@acme.example',
    username: 'jane',
    title: 'Jane Doe',
    confirmed: true,
    role: 'user',
    person: { first_name: 'Jane', last_name: 'Doe' },
    profile: { id: 7, alias: 'jane-doe' },
    company: null,
    companies: [],
    supervisedCompanyIds: [],
    pendingApprovals: 0,
    ...overrides,
  };
}

/** A division as GET /api/users/divisions answers it (the admin lists' filter and the invite dialog). */
export function testDivision(id: number, title: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: title.toLowerCase(),
    title,
    description: title,
    profileDomain: `${title.toLowerCase()}.localhost`,
    masterProfileId: id * 10,
    canInvite: true,
    ...overrides,
  };
}
