import type { InviteDivision, Me } from '@profilehub/shared';
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

/** The signed-in person as GET /api/companies/users/me answers it: Jane, a user without a division unless overridden. */
export function testUser(overrides: Partial<Me> = {}): Me {
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
  } satisfies Me;
}

/** A division as GET /api/users/divisions answers it (the admin lists' filter and the invite dialog). */
export function testDivision(id: number, title: string, overrides: Partial<InviteDivision> = {}): InviteDivision {
  return {
    id,
    name: title.toLowerCase(),
    title,
    description: title,
    profileDomain: `${title.toLowerCase()}.localhost`,
    masterProfileId: id * 10,
    canInvite: true,
    ...overrides,
  } satisfies InviteDivision;
}
