import type { UploadItem } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '../test/fetch-mock.ts';
import { uploadFiles } from './upload-files.ts';

describe('uploadFiles', () => {
  it('tells the spec’s progress texts (§8) and sends purpose, profile and the file as multipart', async () => {
    sessionStorage.setItem('jwt', 'token');
    let n = 0;
    const calls = mockFetch({
      'POST /api/upload': () => ({ body: [{ id: ++n, url: `/uploads/${n}.png`, mime: 'image/png', width: 1, height: 1, size: 1 }] satisfies UploadItem[] }),
    });
    const progress: string[] = [];
    const photo = new File(['png bytes'], 'team photo.png', { type: 'image/png' });
    const files = await uploadFiles([photo, new Blob(['b'], { type: 'image/jpeg' })], {
      purpose: 'gallery',
      profileId: 7,
      onProgress: (t) => progress.push(t),
    });
    expect(progress).toEqual(['Preparing 2 upload(s)', 'Busy Uploading 1 of 2', 'Busy Uploading 2 of 2']);
    expect(files.map((f) => f.id)).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.authorization).toBe('Bearer token');
    // One file per request, as multipart: the fields the server reads, then the file under 'files'
    // with its own name (a Blob without one gets upload-N) and content type.
    expect(calls[0]?.parts).toEqual([
      { name: 'purpose', value: 'gallery' },
      { name: 'profileId', value: '7' },
      { name: 'files', filename: 'team photo.png', type: 'image/png', content: 'png bytes' },
    ]);
    expect(calls[1]?.parts).toEqual([
      { name: 'purpose', value: 'gallery' },
      { name: 'profileId', value: '7' },
      { name: 'files', filename: 'upload-2', type: 'image/jpeg', content: 'b' },
    ]);
    // The browser sets the multipart content type with its boundary: the client must not set one.
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('answers a refused upload with the server’s message', async () => {
    mockFetch({ 'POST /api/upload': errorBody(413, 'File is too large. The limit is 2 MB.') });
    await expect(uploadFiles([new Blob(['a'])], { purpose: 'logo', profileId: 7 })).rejects.toThrow('File is too large. The limit is 2 MB.');
  });
});
