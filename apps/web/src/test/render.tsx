import { render } from '@testing-library/react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { AppRouter } from '../app/router.tsx';

/**
 * Renders the app at `path` inside the real providers (Mantine in test mode: no transitions,
 * no portals); `at()` is where the app is now.
 */
export function renderAt(path: string) {
  let location: Location | undefined;
  function Where() {
    location = useLocation();
    return null;
  }
  const view = render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <AppRouter />
      </MemoryRouter>
    </AppProviders>,
  );
  return { at: () => location!, ...view };
}

export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    email: 'jane@acme.example',
    username: 'jane',
    title: 'Jane Doe',
    confirmed: true,
    hasPassword: true,
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
