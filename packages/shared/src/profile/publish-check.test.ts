import { describe, expect, it } from 'vitest';
import type { ProfileContent } from './content.ts';
import { profileContentDefaults } from './defaults.ts';
import { effectiveContent } from './inherit.ts';
import { missingForPublish } from './publish-check.ts';
import { RICH_PROFILE } from './test-fixtures.ts';

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('missingForPublish (spec §4 step 1, §5 required for publish)', () => {
  it('a master is always publishable', () => {
    expect(missingForPublish(profileContentDefaults(), { isMaster: true })).toEqual([]);
  });

  it('an empty desktop profile misses everything a desktop template asks for, in the editor’s order', () => {
    expect(missingForPublish(profileContentDefaults(), { company: { name: '', subdomain: null } })).toEqual([
      { key: 'profilePhoto', label: 'Profile image' },
      { key: 'fullName', label: 'Full name' },
      { key: 'jobTitle', label: 'Job title' },
      { key: 'mainContactNumber', label: 'Main contact number' },
      { key: 'whatsappNumber', label: 'WhatsApp number' },
      { key: 'officeNumber', label: 'Office number' },
      { key: 'emailAddress', label: 'Email address' },
      { key: 'cssVariables.background-color', label: 'Primary colour' },
      { key: 'cssVariables.font-color', label: 'Secondary colour' },
      { key: 'stylingId', label: 'Template' },
      { key: 'logo', label: 'Logo' },
      { key: 'companyName', label: 'Company name' },
      { key: 'subdomain', label: 'Subdomain' },
      { key: 'mobileBanner', label: 'Mobile banner' },
      { key: 'desktopBanner', label: 'Desktop banner' },
      { key: 'mainActionButton.title', label: 'Call to action title' },
      { key: 'mainActionButton.url', label: 'Call to action link' },
      { key: 'mainActionButton.icon', label: 'Call to action icon' },
    ]);
  });

  it('other templates ask for first and last name and cover images, not desktop-only fields', () => {
    const missing = keys(missingForPublish({ ...profileContentDefaults(), templateLayout: 'mobile1' }));
    expect(missing).toEqual([
      'profilePhoto',
      'firstName',
      'lastName',
      'jobTitle',
      'stylingId',
      'banners',
      'mainActionButton.title',
      'mainActionButton.url',
      'mainActionButton.icon',
    ]);
    const withBanner = { ...profileContentDefaults(), banners: [{ slider: [{ url: '/uploads/b.jpg' }] }] };
    expect(keys(missingForPublish(withBanner, { layout: 'mobile1' }))).not.toContain('banners');
  });

  it('a complete profile misses nothing', () => {
    expect(missingForPublish(RICH_PROFILE, { company: { name: 'Acme', subdomain: 'acme' } })).toEqual([]);
  });

  it('checks testimonials (review, author, rating) and skips disabled ones', () => {
    const content: ProfileContent = {
      ...RICH_PROFILE,
      testimonials: [{ key: 'tm-1', review: 'Great', author: '', rating: 0 }, { key: 'tm-2' }, { key: 'tm-3', enabled: false }],
    };
    expect(missingForPublish(content)).toEqual([
      { key: 'tm-1.author', label: 'Testimonial 1 author' },
      { key: 'tm-2.review', label: 'Testimonial 2 review' },
      { key: 'tm-2.author', label: 'Testimonial 2 author' },
      { key: 'tm-2.rating', label: 'Testimonial 2 rating' },
    ]);
  });

  it('checks the contact form only when it is enabled; an empty rich-text message counts as empty', () => {
    const form = { ...RICH_PROFILE.contactForm, sendToMail: '', sendToMailCC: '', thankYouMessage: '<p><br></p>' };
    expect(missingForPublish({ ...RICH_PROFILE, contactForm: { ...form, enabled: false } })).toEqual([]);
    expect(missingForPublish({ ...RICH_PROFILE, contactForm: form })).toEqual([
      { key: 'contactForm.sendToMail', label: 'Send to email' },
      { key: 'contactForm.sendToMailCC', label: 'Send to email CC' },
      { key: 'contactForm.thankYouMessage', label: 'Thank you message' },
    ]);
  });

  it('skips items the master marked optional (field, member, section, item or item field)', () => {
    const content: ProfileContent = {
      ...profileContentDefaults(),
      testimonials: [{ key: 'tm-1' }],
      contactForm: { ...profileContentDefaults().contactForm, enabled: true },
    };
    const missing = missingForPublish(content, {
      permissions: [
        { key: 'profilePhoto' },
        { key: 'jobTitle', optional: true },
        { key: 'mainActionButton', optional: true },
        { key: 'mainActionButton.url', optional: false },
        { key: 'cssVariables' },
        { key: 'tm-1', optional: true },
        { key: 'tm-1.rating', optional: false },
        { key: 'contactForm.sendToMailCC' },
      ],
    });
    expect(keys(missing)).not.toContain('profilePhoto');
    expect(keys(missing)).not.toContain('jobTitle');
    expect(keys(missing)).not.toContain('cssVariables.background-color');
    expect(keys(missing)).not.toContain('mainActionButton.title');
    expect(keys(missing)).toContain('mainActionButton.url');
    expect(keys(missing)).not.toContain('tm-1.review');
    expect(keys(missing)).toContain('tm-1.rating');
    expect(keys(missing)).not.toContain('contactForm.sendToMailCC');
    expect(keys(missing)).toContain('contactForm.sendToMail');
  });

  it('skips what the child cannot see or change', () => {
    const missing = keys(
      missingForPublish(profileContentDefaults(), {
        permissions: [
          { key: 'logo', show: false, optional: false },
          { key: 'jobTitle', edit: false, optional: false },
        ],
      }),
    );
    expect(missing).not.toContain('logo');
    expect(missing).not.toContain('jobTitle');
  });

  it('reads the child’s effective content: what the master provides counts as filled', () => {
    const master = { ...RICH_PROFILE, jobTitle: 'Consultant' };
    const child = { fullName: 'Sam Smith', jobTitle: '' };
    expect(missingForPublish(effectiveContent(master, child))).toEqual([]);
  });
});
