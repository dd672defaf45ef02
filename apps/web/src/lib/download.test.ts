import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { downloadFile, fileNameOf } from './download.ts';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="Users.xlsx"; filename*=UTF-8''Acme%20%C3%BCsers.xlsx`)).toBe('Acme üsers.xlsx');
    expect(fileNameOf('attachment; filename="Users.csv"')).toBe('Users.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the answer under the server name', async () => {
    const fetchMock = vi.fn(
      async (_url: string) => new Response('a,b', { headers: { 'Content-Disposition': `attachment; filename*=UTF-8''Lead%20forms.xlsx` } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Lead forms.xlsx');
      expect(this.href).toBe('blob:x');
    });
    await downloadFile('/api/reports/lead-forms', { format: 'xlsx', companyId: undefined }, 'fallback.xlsx');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reports/lead-forms?format=xlsx');
    expect(click).toHaveBeenCalledOnce();
  });

  it('throws the server message when refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'You may not export these profiles.' }, { status: 403 })),
    );
    const failure = downloadFile('/api/users/export', {}, 'Users.xlsx');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: 'You may not export these profiles.' });
  });
});
