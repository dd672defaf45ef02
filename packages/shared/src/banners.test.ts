import { describe, expect, it } from 'vitest';
import { BANNER_MESSAGES, bannerMediaProblem, nextBannerId } from './banners.ts';

describe('bannerMediaProblem (spec §5 banner media: jpg, png, webp, gif, mp4, mov)', () => {
  it('accepts the banner media types, in any case, with a query or fragment, and addresses that name no type', () => {
    for (const url of [
      '/uploads/a.jpg',
      '/uploads/a.JPEG',
      'https://cdn.test/b.png?w=2',
      'https://cdn.test/c.webp#x',
      '/d.gif',
      '/e.mp4',
      '/f.MOV',
      'https://cdn.test/media/7',
      '',
      undefined,
    ])
      expect(bannerMediaProblem(url), String(url)).toBeNull();
  });
  it('refuses other types with the message', () => {
    for (const url of ['/uploads/a.svg', 'https://cdn.test/b.avi', '/c.tiff?x=.jpg', 'https://cdn.test.jpg/page.html'])
      expect(bannerMediaProblem(url), url).toBe(BANNER_MESSAGES.media);
  });
});

describe('nextBannerId', () => {
  it('is one more than the largest numeric id', () => {
    expect(nextBannerId([])).toBe(1);
    expect(nextBannerId([{ id: 3 }, { id: 'x' }, {}, { id: 1 }])).toBe(4);
  });
});
