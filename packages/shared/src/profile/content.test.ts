import { describe, expect, expectTypeOf, it } from 'vitest';
import { toJSONSchema, type z } from 'zod';
import { NUL_MESSAGE } from '../errors.ts';
import { BANNER_LIMIT, COLLECTION_FIELDS, JOB_TITLE_MAX, PROFILE_BOUNDS, PROFILE_CONTENT_FIELDS, SOCIAL_NETWORKS } from './constants.ts';
import {
  ContactFormSchema,
  LeadFormSchema,
  type ProfileContent,
  ProfileContentOverridesSchema,
  ProfileContentSchema,
  type ProfileLink,
  type ProfileLinkSchema,
  ThemeSchema,
} from './content.ts';
import { profileContentDefaults } from './defaults.ts';
import { DEFAULT_LEAD_FORM_FIELDS } from './rules.ts';
import { RICH_PROFILE } from './test-fixtures.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];
const firstMessage = (value: unknown) => messages(ProfileContentSchema.safeParse(value))[0];

describe('ProfileContentSchema defaults (spec §3, §9)', () => {
  it('parse({}) is an empty profile with the spec’s defaults', () => {
    const empty = ProfileContentSchema.parse({});
    expect(empty).toEqual(profileContentDefaults());
    expect(empty.templateLayout).toBe('desktop2');
    expect(empty.iconStyle).toBe('regular');
    expect(empty.subscriptionType).toBe('lite');
    expect(empty.contactForm).toEqual({
      enabled: false,
      name: { required: true, enabled: true },
      emailAddress: { required: true, enabled: true },
      mobile: { required: false, enabled: true },
      message: { required: true, enabled: true },
    });
    for (const field of COLLECTION_FIELDS) expect(empty[field]).toEqual([]);
  });
  it('gives every parse its own default arrays and objects', () => {
    const a = ProfileContentSchema.parse({});
    const b = ProfileContentSchema.parse({});
    a.links.push({ key: 'x' });
    a.contactForm.name.required = false;
    expect(b.links).toEqual([]);
    expect(b.contactForm.name.required).toBe(true);
    expect(profileContentDefaults().contactForm.name.required).toBe(true);
  });
  it('lists its fields in PROFILE_CONTENT_FIELDS; the overrides schema has the same fields', () => {
    expect(Object.keys(ProfileContentSchema.shape)).toEqual([...PROFILE_CONTENT_FIELDS]);
    expect(Object.keys(ProfileContentOverridesSchema.shape).sort()).toEqual([...PROFILE_CONTENT_FIELDS].sort());
  });
  it('a child’s overrides get no defaults (absent means inherited)', () => {
    expect(ProfileContentOverridesSchema.parse({})).toEqual({});
    expect(ProfileContentOverridesSchema.parse({ contactForm: { enabled: true } })).toEqual({ contactForm: { enabled: true } });
  });
});

describe('ProfileContentSchema round trip', () => {
  it('a profile using every field parses to itself', () => {
    expect(ProfileContentSchema.parse(RICH_PROFILE)).toEqual(RICH_PROFILE);
    expect(ProfileContentSchema.parse(JSON.parse(JSON.stringify(RICH_PROFILE)))).toEqual(RICH_PROFILE);
  });
  it('the overrides schema accepts a whole document too', () => {
    expect(ProfileContentOverridesSchema.parse(RICH_PROFILE)).toEqual(RICH_PROFILE);
  });
  it('normalises social and video links (spec §5) and trims text', () => {
    const parsed = ProfileContentSchema.parse({
      firstName: '  Jane ',
      socialLinks: [{ key: 'instagram', url: 'instagram.com/acme' }],
      videoGallery: [{ key: 'v', url: 'youtu.be/dQw4w9WgXcQ' }],
    });
    expect(parsed.firstName).toBe('Jane');
    expect(parsed.socialLinks[0]?.url).toBe('https://instagram.com/acme');
    expect(parsed.videoGallery[0]?.url).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(ProfileContentSchema.parse(parsed)).toEqual(parsed);
  });
  it('accepts empty strings where a value is optional (the editor clears fields)', () => {
    const cleared = {
      jobTitle: '',
      emailAddress: '',
      mainContactNumber: '',
      aboutMeVideo: '',
      links: [{ key: 'a', url: '' }],
      navigateToOffice: { url: '', title: '' },
    };
    expect(ProfileContentSchema.safeParse(cleared).success).toBe(true);
  });
});

