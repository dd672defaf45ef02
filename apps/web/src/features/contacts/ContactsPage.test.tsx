import type { CardScanResult, ContactCreateBody, ContactDetail, ContactEraseResult, ContactRow, ContactsListResponse } from '@profilehub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockSignedIn } from '../../test/dashboard.ts';
import { renderAt, testUser } from '../../test/render.tsx';

const vic: ContactRow = {
  id: 11,
  name: 'Vic Visitor',
  email: 'vic@example.test',
  phone: '+27 82 000 0000',
  company: '',
  jobTitle: '',
  source: 'lead_form',
  profileId: 7,
  profileName: 'Jane Doe',
  companyId: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const eve: ContactRow = { ...vic, id: 12, name: 'Eve Exchange', email: 'eve@example.test', phone: '', company: 'Evil Inc', source: 'exchange' };
const detail: ContactDetail = { ...vic, message: 'Call me', notes: 'Met at the fair', website: '', cardUrl: null };

function signedInJane(more: Parameters<typeof mockSignedIn>[1] = {}) {
  return mockSignedIn(testUser(), {
    'GET /api/contacts': (call) => ({
      body: {
        data: call.query.get('q') === 'eve' ? [eve] : [vic, eve],
        page: Number(call.query.get('page') ?? 0),
        pageSize: Number(call.query.get('pageSize') ?? 10),
        total: call.query.get('q') === 'eve' ? 1 : 2,
        totalCapped: false,
      } satisfies ContactsListResponse,
    }),
    'GET /api/contacts/11': { body: detail },
    'PATCH /api/contacts/11': (call) => ({ body: { ...detail, notes: (call.body as { notes: string }).notes } satisfies ContactDetail }),
    'DELETE /api/contacts/12': { status: 204 },
    'POST /api/contacts/erase': { body: { erased: 2, message: '2 contacts erased.' } satisfies ContactEraseResult },
    'GET /api/contacts/vcard': { body: 'BEGIN:VCARD' },
    ...more,
  });
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:contacts'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

describe('Contacts screen', () => {
  it('lists her contacts, searches, and opens one with its notes to save', async () => {
    const calls = signedInJane();
    renderAt('/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('contact-row')).toHaveLength(2);
    expect(screen.getByText('2 contacts')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/contacts')!.query.get('pageSize')).toBe('10');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Search'), 'eve');
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(1));
    await user.clear(screen.getByLabelText('Search'));
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Vic Visitor' }));
    const notes = await screen.findByLabelText('Notes');
    expect(notes).toHaveValue('Met at the fair');
    expect(screen.getByText('Call me')).toBeInTheDocument();
    await user.clear(notes);
    await user.type(notes, 'Call back Monday');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && (c.body as { notes: string }).notes === 'Call back Monday')).toBe(true));
  });

  it('past the list window the count says "more than" and asks to narrow the list', async () => {
    signedInJane({
      'GET /api/contacts': { body: { data: [vic, eve], page: 0, pageSize: 10, total: 10_000, totalCapped: true } satisfies ContactsListResponse },
    });
    renderAt('/contacts');
    expect(await screen.findByText('More than 10,000 contacts: search or filter to page through them')).toBeInTheDocument();
  });

  it('downloads the chosen contacts as vCards, deletes after confirming, and erases a visitor by email', async () => {
    const calls = signedInJane();
    renderAt('/contacts');
    const rows = await screen.findAllByTestId('contact-row');
    const user = userEvent.setup({ delay: null });
    await user.click(within(rows[0]!).getByRole('checkbox'));
    await user.click(within(rows[1]!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Download 2 vCards' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/contacts/vcard')?.query.get('ids')).toBe('11,12'));

    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this contact?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/contacts/12')).toBe(true));

    await user.click(screen.getByRole('button', { name: "Erase a visitor's data" }));
    const dialog = await screen.findByRole('dialog', { name: "Erase a visitor's data" });
    await user.type(within(dialog).getByLabelText(/Visitor's email/), 'vic@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/contacts/erase')?.body).toEqual({ email: 'vic@example.test' }));
    expect(await screen.findByText('2 contacts erased.')).toBeInTheDocument();
  });

  it('scans a card: the camera input, the fields read with their source to confirm, and the contact saved with its photo', async () => {
    const scanned: CardScanResult = {
      fields: {
        name: { value: 'Margaret Lee', source: 'MARGARET LEE' },
        jobTitle: { value: 'Head of Procurement', source: 'Head of Procurement' },
        company: { value: 'Northwind Traders Ltd', source: 'Northwind Traders Ltd' },
        phones: [
          { value: '+442079460958', source: 'Tel 020 7946 0958' },
          { value: '+447700900123', source: 'M 07700 900123' },
        ],
        emails: [{ value: 'margaret.lee@northwind.co.uk', source: 'margaret.lee@northwind.co.uk' }],
        links: [],
      },
      lines: [],
      cardUploadId: 77,
    };
    const calls = signedInJane({
      'POST /api/contacts/scan': { body: scanned },
      'POST /api/contacts': (call) => ({ status: 201, body: { ...detail, ...(call.body as ContactCreateBody), id: 11 } satisfies ContactDetail }),
    });
    renderAt('/contacts');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Scan a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a card' });
    const input = dialog.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'card.jpg', { type: 'image/jpeg' }));

    const name = await within(dialog).findByLabelText('Name');
    expect(name).toHaveValue('Margaret Lee');
    expect(within(dialog).getByText('Read from: “MARGARET LEE”')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+442079460958');
    expect(within(dialog).getByLabelText('Website')).toHaveValue('');
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('+447700900123');
    const scan = calls.find((c) => c.method === 'POST' && c.path === '/api/contacts/scan')!;
    expect(scan.parts?.map((p) => p.name)).toEqual(['file']);

    await user.clear(within(dialog).getByLabelText('Job title'));
    await user.type(within(dialog).getByLabelText('Job title'), 'Procurement Lead');
    await user.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/contacts')?.body).toEqual({
        name: 'Margaret Lee',
        jobTitle: 'Procurement Lead',
        company: 'Northwind Traders Ltd',
        phone: '+442079460958',
        email: 'margaret.lee@northwind.co.uk',
        website: '',
        notes: '+447700900123',
        cardUploadId: 77,
      }),
    );
    expect(await screen.findByText('Contact saved.')).toBeInTheDocument();
  });
});
