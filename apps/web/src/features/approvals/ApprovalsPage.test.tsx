import type { ApprovalRow, ApprovalsListResponse, ProfileChange } from '@profilehub/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { divisionsReply, sessionValid, whiteLabelReply } from '../../test/fixtures.ts';
import { renderAt, testUser } from '../../test/render.tsx';

const jobTitle: ProfileChange = { actionType: 'updated', fieldTitle: 'Job title', oldValue: { value: 'Sales' }, newValue: { value: 'Head of Sales' } };

const approval = (id: number, fullName: string, approved: boolean | null, profileChanges: ProfileChange[] = [jobTitle]): ApprovalRow => ({
  id,
  approvalId: id,
  profileId: id * 10,
  targetProfile: id * 10,
  company: { id: 3 },
  requestedAt: '2026-01-02T10:00:00.000Z',
  approved,
  message: approved === false ? 'Fix the photo' : null,
  respondedAt: approved === null ? null : '2026-01-03T10:00:00.000Z',
  respondedBy: approved === null ? null : 'Sam Super',
  profileChanges,
  fullName,
  jobTitle: 'Sales',
  profileThumbnail: null,
  url: 'https://acme.localhost/jane',
  companyName: 'Acme',
  companyId: 3,
  alias: 'jane',
  publishedAt: '2026-01-01T00:00:00.000Z',
});

function signedInSupervisor(pending: ApprovalRow = approval(3, 'Jane Doe', null)) {
  sessionStorage.setItem('jwt', 'token');
  const user = testUser({ role: 'supervisor', companies: [], supervisedCompanyIds: [3], profile: null, pendingApprovals: 1 });
  return mockFetch({
    'GET /api/white-label': whiteLabelReply(),
    'GET /api/companies/users/me': { body: user },
    'GET /api/jwts/verify': sessionValid(),
    'GET /api/users/divisions': divisionsReply([]),
    'GET /api/approvals': (call) => ({
      body:
        call.query.get('status') === 'resolved'
          ? ({
              data: [approval(2, 'Jane Doe', false), approval(1, 'Jane Doe', true)],
              page: 0,
              pageSize: 25,
              total: 2,
              pending: 1,
            } satisfies ApprovalsListResponse)
          : ({ data: [pending], page: 0, pageSize: 25, total: 1, pending: 1 } satisfies ApprovalsListResponse),
    }),
  });
}

describe('Approvals list', () => {
  it('previews a pending request as the page will look if approved, in the public page renderer', async () => {
    signedInSupervisor();
    renderAt('/approvals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Approvals (1)' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByRole('button', { name: 'Preview the proposed page of Jane Doe' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Preview of Jane Doe if approved' });
    expect(within(dialog).getByTitle('Proposed page of Jane Doe')).toHaveAttribute('src', '/preview-link.html?profileId=30');
    expect(within(dialog).getByRole('link', { name: 'open the published page' })).toHaveAttribute('href', 'https://acme.localhost/jane');
  });

  it('shows a request’s lead-form changes among its updates: the field added and whether it is required', async () => {
    const formField: ProfileChange = {
      actionType: 'added',
      fieldTitle: 'Lead form field: Card number and CVV',
      oldValue: null,
      newValue: { value: 'Card number and CVV', description: 'Required' },
    };
    signedInSupervisor(approval(3, 'Jane Doe', null, [jobTitle, formField]));
    renderAt('/approvals');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /View updates/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Updates by Jane Doe (2)' });
    const row = within(dialog).getByRole('row', { name: /Lead form field: Card number and CVV/ });
    expect(within(row).getByText('added')).toBeInTheDocument();
    expect(within(row).getByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Job title/ })).toBeInTheDocument();
  });

  it('lists every past decision under Resolved, each with its answer, and links the live page', async () => {
    signedInSupervisor();
    renderAt('/approvals');
    await screen.findByRole('heading', { level: 1, name: 'Approvals (1)' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Resolved', { exact: true }));
    const table = within(await screen.findByRole('table'));
    expect(await table.findByText('Declined')).toBeInTheDocument();
    expect(table.getByText('Approved')).toBeInTheDocument();
    expect(table.getByText('“Fix the photo”')).toBeInTheDocument();
    expect(table.queryByRole('button', { name: /Preview/ })).toBeNull();
    expect(table.getAllByRole('link', { name: 'Live page' })).toHaveLength(2);
  });
});
