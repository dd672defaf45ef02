import type { AccountMessage, Company, Me, NotificationPrefs, NotificationPrefsResponse, PurchaseHistory } from '@profilehub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockSignedIn, testCompany, testFlags } from '../../test/dashboard.ts';
import { errorBody, type MockCall } from '../../test/fetch-mock.ts';
import { renderAt, testUser } from '../../test/render.tsx';
import { DEFAULT_FAQ } from './settings-content.ts';

const company = (overrides: Partial<Company> = {}) => testCompany({ feature_flags: testFlags({ approvals: true }), ...overrides });

function signedInAs(c: ReturnType<typeof company>, extra: Parameters<typeof mockSignedIn>[1] = {}, user: Partial<Me> = {}) {
  return mockSignedIn(testUser({ role: 'user', company: c, companies: [c], ...user }), extra);
}

const payment = (id: number, overrides: Partial<PurchaseHistory> = {}): PurchaseHistory =>
  ({
    id,
    userId: 1,
    companyId: 3,
    provider: 'payfast',
    status: 'COMPLETE',
    amountGross: 12_345,
    currency: 'USD',
    billingDate: '2025-02-01T10:00:00.000Z',
    expirationDate: '2026-02-01T10:00:00.000Z',
    createdAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  }) satisfies PurchaseHistory;

