/** Buttons and links that keep time (issue #30): the page and the vCard leave out what is off or outside its window. */
import { describe, expect, it } from 'vitest';
import { SAMPLE_NOW, sampleInput } from './__fixtures__/sample-input.ts';
import { buildPageModel, nextPageChange, type PageContent, renderProfilePage, vcard } from './index.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const content: PageContent = {
  firstName: 'Jane',
  lastName: 'Doe',
  links: [
    { key: 'always', title: 'Always here', url: 'https://acme.test/always' },
    { key: 'off', title: 'Switched off', url: 'https://acme.test/off', enabled: false },
    { key: 'later', title: 'Spring sale', url: 'https://acme.test/sale', showFrom: iso(SAMPLE_NOW + HOUR) },
    { key: 'over', title: 'Winter offer', url: 'https://acme.test/winter', showUntil: iso(SAMPLE_NOW - HOUR) },
    { key: 'now', title: 'This week only', url: 'https://acme.test/week', showFrom: iso(SAMPLE_NOW - HOUR), showUntil: iso(SAMPLE_NOW + 2 * HOUR) },
    { key: 'pop', title: 'Later pop-up', contactType: 'modal', description: '<p>Hi</p>', showFrom: iso(SAMPLE_NOW + 3 * HOUR) },
  ],
  socialLinks: [
    { key: 'linkedin', url: 'https://linkedin.com/in/jane' },
    { key: 'youtube', url: 'https://youtube.com/@jane', enabled: false },
    { key: 'x', url: 'https://x.com/jane', showUntil: iso(SAMPLE_NOW - HOUR) },
    { key: 'instagram', url: 'https://instagram.com/jane', showFrom: iso(SAMPLE_NOW + HOUR) },
  ],
};

describe('a page rendered at a moment', () => {
  it('shows the buttons switched on and inside their window, and leaves out the others', () => {
    const model = buildPageModel(sampleInput(content));
    expect(model.buttons.map((b) => b.title)).toEqual(['Always here', 'This week only']);
    expect(model.socials.map((s) => s.key)).toEqual(['linkedin']);
    const { html } = renderProfilePage(sampleInput(content));
    expect(html).toContain('Always here');
    expect(html).toContain('This week only');
    for (const gone of ['Switched off', 'Spring sale', 'Winter offer', 'Later pop-up', 'youtube.com/@jane', 'x.com/jane', 'instagram.com/jane'])
      expect(html).not.toContain(gone);
  });

  it('changes at the boundaries: a window opens at its from and closes at its until', () => {
    const at = (now: number) => buildPageModel(sampleInput(content, { now })).buttons.map((b) => b.key);
    expect(at(SAMPLE_NOW + HOUR)).toEqual(['always', 'later', 'now']);
    expect(at(SAMPLE_NOW + 2 * HOUR - 1)).toEqual(['always', 'later', 'now']);
    expect(at(SAMPLE_NOW + 2 * HOUR)).toEqual(['always', 'later']);
    expect(at(SAMPLE_NOW + 3 * HOUR)).toEqual(['always', 'later', 'pop']);
    // A different page, a different ETag: caches and revalidations see the change.
    expect(renderProfilePage(sampleInput(content, { now: SAMPLE_NOW + HOUR })).etag).not.toBe(renderProfilePage(sampleInput(content)).etag);
  });

  it('knows when it next changes by itself: the earliest bound still ahead (a switched-off item never changes)', () => {
    expect(nextPageChange(content, SAMPLE_NOW)).toBe(iso(SAMPLE_NOW + HOUR));
    expect(nextPageChange(content, SAMPLE_NOW + HOUR)).toBe(iso(SAMPLE_NOW + 2 * HOUR));
    expect(nextPageChange(content, SAMPLE_NOW + 3 * HOUR)).toBeNull();
    expect(nextPageChange({ links: [{ key: 'x', enabled: false, showFrom: iso(SAMPLE_NOW + HOUR) }] }, SAMPLE_NOW)).toBeNull();
    // With a gallery item expiring earlier, that comes first.
    const gallery: PageContent = { ...content, imageGallery: [{ key: 'g', url: '/uploads/a.jpg', type: 'promotion', expireAt: iso(SAMPLE_NOW + HOUR / 2) }] };
    expect(nextPageChange(gallery, SAMPLE_NOW)).toBe(iso(SAMPLE_NOW + HOUR / 2));
  });
});

describe('the vCard', () => {
  it('leaves out social links switched off or outside their window, like the page', () => {
    const card = vcard(content, { url: 'https://acme.profilehub.test/jane-doe', now: SAMPLE_NOW });
    expect(card).toContain('linkedin.com/in/jane');
    for (const gone of ['youtube.com/@jane', 'x.com/jane', 'instagram.com/jane']) expect(card).not.toContain(gone);
    expect(vcard(content, { url: 'https://acme.profilehub.test/jane-doe', now: SAMPLE_NOW + HOUR })).toContain('instagram.com/jane');
  });
});
