import type { Company, TrainingVideo } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockSignedIn, testCompany, testFlags } from '../../test/dashboard.ts';
import { success } from '../../test/fixtures.ts';
import { renderAt, testUser } from '../../test/render.tsx';

const flags = testFlags({ approvals: true, corporate: true, invite_users: true });
const company = (overrides: Partial<Company> = {}) => testCompany({ feature_flags: flags, paymentStructure: 'corporate', ...overrides });
const signedInAs = (user: ReturnType<typeof testUser>, extra: Parameters<typeof mockSignedIn>[1] = {}) =>
  mockSignedIn(user, { 'GET /api/auth/logout': success, ...extra });

describe('Main shell', () => {
  it('greets a supervisor, shows their links and the pending approvals', async () => {
    signedInAs(testUser({ role: 'supervisor', title: 'Sam Supervisor', companies: [company()], pendingApprovals: 3 }));
    renderAt('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'What would you like to do ?' })).toBeInTheDocument();
    expect(screen.getByText('Hello Sam Supervisor')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/home', '/approvals', '/statistics', '/users', '/contacts', '/audit', '/integrations']);
    expect(within(nav).getByRole('link', { name: 'Approvals 3 pending approvals' })).toHaveAttribute('href', '/approvals');
    expect(within(nav).getByTestId('pending-approvals')).toHaveTextContent(/^3/);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // Corporate tiles for a supervisor with invite_users and approvals, no templates flag.
    expect(screen.getByText('Invite a New User').closest('a')).toHaveAttribute('href', '/users#invite');
    expect(screen.getByText('Manage Users')).toBeInTheDocument();
    expect(screen.getByText('Manage Approvals')).toBeInTheDocument();
    expect(screen.queryByText('Manage Templates')).not.toBeInTheDocument();
    // The menu icon is hidden from tablet width up (jsdom applies that media query), so find it by its label.
    expect(screen.getByLabelText('Open navigation')).toHaveProperty('tagName', 'BUTTON');
  });

  it('gives a user Home, Statistics, Contacts and Profile, marks Profile on self-service and has no menu icon', async () => {
    signedInAs(testUser({ role: 'user', title: null, username: 'jane', companies: [company({ feature_flags: { ...flags, corporate: false } })] }));
    renderAt('/self-service');
    expect(await screen.findByText('Hello jane')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Statistics', 'Contacts', 'Profile']);
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByLabelText('Open navigation')).not.toBeInTheDocument();
  });

  it('opens settings from the hash, offers billing only for individual payment, and logs out', async () => {
    const calls = signedInAs(testUser({ role: 'user', companies: [company({ paymentStructure: 'individual' })] }), {
      'GET /api/companies/training-video/3': { body: { success: true, url: 'https://video.example/intro' } satisfies TrainingVideo },
    });
    const { at } = renderAt('/statistics#settings');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByText('Manage Billing').closest('a')).toHaveAttribute('href', '/statistics#billing');
    expect(await within(dialog).findByText('Training Video')).toBeInTheDocument();
    expect(within(dialog).getByText('Training Video').closest('a')).toHaveAttribute('href', 'https://video.example/intro');
    await userEvent.click(within(dialog).getByText('Log Out'));
    await waitFor(() => expect(at().pathname).toBe('/sign-in'));
    expect(calls.some((c) => c.path === '/api/auth/logout' && c.headers.authorization === 'Bearer token')).toBe(true);
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('hides billing and the training video from a supervisor of a corporate company', async () => {
    const calls = signedInAs(testUser({ role: 'supervisor', companies: [company()] }));
    renderAt('/home#settings');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByText('Change Password')).toBeInTheDocument();
    expect(within(dialog).queryByText('Manage Billing')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Training Video')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/companies/training-video'))).toBe(false);
  });

  it('opens the notifications page with the mail choices', async () => {
    signedInAs(testUser({ role: 'supervisor', companies: [company()] }));
    renderAt('/home#manage-notifications');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Notifications' });
    expect(within(dialog).getByText(/Sign-in codes, password reset links and invitations always reach you/)).toBeInTheDocument();
  });

  it('Change Password sets the flag the Password page reads', async () => {
    signedInAs(testUser({ role: 'supervisor', companies: [company()] }));
    const { at } = renderAt('/home#settings');
    await userEvent.click(await screen.findByText('Change Password'));
    await waitFor(() => expect(at().pathname).toBe('/reset-password'));
    expect(localStorage.getItem('changePassword')).not.toBeNull();
    expect(await screen.findByRole('link', { name: 'Click Here' })).toHaveAttribute('href', '/home');
  });
});
