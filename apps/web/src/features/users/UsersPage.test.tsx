import type { InviteAliasResponse, InviteResponse, OffboardingResponse, SetDivisionRoleResponse, UserRow, UsersListResponse } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testCompany, testFlags } from '../../test/dashboard.ts';
import { errorBody, type MockCall, mockFetch } from '../../test/fetch-mock.ts';
import { divisionsReply, publishReply, sessionValid, whiteLabelReply } from '../../test/fixtures.ts';
import { renderAt, testDivision, testUser } from '../../test/render.tsx';

const flags = testFlags({ approvals: true, templates: true, corporate: true, invite_users: true });
const company = (id: number, title: string, extraFlags: Partial<typeof flags> = {}) =>
  testCompany({
    id,
    name: title.toLowerCase(),
    title,
    description: title,
    subdomain: title.toLowerCase(),
    feature_flags: { ...flags, ...extraFlags },
    paymentStructure: 'corporate',
  });
const row = (id: number, fullName: string): UserRow =>
  ({
    id,
    userId: id,
    fullName,
    jobTitle: 'Sales',
    profileThumbnail: null,
    url: null,
    alias: null,
    email: `${id}@acme.test`,
    companyId: 3,
    companyName: 'Acme',
    templateName: 'Standard',
    updatedAt: '2026-01-01T00:00:00.000Z',
    count: id,
    publishedAt: '2026-01-01T00:00:00.000Z',
    role: 'user',
    // Person 2 (user 3) was deactivated in the division.
    deactivatedAt: id === 3 ? '2026-02-01T00:00:00.000Z' : null,
  }) satisfies UserRow;

function signedInSupervisor(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}, acmeFlags: Partial<typeof flags> = {}) {
  sessionStorage.setItem('jwt', 'token');
  const user = testUser({ role: 'supervisor', companies: [company(3, 'Acme', acmeFlags), company(4, 'Beta')], supervisedCompanyIds: [3, 4], profile: null });
  return mockFetch({
    'GET /api/white-label': whiteLabelReply(),
    'GET /api/companies/users/me': { body: user },
    'GET /api/jwts/verify': sessionValid(),
    'GET /api/users/divisions': divisionsReply([testDivision(3, 'Acme'), testDivision(4, 'Beta')]),
    'GET /api/users': (call: MockCall) => ({
      body: {
        data: Array.from({ length: 10 }, (_, i) => row(i + 1 + Number(call.query.get('page')) * 10, `Person ${i}`)),
        page: Number(call.query.get('page')),
        pageSize: 10,
        total: 42,
        counts: { published: 42, unpublished: 3, all: 45 },
      } satisfies UsersListResponse,
    }),
    ...extra,
  });
}

const listCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/users');
const lastList = (calls: MockCall[]) => listCalls(calls).at(-1)!.query;

describe('Users list', () => {
  it('starts on the published tab by views descending, with the spec’s title and tab counts', async () => {
    const calls = signedInSupervisor();
    renderAt('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users (45 User(s))' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Published (42)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Unpublished (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (45)' })).toBeInTheDocument();
    expect(Object.fromEntries(lastList(calls))).toMatchObject({ isLive: 'true', orderBy: 'VIEWS', order: 'desc', page: '0' });
  });

  it('cycles a column asc → desc → none, starts a new column at asc, and returns to page 0', async () => {
    const calls = signedInSupervisor();
    renderAt('/users');
    await screen.findByRole('heading', { level: 1, name: 'Users (45 User(s))' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastList(calls).get('page')).toBe('2'));
    const nameHeader = () => screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(Object.fromEntries(lastList(calls))).toMatchObject({ orderBy: 'NAME', order: 'asc', page: '0' }));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(lastList(calls).get('order')).toBe('desc'));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(lastList(calls).get('orderBy')).toBeNull());
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    await user.click(within(screen.getByRole('columnheader', { name: /Division/ })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: /Views/ })).getByRole('button'));
    await waitFor(() => expect(Object.fromEntries(lastList(calls))).toMatchObject({ orderBy: 'VIEWS', order: 'asc' }));
  });
});