describe('Manage Billing', () => {
  it("lists the person's own payments with amounts from minor units", async () => {
    const calls = signedInAs(company(), {
      'GET /api/purchase-histories': { body: [payment(2), payment(1, { amountGross: 500, currency: 'JPY', status: 'FAILED', expirationDate: null })] },
    });
    renderAt('/home#billing');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Billing' });
    const table = await within(dialog).findByRole('table', { name: 'Payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('payfast');
    expect(rows[0]).toHaveTextContent('COMPLETE');
    expect(rows[0]).toHaveTextContent(/\$123\.45/);
    // A currency without minor units: 500 yen, not 5.
    expect(rows[1]).toHaveTextContent(/¥500/);
    expect(rows[1]).toHaveTextContent('—');
    expect(calls.find((c) => c.path === '/api/purchase-histories')?.query.get('_where[user.id]')).toBe('1');
  });

  it('says so when there are no payments', async () => {
    signedInAs(company(), { 'GET /api/purchase-histories': { body: [] } });
    renderAt('/home#billing');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Billing' });
    expect(await within(dialog).findByText(/No payments yet/)).toBeInTheDocument();
  });

  it('shows the error and lets the person try again', async () => {
    let fail = true;
    signedInAs(company(), { 'GET /api/purchase-histories': () => (fail ? errorBody(403, 'You do not have access to this.') : { body: [] }) });
    renderAt('/home#billing');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Billing' });
    expect(await within(dialog).findByText('You do not have access to this.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/No payments yet/)).toBeInTheDocument();
  });

  it('shows no payments where the organisation pays', async () => {
    const calls = signedInAs(company({ paymentStructure: 'corporate' }));
    renderAt('/home#billing');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Billing' });
    expect(within(dialog).getByText(/Your organisation pays/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/purchase-histories')).toBe(false);
  });
});

describe('FAQ, Legal and Support', () => {
  it('shows the product FAQ when the division has none', async () => {
    signedInAs(company());
    renderAt('/home#faq');
    const dialog = await screen.findByRole('dialog', { name: 'FAQ' });
    for (const e of DEFAULT_FAQ) expect(within(dialog).getByRole('heading', { name: e.question })).toBeInTheDocument();
  });

  it("shows the division's FAQ as text, never as markup", async () => {
    const faq = [{ question: 'Who pays?', answer: 'Acme pays.\n\n<img src=x onerror=alert(1)>' }];
    signedInAs(company({ whiteLabel: { title: 'Acme', faq } }));
    renderAt('/home#faq');
    const dialog = await screen.findByRole('dialog', { name: 'FAQ' });
    expect(within(dialog).getByRole('heading', { name: 'Who pays?' })).toBeInTheDocument();
    expect(within(dialog).getByText('Acme pays.')).toBeInTheDocument();
    expect(within(dialog).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).queryByRole('heading', { name: DEFAULT_FAQ[0]!.question })).not.toBeInTheDocument();
  });

  it("shows the product's legal text with the division's support link", async () => {
    signedInAs(company({ customSupportLink: 'help@acme.example' }));
    renderAt('/home#legal');
    const dialog = await screen.findByRole('dialog', { name: 'Legal' });
    expect(within(dialog).getByText(/the privacy notice, or any question about your data, contact support\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:help@acme.example');
  });

  it("shows the division's own legal text instead", async () => {
    signedInAs(company({ whiteLabel: { title: 'Acme', legal: 'Acme terms apply.\n\nAcme privacy notice.' } }));
    renderAt('/home#legal');
    const own = await screen.findByRole('dialog', { name: 'Legal' });
    expect(within(own).getByText('Acme terms apply.')).toBeInTheDocument();
    expect(within(own).getByText('Acme privacy notice.')).toBeInTheDocument();
    expect(within(own).queryByText(/any question about your data/)).not.toBeInTheDocument();
  });

  it("the support button opens the division's support link", async () => {
    signedInAs(company({ customSupportLink: 'https://help.acme.example' }));
    renderAt('/home#support');
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    expect(within(dialog).getByRole('link', { name: 'Get support' })).toHaveAttribute('href', 'https://help.acme.example');
  });
});

describe('Manage Notifications', () => {
  const prefs: NotificationPrefs = { approvalRequests: true, approvalDecisions: true, leadMessages: true };

  it('a user chooses which mails they get; the change is saved with the server’s message', async () => {
    const calls = signedInAs(company(), {
      'GET /api/account/notifications': { body: prefs },
      'PUT /api/account/notifications': (call: MockCall) => ({
        body: { success: true, message: 'Your email choices were saved.', prefs: call.body as NotificationPrefs } satisfies NotificationPrefsResponse,
      }),
    });
    renderAt('/home#manage-notifications');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Notifications' });
    const decisions = await within(dialog).findByRole('switch', { name: /Approval decisions/ });
    // Approval requests reach supervisors only.
    expect(within(dialog).queryByRole('switch', { name: /Approval requests/ })).not.toBeInTheDocument();
    expect(decisions).toBeChecked();
    const save = within(dialog).getByRole('button', { name: 'Save choices' });
    expect(save).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('switch', { name: /Messages from your profile page/ }));
    await userEvent.click(save);
    expect(await screen.findByText('Your email choices were saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...prefs, leadMessages: false });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save choices' })).toBeDisabled());
    expect(within(dialog).getByRole('switch', { name: /Messages from your profile page/ })).not.toBeChecked();
  });

  it('a supervisor also chooses approval requests; a refused save says why and keeps the choice on screen', async () => {
    signedInAs(
      company(),
      {
        'GET /api/account/notifications': { body: { ...prefs, approvalDecisions: false } satisfies NotificationPrefs },
        'PUT /api/account/notifications': errorBody(400, 'Choose on or off for approval requests.'),
      },
      { role: 'supervisor' },
    );
    renderAt('/home#manage-notifications');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Notifications' });
    const requests = await within(dialog).findByRole('switch', { name: /Approval requests/ });
    expect(within(dialog).getByRole('switch', { name: /Approval decisions/ })).not.toBeChecked();
    await userEvent.click(requests);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save choices' }));
    expect(await within(dialog).findByText('Choose on or off for approval requests.')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /Approval requests/ })).not.toBeChecked();
  });
});

describe('Delete Account', () => {
  const enterCode = (dialog: HTMLElement, code: string) => {
    const boxes = within(dialog).getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } });
  };

  it('mails a code, deletes the account with it and signs the person out', async () => {
    const calls = signedInAs(company(), {
      'POST /api/account/delete-code': { body: { success: true, message: 'sent' } satisfies AccountMessage },
      'POST /api/account/delete': { body: { success: true, message: 'Your account was deleted.' } satisfies AccountMessage },
    });
    const { at } = renderAt('/home#delete-account');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    expect(within(dialog).getByText(/stays with them, taken offline/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/We emailed a 4-digit code to jane@acme\.example/)).toBeInTheDocument();
    const remove = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(remove).toBeDisabled();
    enterCode(dialog, '4321');
    await userEvent.click(remove);
    await waitFor(() => expect(at().pathname).toBe('/sign-in'));
    expect(calls.find((c) => c.path === '/api/account/delete')?.body).toEqual({ otp: '4321' });
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
  });

  it('keeps the person signed in and says why on a wrong code', async () => {
    signedInAs(company(), {
      'POST /api/account/delete-code': { body: { success: true, message: 'sent' } satisfies AccountMessage },
      'POST /api/account/delete': errorBody(400, 'The code is incorrect or has expired. Request a new code.'),
    });
    const { at } = renderAt('/home#delete-account');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByText(/We emailed/);
    enterCode(dialog, '1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The code is incorrect or has expired. Request a new code.');
    expect(at().pathname).toBe('/home');
    expect(sessionStorage.getItem('jwt')).toBe('token');
  });

  it('tells a superadmin they cannot delete themselves and offers no code', async () => {
    signedInAs(company(), {}, { role: 'superadmin' });
    renderAt('/home#delete-account');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    expect(within(dialog).getByText(/A superadmin account cannot delete itself/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
  });
});
