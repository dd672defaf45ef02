import { AUDIT_MESSAGES, type AuditEntry, type AuditListResponse } from '@profilehub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { divisionsReply, sessionValid, whiteLabelReply } from '../../test/fixtures.ts';
import { renderAt, testUser } from '../../test/render.tsx';

const updated: AuditEntry = {
  id: 2,
  at: '2026-11-20T10:00:00.000Z',
  actor: { id: 1, name: 'Ada Admin', email: 'ada@hub.example' },
  actorId: 1,
  action: 'company.updated',
  target: 'company:3',
  company: { id: 3, title: 'Acme' },
  changes: [
    { field: 'feature_flags.approvals', before: false, after: true },
    { field: 'title', before: 'Acme', after: 'Acme Europe' },
  ],
  details: {},
};
const roleChanged: AuditEntry = {
  id: 1,
  at: '2026-11-19T09:00:00.000Z',
  actor: null,
  actorId: null,
  action: 'role.changed',
  target: 'user:5 company:3 user→supervisor',
  company: { id: 3, title: 'Acme' },
  changes: [{ field: 'role', before: 'user', after: 'supervisor' }],
  details: { userId: 5, companyId: 3 },
};

function signedInSuperadmin() {
  sessionStorage.setItem('jwt', 'token');
  return mockFetch({
    'GET /api/white-label': whiteLabelReply(),
    'GET /api/companies/users/me': { body: testUser({ role: 'superadmin', profile: null }) },
    'GET /api/jwts/verify': sessionValid(),
    'GET /api/users/divisions': divisionsReply([]),
    'GET /api/audit': (call) => ({
      body: {
        data: call.query.get('action') === 'role.changed' ? [roleChanged] : [updated, roleChanged],
        page: 0,
        pageSize: 25,
        total: call.query.get('action') === 'role.changed' ? 1 : 2,
      } satisfies AuditListResponse,
    }),
  });
}

describe('Audit log screen', () => {
  it('shows who did what to which division, and each changed field as “field: old → new”', async () => {
    signedInSuperadmin();
    renderAt('/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Ada Admin')).toBeInTheDocument();
    expect(first.getByText('ada@hub.example')).toBeInTheDocument();
    expect(first.getByText('company.updated')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('title: Acme → Acme Europe');
    expect(rows[0]).toHaveTextContent('feature_flags.approvals: false → true');
    expect(rows[1]).toHaveTextContent('System');
    expect(rows[1]).toHaveTextContent('role: user → supervisor');
    expect(rows[1]).toHaveTextContent('userId: 5 · companyId: 3');
    expect(screen.getByText('2 entries')).toBeInTheDocument();
  });

  it('asks the server again with the chosen action, and refuses a “to” day before the “from” day without asking', async () => {
    const calls = signedInSuperadmin();
    renderAt('/audit');
    await screen.findAllByTestId('audit-entry');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'role.changed' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(
      calls
        .filter((c) => c.path === '/api/audit')
        .at(-1)!
        .query.get('action'),
    ).toBe('role.changed');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText(AUDIT_MESSAGES.toBeforeFrom)).toBeInTheDocument();
    expect(screen.queryAllByTestId('audit-entry')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    // Only the “from” day alone was asked about; the wrong range never was.
    expect(calls.filter((c) => c.path === '/api/audit' && c.query.get('to') === '2026-11-01')).toHaveLength(0);
  });
});
