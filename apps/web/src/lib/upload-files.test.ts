import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../test/fetch-mock.ts';
import { uploadFiles } from './upload-files.ts';

describe('uploadFiles', () => {
  it('tells the spec’s progress texts (§8) and sends purpose, profile and the file as multipart', async () => {
    sessionStorage.setItem('jwt', 'token');
    let n = 0;
    const calls = mockFetch({ 'POST /api/upload': () => ({ body: [{ id: ++n, url: `/uploads/${n}.png`, mime: 'image/png', width: 1, height: 1, size: 1 }] }) });
    const progress: string[] = [];
    const files = await uploadFiles([new Blob(['a']), new Blob(['b'])], { purpose: 'gallery', profileId: 7, onProgress: (t) => progress.push(t) });
    expect(progress).toEqual(['Preparing 2 upload(s)', 'Busy Uploading 1 of 2', 'Busy Uploading 2 of 2']);
    expect(files.map((f) => f.id)).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.authorization).toBe('Bearer token');
  });

  it('answers a refused upload with the server’s message', async () => {
    mockFetch({ 'POST /api/upload': errorBody(413, 'File is too large. The limit is 2 MB.') });
    await expect(uploadFiles([new Blob(['a'])], { purpose: 'logo', profileId: 7 })).rejects.toThrow('File is too large. The limit is 2 MB.');
  });
});
