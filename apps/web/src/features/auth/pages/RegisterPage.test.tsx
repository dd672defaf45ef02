import type { RegistrationCodeResponse } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { authReply, whiteLabelReply } from '../../../test/fixtures.ts';
import { renderAt, testUser } from '../../../test/render.tsx';

const whiteLabel = { 'GET /api/white-label': whiteLabelReply() };

describe('Register page', () => {
  it('asks for an email', async () => {
    mockFetch(whiteLabel);
    renderAt('/register');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter an email address.')).toBeInTheDocument();
  });

  it('takes the emailed code, links the account and goes to set a password', async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'POST /api/profiles/generate-otp': { body: { success: true, message: 'otp-sent' } satisfies RegistrationCodeResponse },
      'POST /api/profiles/link': authReply(testUser({ confirmed: false }), 'new-jwt'),
    });
    const { at } = renderAt('/register?email=new%40acme.example');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('ne***@ac***.example')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Digit 1 of 4'));
    await userEvent.keyboard('1234');
    await waitFor(() => expect(at().pathname).toBe('/reset-password'));
    const link = calls.find((c) => c.path === '/api/profiles/link');
    expect(link?.body).toEqual({ email: 'new@acme.example', otp: '1234' });
    expect(link?.query.toString()).toBe('');
    expect(sessionStorage.getItem('jwt')).toBe('new-jwt');
  });

  it('sends an already registered email to the password view', async () => {
    mockFetch({
      ...whiteLabel,
      'POST /api/profiles/generate-otp': { body: { success: false, message: 'already-registered' } satisfies RegistrationCodeResponse },
    });
    const { at } = renderAt('/register?email=jane%40acme.example');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(at().pathname).toBe('/sign-in'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your password' })).toBeInTheDocument();
    expect(await screen.findByText('User has already been registered.')).toBeInTheDocument();
  });

  it('shows the no-user view for an unknown email', async () => {
    mockFetch({ ...whiteLabel, 'POST /api/profiles/generate-otp': { body: { success: false, message: 'no-profile' } satisfies RegistrationCodeResponse } });
    renderAt('/register?email=who%40nowhere.example');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not a Profilehub User' })).toBeInTheDocument();
  });
});
