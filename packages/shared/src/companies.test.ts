import { describe, expect, it } from 'vitest';
import {
  CompanyQuerySchema,
  combineFlags,
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_SUPPORT_LINK,
  FEATURE_FLAGS,
  hubName,
  NUL_MESSAGE,
  PRODUCT_NAME,
  parseCompanyQuery,
  supportHref,
  WhiteLabelSchema,
} from './index.ts';

describe('feature flags (spec §3)', () => {
  it('all seven flags default to off', () => {
    expect([...FEATURE_FLAGS].sort()).toEqual(['approvals', 'corporate', 'invite_users', 'permissions', 'rte', 'style_editing', 'templates']);
    expect(Object.values(DEFAULT_FEATURE_FLAGS).every((v) => v === false)).toBe(true);
    expect(combineFlags([])).toEqual(DEFAULT_FEATURE_FLAGS);
  });
  it('merges company flags over the defaults', () => {
    expect(combineFlags([{ feature_flags: { approvals: true } }])).toEqual({ ...DEFAULT_FEATURE_FLAGS, approvals: true });
    expect(combineFlags([{ feature_flags: null }, {}])).toEqual(DEFAULT_FEATURE_FLAGS);
  });
  it('a flag is on when any of the user’s companies turns it on', () => {
    const flags = combineFlags([{ feature_flags: { approvals: true, templates: false } }, { feature_flags: { templates: true, corporate: false } }]);
    expect(flags).toEqual({ ...DEFAULT_FEATURE_FLAGS, approvals: true, templates: true });
  });
  it('does not return the shared defaults object (callers may not mutate it)', () => {
    const flags = combineFlags([]);
    flags.rte = true;
    expect(DEFAULT_FEATURE_FLAGS.rte).toBe(false);
  });
});

describe('supportHref (spec §1)', () => {
  it('is the default support page without a custom link', () => {
    expect(supportHref([])).toBe(DEFAULT_SUPPORT_LINK);
    expect(supportHref([{ customSupportLink: null }])).toBe(DEFAULT_SUPPORT_LINK);
    expect(supportHref([{ customSupportLink: '   ' }])).toBe(DEFAULT_SUPPORT_LINK);
  });
  it('is the first company’s custom link', () => {
    expect(supportHref([{ customSupportLink: 'https://help.acme.test' }, { customSupportLink: 'https://other.test' }])).toBe('https://help.acme.test');
    expect(supportHref([{ customSupportLink: null }, { customSupportLink: 'https://other.test' }])).toBe(DEFAULT_SUPPORT_LINK);
  });
  it('opens a link with an at-sign as a mail link', () => {
    expect(supportHref([{ customSupportLink: 'help@acme.test' }])).toBe('mailto:help@acme.test');
    expect(supportHref([{ customSupportLink: ' help@acme.test ' }])).toBe('mailto:help@acme.test');
    expect(supportHref([{ customSupportLink: 'mailto:help@acme.test' }])).toBe('mailto:help@acme.test');
  });
});

describe('hubName', () => {
  it('is the white-label title, else the product name', () => {
    expect(hubName({ title: 'Acme' })).toBe('Acme');
    expect(hubName(null)).toBe(PRODUCT_NAME);
    expect(hubName(undefined)).toBe(PRODUCT_NAME);
    expect(hubName({ title: '' })).toBe(PRODUCT_NAME);
  });
});

describe('WhiteLabelSchema', () => {
  it('refuses script-bearing image URLs and colours', () => {
    expect(WhiteLabelSchema.safeParse({ title: 'Acme', logo: 'javascript:alert(1)' }).success).toBe(false);
    expect(WhiteLabelSchema.safeParse({ title: 'Acme', brand_color: 'red;}body{x' }).success).toBe(false);
    expect(WhiteLabelSchema.safeParse({ title: 'Acme', logo: '/uploads/a.png', brand_color: '#c2410c', tut_video: 'https://youtu.be/x' }).success).toBe(true);
  });

  it('takes a division FAQ and legal text, capped in size', () => {
    const faq = [{ question: 'Who approves?', answer: 'Your supervisor.' }];
    expect(WhiteLabelSchema.parse({ title: 'Acme', faq, legal: 'Terms.\n\nPrivacy.' })).toMatchObject({ faq, legal: 'Terms.\n\nPrivacy.' });
    expect(WhiteLabelSchema.safeParse({ title: 'Acme', legal: 'x'.repeat(10_001) }).success).toBe(false);
    expect(WhiteLabelSchema.safeParse({ title: 'Acme', faq: Array.from({ length: 31 }, () => faq[0]) }).success).toBe(false);
    expect(WhiteLabelSchema.safeParse({ title: 'Acme', faq: [{ question: 'Q', answer: 'a'.repeat(2_001) }] }).success).toBe(false);
  });
});

describe('GET /companies query (spec §7)', () => {
  const parse = (q: Record<string, string | string[]>) => parseCompanyQuery(CompanyQuerySchema.parse(q));

  it('has defaults: first page of 25, description ascending, live only', () => {
    expect(parse({})).toEqual({
      search: undefined,
      ids: undefined,
      page: 1,
      pageSize: 25,
      sort: { field: 'description', direction: 'asc' },
      publicationState: 'live',
    });
  });

  it('reads the flattened Strapi-style keys', () => {
    expect(
      parse({
        'filters[description][$containsi]': 'sales',
        'pagination[page]': '3',
        'pagination[pageSize]': '10',
        sort: 'description:desc',
        publicationState: 'preview',
        populate: 'masterProfiles',
      }),
    ).toEqual({ search: 'sales', ids: undefined, page: 3, pageSize: 10, sort: { field: 'description', direction: 'desc' }, publicationState: 'preview' });
  });

  it('collects ids from filters[id][$eq][n], a repeated filters[id][$eq] and filters[id][$in]', () => {
    expect(parse({ 'filters[id][$eq][0]': '4', 'filters[id][$eq][1]': '9' }).ids).toEqual([4, 9]);
    expect(parse({ 'filters[id][$eq]': ['4', '5'] }).ids).toEqual([4, 5]);
    expect(parse({ 'filters[id][$in]': '7' }).ids).toEqual([7]);
  });

  it('treats an empty search as no search', () => {
    expect(parse({ 'filters[description][$containsi]': '' }).search).toBeUndefined();
  });

  it('refuses a NUL character in the search', () => {
    const r = CompanyQuerySchema.safeParse({ 'filters[description][$containsi]': 'a\u0000' });
    expect(r.error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });

  it('rejects unknown keys with a message naming them', () => {
    const r = CompanyQuerySchema.safeParse({ 'filters[name][$eq]': 'x' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Unknown query parameter filters[name][$eq]');
  });

  it('rejects ids that are not company ids, including ones beyond the id range', () => {
    for (const v of ['abc', '-1', '1.5', '', '2147483648', '99999999999']) {
      const r = CompanyQuerySchema.safeParse({ 'filters[id][$eq][0]': v });
      expect(r.success, v).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('filters[id][$eq][0] must be a company id');
    }
    expect(CompanyQuerySchema.safeParse({ 'filters[id][$eq][0]': '2147483647' }).success).toBe(true);
  });

  it('rejects bad paging and sorting', () => {
    for (const q of [
      { 'pagination[page]': '0' },
      { 'pagination[page]': 'x' },
      { 'pagination[pageSize]': '101' },
      { sort: 'password:asc' },
      { publicationState: 'draft' },
    ]) {
      expect(CompanyQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });
});