describe('ProfileContentSchema refuses with readable messages', () => {
  it('unknown keys, at the top and inside items', () => {
    expect(firstMessage({ jobtitle: 'typo' })).toBe('Unrecognized key: "jobtitle"');
    expect(firstMessage({ links: [{ key: 'a', onclick: 'x' }] })).toBe('Unrecognized key: "onclick"');
    expect(firstMessage({ contactForm: { sendTo: 'a@b.test' } })).toBe('Unrecognized key: "sendTo"');
    expect(messages(ProfileContentOverridesSchema.safeParse({ isMaster: true }))).toEqual(['Unrecognized key: "isMaster"']);
  });
  it('job title over 150 characters', () => {
    expect(firstMessage({ jobTitle: 'x'.repeat(JOB_TITLE_MAX) })).toBeUndefined();
    expect(firstMessage({ jobTitle: 'x'.repeat(JOB_TITLE_MAX + 1) })).toBe('Job title can be at most 150 characters.');
  });
  it('oversized strings', () => {
    expect(firstMessage({ firstName: 'x'.repeat(101) })).toBe('First name can be at most 100 characters.');
    expect(firstMessage({ profileDisclaimer: 'x'.repeat(PROFILE_BOUNDS.richText + 1) })).toBe('Footer disclaimer can be at most 20000 characters.');
    expect(firstMessage({ links: [{ key: 'a', url: `https://a.test/${'x'.repeat(3000)}` }] })).toBe('Link can be at most 2048 characters.');
    expect(firstMessage({ cssPlug: 'x'.repeat(PROFILE_BOUNDS.css + 1) })).toBe('Custom CSS can be at most 20000 characters.');
  });
  it('oversized arrays', () => {
    const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
    expect(firstMessage({ links: many(31, (i) => ({ key: `l${i}` })) })).toBe('You can add up to 30 buttons.');
    expect(firstMessage({ infoSections: many(21, (i) => ({ key: `s${i}`, type: 'text' })) })).toBe('You can add up to 20 sections.');
    expect(firstMessage({ imageGallery: many(51, (i) => ({ key: `i${i}` })) })).toBe('You can add up to 50 gallery images.');
    expect(firstMessage({ testimonials: many(51, (i) => ({ key: `t${i}` })) })).toBe('You can add up to 50 testimonials.');
    expect(firstMessage({ banners: many(BANNER_LIMIT + 1, () => ({})) })).toBe('You can add up to 5 banners.');
    expect(firstMessage({ banners: [{ slider: many(BANNER_LIMIT + 1, () => ({})) }] })).toBe('You can add up to 5 slides.');
    expect(firstMessage({ cssVariables: Object.fromEntries(many(70, (i) => [`contact-button-font-color-k${i}`, {}] as const)) })).toBe(
      'You can add up to 67 colour settings.',
    );
  });
  // How long it takes: `node bench/run-all.mjs hostile-input`.
  it('refuses a huge list with the limit’s message', () => {
    expect(firstMessage({ links: Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}` })) })).toBe('You can add up to 30 buttons.');
  });
  it('each social network at most once (spec §3)', () => {
    expect(firstMessage({ socialLinks: [{ key: 'facebook' }, { key: 'x' }, { key: 'facebook', url: 'https://facebook.com/b' }] })).toBe(
      'Facebook can only be added once.',
    );
    expect(firstMessage({ socialLinks: [{ key: 'myspace' }] })).toMatch(/^Choose one of Facebook, Youtube, X, .*Threads\.$/);
    expect(firstMessage({ socialLinks: SOCIAL_NETWORKS.map((key) => ({ key })) })).toBeUndefined();
  });
  it('item keys are unique across the document (they are merge and permission keys)', () => {
    const result = ProfileContentSchema.safeParse({ links: [{ key: 'a' }], testimonials: [{ key: 'a' }] });
    expect(messages(result)).toEqual(['The key "a" is used by more than one item.']);
    expect(result.error?.issues[0]?.path).toEqual(['testimonials', 0, 'key']);
    expect(firstMessage({ links: [{ key: 'has space' }] })).toBe('Every item needs a key of letters, digits, dashes or underscores (at most 64).');
    expect(firstMessage({ links: [{ title: 'no key' }] })).toBe('Every item needs a key of letters, digits, dashes or underscores (at most 64).');
  });
  it('About me, Testimonials and Placeholder sections once; one placeholder button (spec §2)', () => {
    expect(
      firstMessage({
        infoSections: [
          { key: 'a', type: 'aboutme' },
          { key: 'b', type: 'aboutme' },
        ],
      }),
    ).toBe('Only one About me section is allowed.');
    expect(
      firstMessage({
        infoSections: [
          { key: 'a', type: 'testimonials' },
          { key: 'b', type: 'testimonials' },
        ],
      }),
    ).toBe('Only one Testimonials section is allowed.');
    expect(
      firstMessage({
        infoSections: [
          { key: 'a', type: 'imageGallery' },
          { key: 'b', type: 'imageGallery' },
        ],
      }),
    ).toBeUndefined();
    expect(
      firstMessage({
        links: [
          { key: 'a', contactType: 'placeholder' },
          { key: 'b', contactType: 'placeholder' },
        ],
      }),
    ).toBe('Only one placeholder button is allowed.');
  });
  it('unsafe links and images', () => {
    expect(firstMessage({ links: [{ key: 'a', url: 'javascript:alert(1)' }] })).toBe('Links must start with https://');
    expect(firstMessage({ links: [{ key: 'a', url: 'http://acme.test' }] })).toBe('Links must start with https://');
    expect(firstMessage({ mainActionButton: { url: 'data:text/html,x' } })).toBe('Links must start with https://');
    expect(firstMessage({ socialLinks: [{ key: 'x', url: 'javascript:alert(1)' }] })).toBe('Links must start with https://');
    expect(firstMessage({ imageGallery: [{ key: 'a', link: ' JAVASCRIPT:alert(1)' }] })).toBe('Links must start with https://');
    expect(firstMessage({ profilePhoto: { url: 'javascript:alert(1)' } })).toBe('Images must be an https:// URL or an uploaded file.');
    expect(firstMessage({ logo: { url: '//evil.test/x.png' } })).toBe('Images must be an https:// URL or an uploaded file.');
    expect(firstMessage({ navigateToOffice: { url: 'https://evil.test/maps' } })).toBe('Use a Google Maps, Apple Maps, Waze, Bing Maps or OpenStreetMap link.');
    expect(firstMessage({ links: [{ key: 'a', icon: '"><script>' }] })).toBe('Choose an icon from the list or an uploaded image.');
    expect(firstMessage({ links: [{ key: 'a', url: '#' }] })).toBeUndefined();
  });
  it('colours and CSS that could break out of the style block', () => {
    expect(firstMessage({ cssVariables: { 'background-color': { css: 'red;} body{background:url(https://evil.test)' } } })).toBe(
      'Use a colour or a CSS gradient.',
    );
    expect(firstMessage({ cssVariables: { 'background-color': { color: 'url(x)' } } })).toBe('Use a hex, rgb() or hsl() colour.');
    expect(firstMessage({ cssVariables: { 'body-color': {} } })).toBe('Unknown colour setting. ("body-color")');
    expect(firstMessage({ cssVariables: { 'background-color': { mode: 'pattern' } } })).toMatch(/solid.*gradient/);
    expect(firstMessage({ fontFamily: 'Arial;} body{' })).toBe('Font names may only have letters, digits, spaces, commas, dashes and underscores.');
  });
  it('ratings in half steps, dates, phone numbers, emails, expiry', () => {
    expect(firstMessage({ testimonials: [{ key: 't', rating: 4.3 }] })).toBe('Rating goes from 0 to 5 in half steps.');
    expect(firstMessage({ testimonials: [{ key: 't', rating: 5.5 }] })).toBe('Rating goes from 0 to 5 in half steps.');
    expect(firstMessage({ testimonials: [{ key: 't', date: '21/03/2024' }] })).toBe('Use a date like 2025-03-01.');
    expect(firstMessage({ mainContactNumber: 'call me' })).toBe('Phone numbers may only have digits, spaces, brackets, dashes and a leading +.');
    expect(firstMessage({ emailAddress: 'jane@' })).toBe('Please enter a valid email address');
    expect(firstMessage({ contactForm: { sendToMailCC: 'a@b.test, nope' } })).toBe('Enter up to 5 email addresses separated by commas.');
    expect(firstMessage({ imageGallery: [{ key: 'i', expireAt: '2025-13-01' }] })).toBe('Expire date must be a date and time.');
  });
  it('NUL characters (PostgreSQL cannot store them)', () => {
    expect(firstMessage({ firstName: 'Ja\u0000ne' })).toBe(NUL_MESSAGE);
    expect(firstMessage({ profileDisclaimer: '<p>\u0000</p>' })).toBe(NUL_MESSAGE);
  });
  it('a section needs a type in a whole document, not in a child’s stored stub', () => {
    expect(firstMessage({ infoSections: [{ key: 'a' }] })).toMatch(/expected one of/);
    expect(ProfileContentOverridesSchema.safeParse({ infoSections: [{ key: 'a' }], links: [{ key: 'b', source: 'master' }] }).success).toBe(true);
  });
});

describe('related records', () => {
  it('contact form switches default to the spec’s lead form requirements', () => {
    expect(ContactFormSchema.parse({ enabled: true }).mobile).toEqual({ required: false, enabled: true });
  });
  it('a lead form with the default fields is valid', () => {
    const form = {
      title: 'Jane Doe Lead Form',
      fields: DEFAULT_LEAD_FORM_FIELDS.map((f) => ({ ...f })),
      enabled: true,
      form_id: 'Jane Doe Lead Form-1',
      subject: 'New lead',
    };
    expect(LeadFormSchema.parse(form)).toEqual(form);
  });
  it('a theme', () => {
    const theme = { id: 1, name: 'Classic', layout: 'desktop2', fontFamily: 'Roboto', cssPlug: ':root{}', previewImage: { url: '/uploads/classic.png' } };
    expect(ThemeSchema.parse(theme)).toEqual(theme);
    expect(ThemeSchema.safeParse({ ...theme, layout: 'Desktop 2' }).error?.issues[0]?.message).toBe('Unknown template layout.');
  });
  it('can be described as JSON Schema (for the OpenAPI document)', () => {
    for (const schema of [ProfileContentSchema, ProfileContentOverridesSchema]) {
      expect(() => toJSONSchema(schema, { io: 'input' })).not.toThrow();
      expect(() => toJSONSchema(schema, { io: 'output' })).not.toThrow();
    }
  });
  it('exports the item types', () => {
    expectTypeOf<ProfileLink>().toEqualTypeOf<z.output<typeof ProfileLinkSchema>>();
    expectTypeOf<ProfileContent['links'][number]>().toEqualTypeOf<ProfileLink>();
  });
});