describe('Users list row links (spec §2)', () => {
  const menuOf = async (name: string) => {
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
    return screen.findByRole('menu');
  };

  it('links stats and edit with the companyId, and the template permissions where the division has the flag', async () => {
    signedInSupervisor({}, { permissions: true });
    renderAt('/users');
    const row = (await screen.findAllByRole('row', { name: /Person 0/ }))[0]!;
    expect(within(row).getByRole('link', { name: 'View stats' })).toHaveAttribute('href', '/statistics/1_3_person-0?companyId=3');
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/self-service/1?companyId=3');
    const menu = await menuOf('Person 0');
    expect(within(menu).getByRole('menuitem', { name: 'Manage permissions' })).toHaveAttribute('href', '/manage-permissions/1?companyId=3');
  });

  it('offers no permissions link without the division’s permissions flag', async () => {
    signedInSupervisor();
    renderAt('/users');
    const menu = await menuOf('Person 0');
    expect(within(menu).getByRole('menuitem', { name: 'Publish Profile' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Manage permissions' })).toBeNull();
  });

  it('a supervisor makes a person of their division a supervisor from the row menu, after confirming', async () => {
    const calls = signedInSupervisor({
      'PUT /api/users/2/role': {
        body: {
          success: true,
          message: 'The person is now a supervisor of the division.',
          userId: 2,
          companyId: 3,
          role: 'supervisor',
        } satisfies SetDivisionRoleResponse,
      },
    });
    renderAt('/users');
    // Person 0 is the signed-in supervisor (user 1): nobody changes their own role.
    expect(within(await menuOf('Person 0')).queryByRole('menuitem', { name: 'Make supervisor' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Escape}');
    const menu = await menuOf('Person 1');
    await user.click(within(menu).getByRole('menuitem', { name: 'Make supervisor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make supervisor' });
    await user.click(within(dialog).getByRole('button', { name: 'Make supervisor' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/2/role')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ companyId: 3, role: 'supervisor' });
    expect(await screen.findByText('The person is now a supervisor of the division.')).toBeInTheDocument();
  });

  it('Publish Profile on someone’s declined changes asks first, and publishes only once confirmed (decision 009)', async () => {
    const calls = signedInSupervisor({
      'PUT /api/profiles/2/publish': (call: MockCall) =>
        call.query.get('confirm') === 'declined' ? publishReply(2, '2026-11-27T00:00:00.000Z') : errorBody(409, 'declined', 'declined_changes'),
    });
    renderAt('/users');
    const user = userEvent.setup({ delay: null });
    await user.click(within(await menuOf('Person 1')).getByRole('menuitem', { name: 'Publish Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish declined changes?' });
    expect(dialog).toHaveTextContent("Person 1's last changes were declined and have not been published since.");
    const publishes = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/profiles/2/publish');
    expect(publishes().map((c) => c.query.get('confirm'))).toEqual([null]);
    expect(screen.queryByText('Profile Published')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    expect(await screen.findByText('Profile Published')).toBeInTheDocument();
    expect(publishes().map((c) => c.query.get('confirm'))).toEqual([null, 'declined']);
  });
});

describe('Offboarding from the row menu (issue #28)', () => {
  const menuOf = async (name: string) => {
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
    return screen.findByRole('menu');
  };
  const done = { success: true, userId: 2, companyId: 3, outcome: 'successor', moved: { leads: 2, statistics: 3 } } as const;

  it('deactivates with a successor found by searching the division’s people', async () => {
    const calls = signedInSupervisor({
      'POST /api/users/2/deactivate': { body: { ...done, message: 'The person has been deactivated.' } satisfies OffboardingResponse },
    });
    renderAt('/users');
    const user = userEvent.setup({ delay: null });
    await user.click(within(await menuOf('Person 1')).getByRole('menuitem', { name: 'Deactivate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Person 1' });
    expect(within(dialog).getByRole('radio', { name: 'Redirect to a successor' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Show the company card' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'No longer with the company' })).toBeInTheDocument();
    expect(within(dialog).getByText(/contacts and statistics move to the successor/)).toBeInTheDocument();

    // No successor yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(within(dialog).getByText('Choose the successor whose page visitors go to.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getAllByLabelText('Successor')[0]!, 'Person 3');
    await waitFor(() => expect(listCalls(calls).some((c) => c.query.get('filter') === 'Person 3' && c.query.get('companyId') === '3')).toBe(true));
    // The person leaving and the deactivated are no successors.
    expect(screen.queryByRole('option', { name: /^Person 1\b/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /^Person 2\b/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Person 3 · Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users/2/deactivate')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ companyId: 3, outcome: 'successor', successorProfileId: 4 });
    expect(await screen.findByText('The person has been deactivated.')).toBeInTheDocument();
  });

  it('deactivates with "no longer with the company" without a successor', async () => {
    const calls = signedInSupervisor({
      'POST /api/users/2/deactivate': { body: { ...done, outcome: 'gone', message: 'The person has been deactivated.' } satisfies OffboardingResponse },
    });
    renderAt('/users');
    const user = userEvent.setup({ delay: null });
    await user.click(within(await menuOf('Person 1')).getByRole('menuitem', { name: 'Deactivate…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Person 1' });
    await user.click(within(dialog).getByRole('radio', { name: 'No longer with the company' }));
    expect(within(dialog).queryAllByLabelText('Successor')[0] ?? null).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ companyId: 3, outcome: 'gone' });
  });

  it('shows a deactivated person with a badge, and reactivates them after confirming', async () => {
    const calls = signedInSupervisor({
      'POST /api/users/3/reactivate': { body: { ...done, userId: 3, message: 'The person has been reactivated.' } satisfies OffboardingResponse },
    });
    renderAt('/users');
    const row = (await screen.findAllByRole('row', { name: /Person 2/ }))[0]!;
    expect(within(row).getByText('Deactivated')).toBeInTheDocument();
    const menu = await menuOf('Person 2');
    expect(within(menu).queryByRole('menuitem', { name: 'Deactivate…' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(within(menu).getByRole('menuitem', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users/3/reactivate')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ companyId: 3 });
    expect(await screen.findByText('The person has been reactivated.')).toBeInTheDocument();
  });
});

describe('Invite new user', () => {
  it('shows the spec §5 messages and the alias states, then sends the new user payload and shows Success!', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = signedInSupervisor({
      'GET /api/users/alias-available': (call) =>
        call.query.get('alias') === 'taken'
          ? { body: { success: false, message: 'The alias `taken` has already been taken.' } satisfies InviteAliasResponse }
          : { body: { success: true, message: call.query.get('alias') ?? '' } satisfies InviteAliasResponse },
      'POST /api/users': {
        body: { success: true, message: 'User invited', userId: 9, profileId: 19, companyId: 4, alias: 'mary-smith', emailed: true } satisfies InviteResponse,
      },
    });
    // The check of the good alias waits until the button has been looked at.
    const realFetch = globalThis.fetch;
    let checking = false;
    globalThis.fetch = async (input, init) => {
      if (String(input).includes('alias=mary-smith')) {
        checking = true;
        await held;
      }
      return realFetch(input, init);
    };
    const { at } = renderAt('/users#invite');
    const dialog = await screen.findByRole('dialog', { name: 'Invite new user' });
    const user = userEvent.setup({ delay: null });
    const invite = () => within(dialog).getByRole('button', { name: /^(Invite|Checking Alias|Please wait\.\.\.)$/ });
    expect(invite()).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Send an invite email' })).toBeChecked();

    await user.click(within(dialog).getByRole('textbox', { name: 'Full Name' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Email Address' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Profile Alias' }));
    expect(within(dialog).getByText('Please enter a full name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter an email address')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), 'Mary Smith');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email Address' }), 'Mary@Example.TEST');
    const alias = within(dialog).getByRole('textbox', { name: 'Profile Alias' });
    await user.type(alias, 'bad!');
    expect(within(dialog).getByText('The alias can only have lowercase letters, numbers, a dash or an underscore.')).toBeInTheDocument();
    expect(invite()).toBeDisabled();
    await user.clear(alias);
    await user.type(alias, 'taken');
    expect(await within(dialog).findByText('The alias `taken` has already been taken.', {})).toBeInTheDocument();
    expect(invite()).toBeDisabled();
    await user.clear(alias);
    await user.type(alias, 'Mary  Smith');
    expect(alias).toHaveValue('mary-smith');
    expect(invite()).toHaveTextContent('Checking Alias');
    await waitFor(() => expect(checking).toBe(true));
    expect(invite()).toHaveTextContent('Checking Alias');
    expect(invite()).toBeDisabled();
    release();
    expect(await within(dialog).findByText('Available')).toBeInTheDocument();
    expect(invite()).toHaveTextContent('Invite');
    expect(invite()).toBeEnabled();
    expect(within(dialog).getByText(/\/\/(acme|your-division)\S*\/mary-smith$/)).toBeInTheDocument();

    // Two divisions: nothing is chosen for the supervisor.
    await user.click(invite());
    expect(within(dialog).getByText('Please select a devision')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getAllByLabelText(/^Division/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    expect(within(dialog).getByText(/\/\/beta\.localhost\S*\/mary-smith$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Send an invite email' }));
    await user.click(invite());
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/users')!;
    expect(post.body).toEqual({ email: 'mary@example.test', name: 'Mary Smith', company: 4, masterProfile: 40, profileAlias: 'mary-smith', role: 'user' });
    expect(post.query.get('notify_user')).toBe('false');
    await user.click(within(success).getByRole('button', { name: 'Manage User' }));
    await waitFor(() => expect(at().pathname).toBe('/statistics/19_4_mary-smith'));
    expect(at().search).toBe('?companyId=4');
  });
});
