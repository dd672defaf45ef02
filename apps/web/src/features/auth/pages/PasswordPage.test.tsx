import { AUTH_MESSAGES, type Me, type SetupPasswordResponse } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock.ts';
import { authReply, sessionValid, whiteLabelReply } from '../../../test/fixtures.ts';
import { renderAt, testUser } from '../../../test/render.tsx';

const whiteLabel = { 'GET /api/white-label': whiteLabelReply() };

async function fill(newPassword: string, confirm: string) {
  const field = await screen.findByLabelText('New Password');
  if (newPassword) await userEvent.type(field, newPassword);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
}

describe('Password page', () => {
  it('shows the title, the hints and both fields', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch(whiteLabel);
    renderAt('/reset-password');
    expect(await screen.findByText('UPDATE YOUR PASSWORD')).toBeInTheDocument();
    expect(screen.getByText('At least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByText('Click Here')).not.toBeInTheDocument();
  });

  it.each([
    ['Abcdefghi1', 'Abcdefghi2', 'Passwords do not match'],
    ['', '', 'Password is too short'],
    ['Abc1', 'Abc1', 'Password is too short'],
    ['abcdefghij1', 'abcdefghij1', 'Password is invalid'],
    ['ABCDEFGHIJ1', 'ABCDEFGHIJ1', 'Password is invalid'],
    ['Abcdefghijk', 'Abcdefghijk', 'Password is invalid'],
  ])('"%s" / "%s" → %s', async (password, confirm, message) => {
    sessionStorage.setItem('jwt', 'token');
    const calls = mockFetch(whiteLabel);
    renderAt('/reset-password');
    await fill(password, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls.some((c) => c.path === '/api/profiles/setup')).toBe(false);
  });

  it('will not take spaces and toggles SHOW / HIDE', async () => {
    sessionStorage.setItem('jwt', 'token');
    mockFetch(whiteLabel);
    renderAt('/reset-password');
    const field = await screen.findByLabelText('New Password');
    await userEvent.type(field, 'Ab c d');
    expect(field).toHaveValue('Abcd');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getAllByText('HIDE')).toHaveLength(1);
  });

  it('sets the password of the signed-in user and goes home', async () => {
    sessionStorage.setItem('jwt', 'token');
    localStorage.setItem('changePassword', '1');
    const calls = mockFetch({
      ...whiteLabel,
      'POST /api/profiles/setup': { body: { success: true, user: testUser({ role: 'supervisor' }) } satisfies SetupPasswordResponse },
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/reset-password');
    expect(await screen.findByText('Click Here')).toBeInTheDocument();
    await fill('Abcdefghi1', 'Abcdefghi1');
    await waitFor(() => expect(at().pathname).toBe('/home'));
    expect(calls.find((c) => c.path === '/api/profiles/setup')?.body).toEqual({ password: 'Abcdefghi1' });
    expect(localStorage.getItem('changePassword')).toBeNull();
  });

  it('resets with the emailed code', async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'POST /api/auth/reset-password': authReply(testUser({ role: 'user' }), 'fresh'),
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/reset-password?code=XYZ');
    await fill('Abcdefghi1', 'Abcdefghi1');
    await waitFor(() => expect(at().pathname).toBe('/self-service'));
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      code: 'XYZ',
      password: 'Abcdefghi1',
      passwordConfirmation: 'Abcdefghi1',
    });
    expect(sessionStorage.getItem('jwt')).toBe('fresh');
  });

  it('Change Password asks an account with a password for the current one: required, sent, and a wrong one said under its field', async () => {
    sessionStorage.setItem('jwt', 'token');
    const me: Me = { ...testUser(), hasPassword: true };
    let wrong = true;
    const calls = mockFetch({
      ...whiteLabel,
      'GET /api/companies/users/me': { body: me },
      'POST /api/profiles/setup': () =>
        wrong ? errorBody(400, AUTH_MESSAGES.currentPasswordWrong) : { body: { success: true, user: me } satisfies SetupPasswordResponse },
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/reset-password');
    const currentField = await screen.findByLabelText('Current Password');
    await fill('Abcdefghi1', 'Abcdefghi1');
    expect(await screen.findByText(AUTH_MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/profiles/setup')).toBe(false);

    await userEvent.type(currentField, 'Not-it-1');
    await userEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    expect(await screen.findByText(AUTH_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(currentField).toHaveAttribute('aria-invalid', 'true');
    expect(at().pathname).toBe('/reset-password');

    wrong = false;
    await userEvent.clear(currentField);
    await userEvent.type(currentField, 'Old-Secret-42');
    await userEvent.click(screen.getByRole('button', { name: 'UPDATE PASSWORD' }));
    await waitFor(() => expect(at().pathname).toBe('/self-service'));
    expect(calls.filter((c) => c.path === '/api/profiles/setup').at(-1)?.body).toEqual({ password: 'Abcdefghi1', currentPassword: 'Old-Secret-42' });
  });

  it('an account without a password (code or Google only) sets its first without being asked for one', async () => {
    sessionStorage.setItem('jwt', 'token');
    const me: Me = { ...testUser(), hasPassword: false };
    const calls = mockFetch({
      ...whiteLabel,
      'GET /api/companies/users/me': { body: me },
      'POST /api/profiles/setup': { body: { success: true, user: { ...me, hasPassword: true } } satisfies SetupPasswordResponse },
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt('/reset-password');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/companies/users/me')).toBe(true));
    await screen.findByLabelText('New Password');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await fill('Abcdefghi1', 'Abcdefghi1');
    await waitFor(() => expect(at().pathname).toBe('/self-service'));
    expect(calls.find((c) => c.path === '/api/profiles/setup')?.body).toEqual({ password: 'Abcdefghi1' });
  });
});
