import type { RegisterCompletedResponse, RegistrationComplete, SsoDiscovery, SuccessResponse, WhiteLabelResponse } from '@profilehub/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock.ts';
import { authReply, sessionValid, whiteLabelReply } from '../../../test/fixtures.ts';
import { renderAt, testUser } from '../../../test/render.tsx';

const whiteLabel = { 'GET /api/white-label': whiteLabelReply() };

describe('Sign-in page', () => {
  it.each([
    ['/sign-in', 'Sign in to Profilehub hub'],
    ['/sign-in?email=jane%40acme.example', 'Enter your password'],
    ['/sign-in?forgot-password', 'Reset your password'],
    ['/sign-in?verify=jane%40acme.example', 'Verify your email'],
  ])('%s opens with "%s"', async (path, heading) => {
    mockFetch(whiteLabel);
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('names a white-label company in the header', async () => {
    mockFetch({ 'GET /api/white-label': whiteLabelReply({ whiteLabel: { title: 'Acme' }, supportHref: 'mailto:help@acme.example' }) });
    renderAt('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Acme hub' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:help@acme.example');
  });

  it('asks for the email before calling the server', async () => {
    const calls = mockFetch(whiteLabel);
    renderAt('/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your username/email address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/profiles/register-completed')).toBe(false);
  });

  it('sends an unfinished registration (402) to Register with the email', async () => {
    mockFetch({ ...whiteLabel, 'GET /api/profiles/register-completed': errorBody(402, 'Complete Registration.') });
    const { at } = renderAt('/sign-in');
    await userEvent.type(await screen.findByLabelText('Email address'), 'New@Acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(at().pathname).toBe('/register'));
    expect(at().search).toBe('?email=new%40acme.example');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate Profilehub hub' })).toBeInTheDocument();
  });

  it('sends someone not invited (401) to the no-user view', async () => {
    mockFetch({ ...whiteLabel, 'GET /api/profiles/register-completed': errorBody(401, 'x') });
    renderAt('/sign-in');
    await userEvent.type(await screen.findByLabelText('Email address'), 'stranger@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not a Profilehub User' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });

  it('mails a login code and shows the code boxes when verification is needed (403)', async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'GET /api/profiles/register-completed': errorBody(403, 'Verify'),
      'POST /api/profiles/generate-login-otp': { body: { success: true } satisfies SuccessResponse },
      'POST /api/profiles/verify-otp': { body: { success: true } satisfies SuccessResponse },
    });
    renderAt('/sign-in');
    await userEvent.type(await screen.findByLabelText('Email address'), 'jane@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/profiles/generate-login-otp')?.body).toEqual({ email: 'jane@acme.example' });
    expect(screen.getByText('ja***@ac***.example')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Digit 1 of 4'));
    await userEvent.paste('4321');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your password' })).toBeInTheDocument();
    const verify = calls.find((c) => c.path === '/api/profiles/verify-otp');
    // The code travels in the body, never in a URL that logs and histories keep.
    expect(verify?.body).toEqual({ email: 'jane@acme.example', otp: '4321' });
    expect(verify?.query.toString()).toBe('');
  });

  it('?verify opened from an address claims no code was sent: it offers to email one, and shows the boxes once it went out', async () => {
    const calls = mockFetch({ ...whiteLabel, 'POST /api/profiles/generate-login-otp': { body: { success: true } satisfies SuccessResponse } });
    renderAt('/sign-in?verify=jane%40acme.example');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.queryByText(/We sent a 4-digit code/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Digit 1 of 4')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/profiles/generate-login-otp')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(/We sent a 4-digit code/)).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 4')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/profiles/generate-login-otp')?.body).toEqual({ email: 'jane@acme.example' });
  });

  it('a login code that could not be sent is not claimed as sent', async () => {
    mockFetch({
      ...whiteLabel,
      'GET /api/profiles/register-completed': errorBody(403, 'Verify'),
      'POST /api/profiles/generate-login-otp': errorBody(429, 'Too many attempts. Please wait a few minutes and try again.'),
    });
    renderAt('/sign-in');
    await userEvent.type(await screen.findByLabelText('Email address'), 'jane@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.queryByText(/We sent a 4-digit code/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
  });

  it('a toast closes when its screen is left; one announcing the next screen travels with it', async () => {
    const limited = 'Too many attempts. Please wait a few minutes and try again.';
    mockFetch({
      ...whiteLabel,
      'POST /api/profiles/generate-login-otp': errorBody(429, limited),
      'GET /api/profiles/register-completed': errorBody(402, 'Complete Registration.'),
    });
    const { at } = renderAt('/sign-in?verify=jane%40acme.example');
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
    // Another view of the same screen keeps it.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Profilehub hub' })).toBeInTheDocument();
    expect(screen.getByText(limited)).toBeInTheDocument();

    // 402 → Register, with the spec's toast about that screen; the sign-in screen's toast goes (well before its 6 s).
    await userEvent.click(screen.getByLabelText('Email address'));
    await userEvent.paste('new@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate Profilehub hub' })).toBeInTheDocument();
    expect(at().pathname).toBe('/register');
    await waitFor(() => expect(screen.queryByText(limited)).not.toBeInTheDocument(), { timeout: 1500 });
    expect(screen.getByText('Complete Registration.')).toBeInTheDocument();
  });

  it('goes from the email step to the password step for a registered address', async () => {
    mockFetch({ ...whiteLabel, 'GET /api/profiles/register-completed': { body: { success: true, message: 'registered' } satisfies RegistrationComplete } });
    renderAt('/sign-in');
    await userEvent.type(await screen.findByLabelText('Email address'), ' Jane@Acme.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@acme.example');
  });

  it('offers Google sign-in only when the server has it configured', async () => {
    mockFetch({ 'GET /api/white-label': whiteLabelReply({ googleSignIn: true }) });
    renderAt('/sign-in');
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/connect/google');
  });

  it.each<[string, Partial<WhiteLabelResponse>]>([
    ['googleSignIn: false', whiteLabelReply({ googleSignIn: false }).body],
    // What the web reads is Partial: an older server's answer lacks the newer fields.
    ['an older server without the flag', { whiteLabel: null, supportHref: 'https://profilehub.example/support' }],
  ])('hides Google sign-in for %s', async (_, body) => {
    mockFetch({ 'GET /api/white-label': { body } });
    renderAt('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Profilehub hub' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('welcomes a first visit from a profile page once', async () => {
    mockFetch({ ...whiteLabel, 'GET /api/profiles/register-completed': { body: true satisfies RegisterCompletedResponse } });
    const ftv = encodeURIComponent('https://profilehub.example/jane-doe');
    const first = renderAt(`/sign-in?_ftv=${ftv}`);
    expect(await screen.findByRole('heading', { name: 'Welcome to Profilehub' })).toBeInTheDocument();
    expect(localStorage.getItem('ftvSeen')).not.toBeNull();
    first.unmount();
    renderAt(`/sign-in?_ftv=${ftv}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Profilehub hub' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Profilehub' })).not.toBeInTheDocument();
  });

  it('signs in, stores the token and restores the guarded target', async () => {
    const calls = mockFetch({
      ...whiteLabel,
      'POST /api/auth/local': authReply(testUser({ role: 'supervisor' })),
      'GET /api/jwts/verify': sessionValid(),
    });
    const { at } = renderAt(`/sign-in?email=sup%40acme.example&params=${encodeURIComponent('/statistics?x=1')}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(at().pathname).toBe('/statistics'));
    expect(sessionStorage.getItem('jwt')).toBe('the-jwt');
    expect(calls.find((c) => c.path === '/api/auth/local')?.body).toEqual({ identifier: 'sup@acme.example', password: 'Secret-password-1' });
  });

  it('sends an unconfirmed user to set a password after signing in', async () => {
    mockFetch({ ...whiteLabel, 'POST /api/auth/local': authReply(testUser({ confirmed: false })) });
    const { at } = renderAt('/sign-in?email=jane%40acme.example');
    await userEvent.type(await screen.findByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(at().pathname).toBe('/reset-password'));
  });

  it('shows the server message when the password is wrong', async () => {
    mockFetch({ ...whiteLabel, 'POST /api/auth/local': errorBody(400, 'Incorrect email or password') });
    renderAt('/sign-in?email=jane%40acme.example');
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
    expect(sessionStorage.getItem('jwt')).toBeNull();
  });

  it('asks for an email before sending a reset link', async () => {
    mockFetch(whiteLabel);
    renderAt('/sign-in?forgot-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter an email address')).toBeInTheDocument();
  });
  describe('company single sign-on', () => {
    it('when SSO is required: "Continue with SSO" to the provider, the message, and no password field', async () => {
      const calls = mockFetch({ ...whiteLabel, 'POST /api/auth/sso/discover': { body: { sso: true, required: true } satisfies SsoDiscovery } });
      renderAt('/sign-in');
      await userEvent.type(await screen.findByLabelText('Email address'), 'Ada@Corp.example');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const button = await screen.findByRole('link', { name: 'Continue with SSO' });
      expect(button).toHaveAttribute('href', '/api/auth/sso/start?email=ada%40corp.example');
      expect(screen.getByText('Your company signs you in with single sign-on: use Continue with SSO.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(calls.find((c) => c.path === '/api/auth/sso/discover')?.body).toEqual({ email: 'ada@corp.example' });
      expect(calls.some((c) => c.path === '/api/profiles/register-completed')).toBe(false);
    });

    it('when SSO is offered but not required: the password view with "Continue with SSO" beside it', async () => {
      mockFetch({
        ...whiteLabel,
        'POST /api/auth/sso/discover': { body: { sso: true, required: false } satisfies SsoDiscovery },
        'GET /api/profiles/register-completed': { body: { success: true, message: 'registered' } satisfies RegistrationComplete },
      });
      renderAt('/sign-in');
      await userEvent.type(await screen.findByLabelText('Email address'), 'ada@corp.example');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Enter your password' })).toBeInTheDocument();
      expect(screen.getByLabelText('Password')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue with SSO' })).toHaveAttribute('href', '/api/auth/sso/start?email=ada%40corp.example');
    });
  });
});
