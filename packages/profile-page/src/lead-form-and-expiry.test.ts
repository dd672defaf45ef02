/** The page's lead form follows a stored lead form when one is given; expired gallery items are marked for storage. */
import type { ContactForm } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { RICH_PROFILE } from '../../shared/src/profile/test-fixtures.ts';
import { attr, startTags, tokenize } from './__fixtures__/html-tokenizer.ts';
import { pageSafetyProblems } from './__fixtures__/page-safety.ts';
import { SAMPLE_NOW, sampleInput } from './__fixtures__/sample-input.ts';
import { buildPageModel, markExpired, nextExpiry, type PageContent, renderProfilePage } from './index.ts';

const content: PageContent = {
  ...RICH_PROFILE,
  // Only what the editor stores when the switches are left alone: the defaults apply.
  contactForm: { enabled: true, sendToMail: 'jane@acme.test', thankYouMessage: '<p>Contact form thanks</p>' } as ContactForm,
};
const storedForm = {
  formId: 'Jane Doe Lead Form-1740787200000',
  fields: [
    { field_name: 'name', label: 'Your full name', type: 'text', required: true, enabled: true },
    { field_name: 'mobile', label: 'Best number', type: 'tel', required: true, enabled: true },
    { field_name: 'email', label: 'Email', type: 'email', required: false, enabled: false },
    { field_name: 'company', label: 'Company', type: 'text', required: true, enabled: true },
  ],
  thankYouMessage: '<p>We will call <b>you</b>.</p><script>alert(1)</script>',
};

describe('lead form', () => {
  it('without a stored form: the contact form’s switches over spec §5’s defaults', () => {
    const form = buildPageModel(sampleInput(content)).leadForm!;
    expect(form.fields.map((f) => [f.name, f.required])).toEqual([
      ['name', true],
      ['email', true],
      ['mobile', false],
      ['message', true],
    ]);
    expect(form.thanksHtml).toContain('Contact form thanks');
  });

  it('with a stored form: its enabled fields, labels, requirements, form id and thank-you message (sanitised)', () => {
    const input = sampleInput(content, { leadForm: storedForm });
    const form = buildPageModel(input).leadForm!;
    expect(form.formId).toBe(storedForm.formId);
    expect(form.fields.map((f) => [f.name, f.label, f.type, f.required])).toEqual([
      ['name', 'Your full name', 'text', true],
      ['mobile', 'Best number', 'tel', true],
    ]);
    expect(form.thanksHtml).toBe('<p>We will call <b>you</b>.</p>');
    const html = renderProfilePage(input).html;
    expect(pageSafetyProblems(html, { nonce: input.nonce, leadFormUrl: input.urls.leadFormUrl })).toEqual([]);
    const inputs = startTags(tokenize(html)).filter((t) => t.name === 'input' && (attr(t, 'id') ?? '').startsWith('ph-f-') && attr(t, 'id') !== 'ph-f-website');
    expect(inputs.map((t) => [attr(t, 'name'), attr(t, 'required') !== undefined])).toEqual([
      ['name', true],
      ['mobile', true],
    ]);
    expect(html).toContain('Your full name');
  });

  it('a disabled contact form shows no form, stored form or not', () => {
    const off = { ...content, contactForm: { ...content.contactForm!, enabled: false } };
    expect(buildPageModel(sampleInput(off, { leadForm: storedForm })).leadForm).toBeUndefined();
  });
});

describe('markExpired', () => {
  const gallery: PageContent = {
    imageGallery: [
      { key: 'past', url: '/a.jpg', type: 'promotion', expireAt: '2026-01-01T00:00:00Z' },
      { key: 'future', url: '/b.jpg', type: 'promotion', expireAt: '2026-06-01T00:00:00Z' },
      { key: 'plain', url: '/c.jpg' },
    ],
  };

  it('marks items expired by `now` and leaves the rest; the next expiry is then the future one', () => {
    const marked = markExpired(gallery, SAMPLE_NOW);
    expect(marked.imageGallery!.map((i) => i.expired)).toEqual([true, undefined, undefined]);
    expect(gallery.imageGallery![0]!.expired).toBeUndefined();
    expect(nextExpiry(gallery, 0)).toBe('2026-01-01T00:00:00.000Z');
    expect(nextExpiry(marked, 0)).toBe('2026-06-01T00:00:00.000Z');
  });

  it('returns the same object when nothing expired', () => {
    expect(markExpired(gallery, Date.parse('2025-01-01T00:00:00Z'))).toBe(gallery);
    const marked = markExpired(gallery, SAMPLE_NOW);
    expect(markExpired(marked, SAMPLE_NOW)).toBe(marked);
  });
});
