import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChangeRecord, type ProfileContent, type ProfileContentOverrides, ProfileContentOverridesSchema, ProfileContentSchema } from './content.ts';
import { profileContentDefaults } from './defaults.ts';
import { applyChildEdit, type EditorContent, effectiveContent, isPlaceholderItem, publishedContent } from './inherit.ts';
import { cloneJson } from './json.ts';
import { indexPermissions, type PermissionEntryInput, resolvePermission } from './permissions.ts';
import { RICH_PROFILE } from './test-fixtures.ts';

type Doc = Record<string, unknown>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

const keysOf = (items: readonly { key: string }[] | undefined) => (items ?? []).map((i) => i.key);
const records = (content: { variableChangeRecords?: ChangeRecord[] }) =>
  Object.fromEntries((content.variableChangeRecords ?? []).map((r) => [r.key, r.action])) as Record<string, ChangeRecord['action']>;

const master = ProfileContentSchema.parse({
  firstName: 'Acme',
  jobTitle: 'Consultant',
  iconStyle: 'solid',
  profileDisclaimer: '<p>Company disclaimer</p>',
  links: [
    { key: 'web', title: 'Website', url: 'https://acme.test', source: 'self' },
    { key: 'call', title: 'Call us', url: 'https://acme.test/call' },
    { key: 'slot', title: 'Your buttons', contactType: 'placeholder' },
    { key: 'legal', title: 'Legal', url: 'https://acme.test/legal' },
  ],
  testimonials: [{ key: 'tm-1', review: 'Great', author: 'Sam', rating: 5 }],
  cssVariables: {
    'background-color': { color: '#fff', css: '#fff' },
    'font-color': { color: '#000', css: '#000' },
    'contact-button-font-color-web': { color: '#111', css: '#111' },
  },
  contactForm: { enabled: true, sendToMail: 'leads@acme.test', thankYouMessage: 'Thanks' },
});

describe('effectiveContent — fields', () => {
  it('the child’s value when present, else the master’s, over the defaults', () => {
    const eff = effectiveContent(master, { jobTitle: 'Head of Sales' });
    expect(eff.jobTitle).toBe('Head of Sales');
    expect(eff.firstName).toBe('Acme');
    expect(eff.iconStyle).toBe('solid');
    expect(eff.templateLayout).toBe('desktop2');
  });
  it('a locked field keeps the master value even if the child stored another', () => {
    const eff = effectiveContent(master, { jobTitle: 'Head of Sales' }, [{ key: 'jobTitle', edit: false }]);
    expect(eff.jobTitle).toBe('Consultant');
  });
  it('a hidden field is not in the editor view, but the page shows the master’s value', () => {
    const permissions = [{ key: 'profileDisclaimer', show: false }];
    const child = { profileDisclaimer: '<p>Mine</p>' };
    expect('profileDisclaimer' in effectiveContent(master, child, permissions)).toBe(false);
    expect(publishedContent(master, child, permissions).profileDisclaimer).toBe('<p>Company disclaimer</p>');
  });
  it('object fields merge member by member, each member with its own permission', () => {
    const child = {
      cssVariables: { 'background-color': { color: '#f00', css: '#f00' }, 'font-color': { color: '#0f0', css: '#0f0' } },
      contactForm: { sendToMail: 'jane@acme.test' },
    };
    const eff = effectiveContent(master, child, [{ key: 'cssVariables.font-color', edit: false }]);
    expect(eff.cssVariables?.['background-color']?.color).toBe('#f00');
    expect(eff.cssVariables?.['font-color']?.color).toBe('#000');
    expect(eff.cssVariables?.['contact-button-font-color-web']?.color).toBe('#111');
    expect(eff.contactForm).toMatchObject({
      enabled: true,
      sendToMail: 'jane@acme.test',
      thankYouMessage: 'Thanks',
      mobile: { required: false, enabled: true },
    });
  });
  it('a button’s colours follow the button’s permission', () => {
    const child = { cssVariables: { 'contact-button-font-color-web': { color: '#222', css: '#222' } } };
    expect(effectiveContent(master, child).cssVariables?.['contact-button-font-color-web']?.color).toBe('#222');
    expect(effectiveContent(master, child, [{ key: 'web', edit: false }]).cssVariables?.['contact-button-font-color-web']?.color).toBe('#111');
    expect(effectiveContent(master, child, [{ key: 'web', show: false }]).cssVariables?.['contact-button-font-color-web']).toBeUndefined();
  });
  it('without a master, the profile’s own content over the defaults (placeholders kept for the template editor)', () => {
    const eff = effectiveContent(null, { jobTitle: 'CEO', links: [{ key: 'slot', contactType: 'placeholder' }] });
    expect(eff).toEqual({ ...profileContentDefaults(), jobTitle: 'CEO', links: [{ key: 'slot', contactType: 'placeholder' }] });
    expect(effectiveContent(undefined, undefined)).toEqual(profileContentDefaults());
  });
});

describe('removedFields — an inherited field the child took off its page', () => {
  const template = { fullName: 'Acme', mainContactNumber: '+27 21 555 0100', whatsappNumber: '+27 82 555 0100', jobTitle: 'Consultant' };
  const optional: PermissionEntryInput[] = [{ key: 'whatsappNumber', optional: true }];

  it('an empty value still inherits the template’s; a removal leaves the field off the editor view and the page', () => {
    expect(publishedContent(template, { whatsappNumber: '' }, optional).whatsappNumber).toBe('+27 82 555 0100');
    const child = { removedFields: ['whatsappNumber' as const] };
    const editor = effectiveContent(template, child, optional);
    const page = publishedContent(template, child, optional);
    expect(editor).not.toHaveProperty('whatsappNumber');
    expect(editor.removedFields).toEqual(['whatsappNumber']);
    expect(page).not.toHaveProperty('whatsappNumber');
    expect(page).not.toHaveProperty('removedFields');
    expect(page.mainContactNumber).toBe('+27 21 555 0100');
  });

  it('is honoured only where the template lets the child see, change and leave the field empty', () => {
    const child = { removedFields: ['whatsappNumber' as const] };
    expect(publishedContent(template, child).whatsappNumber).toBe('+27 82 555 0100');
    expect(publishedContent(template, child, [{ key: 'whatsappNumber', optional: true, edit: false }]).whatsappNumber).toBe('+27 82 555 0100');
    expect(publishedContent(template, child, [{ key: 'whatsappNumber', optional: true, show: false }]).whatsappNumber).toBe('+27 82 555 0100');
    expect(publishedContent(template, child, [{ key: 'whatsappNumber', optional: false }]).whatsappNumber).toBe('+27 82 555 0100');
  });

  it('applyChildEdit stores an allowed removal; typing a value again, or removing a required field, stores none', () => {
    const view = effectiveContent(template, {}, optional);
    const { whatsappNumber: _w, ...cleared } = view;
    expect(applyChildEdit(template, {}, { ...cleared, removedFields: ['whatsappNumber'] }, optional)).toEqual({ removedFields: ['whatsappNumber'] });
    expect(
      applyChildEdit(
        template,
        { removedFields: ['whatsappNumber'] },
        { ...view, whatsappNumber: '+27 82 000 0000', removedFields: ['whatsappNumber'] },
        optional,
      ),
    ).toEqual({
      whatsappNumber: '+27 82 000 0000',
    });
    const { mainContactNumber: _m, ...noMain } = view;
    expect(applyChildEdit(template, {}, { ...noMain, removedFields: ['mainContactNumber'] }, optional)).toEqual({});
  });

  it('a master or standalone profile has nothing to remove: the list is neither stored nor shown', () => {
    expect(applyChildEdit(null, {}, { whatsappNumber: '+1 555 0100', removedFields: ['whatsappNumber'] })).toEqual({ whatsappNumber: '+1 555 0100' });
    expect(publishedContent(null, { whatsappNumber: '+1 555 0100', removedFields: ['whatsappNumber'] }).whatsappNumber).toBe('+1 555 0100');
    expect(effectiveContent(null, { removedFields: ['whatsappNumber'] })).not.toHaveProperty('removedFields');
  });
});

describe('effectiveContent — collections merged by key (spec §4 Inheritance)', () => {
  it('items are inherited, edited, removed or added, with change records', () => {
    const child: ProfileContentOverrides = {
      links: [
        { key: 'web', title: 'My website', source: 'master' },
        { key: 'call', source: 'master' },
        { key: 'mine', title: 'My blog', url: 'https://jane.test', source: 'self' },
      ],
      variableChangeRecords: [{ key: 'legal', action: 'removed', field: 'links' }],
    };
    const eff = effectiveContent(master, child);
    expect(eff.links).toEqual([
      { key: 'web', title: 'My website', url: 'https://acme.test', source: 'self' },
      { key: 'call', title: 'Call us', url: 'https://acme.test/call' },
      { key: 'mine', title: 'My blog', url: 'https://jane.test', source: 'self' },
    ]);
    expect(records(eff as ProfileContent)).toMatchObject({ web: 'edited', call: 'inherited', legal: 'removed', mine: 'added', 'tm-1': 'inherited' });
  });
  it('a master item the child never saw is inherited; one the master deleted disappears', () => {
    const child: ProfileContentOverrides = {
      links: [
        { key: 'gone', title: 'Old', source: 'master' },
        { key: 'web', source: 'master' },
      ],
    };
    const eff = effectiveContent(master, child);
    expect(keysOf(eff.links)).toEqual(['web', 'call', 'legal']);
  });
  it('placeholders never reach the child; its own items take the placeholder’s place when the master order applies', () => {
    const child: ProfileContentOverrides = {
      links: [
        { key: 'mine', title: 'Mine', source: 'self' },
        { key: 'web', source: 'master' },
      ],
    };
    expect(keysOf(effectiveContent(master, child, [{ key: 'links', sortable: false }]).links)).toEqual(['web', 'call', 'mine', 'legal']);
    expect(keysOf(publishedContent(master, child, [{ key: 'links', sortable: false }]).links)).toEqual(['web', 'call', 'mine', 'legal']);
    expect(isPlaceholderItem('links', { contactType: 'placeholder' })).toBe(true);
    expect(isPlaceholderItem('infoSections', { type: 'placeholder' })).toBe(true);
    expect(isPlaceholderItem('links', { type: 'placeholder' })).toBe(false);
  });
  it('the child’s order when sortable; new master items go after their predecessor', () => {
    const child: ProfileContentOverrides = {
      links: [
        { key: 'legal', source: 'master' },
        { key: 'mine', source: 'self' },
        { key: 'web', source: 'master' },
      ],
    };
    expect(keysOf(effectiveContent(master, child).links)).toEqual(['legal', 'mine', 'web', 'call']);
  });
  it('the master’s order when not sortable', () => {
    const child: ProfileContentOverrides = {
      links: [
        { key: 'legal', source: 'master' },
        { key: 'web', source: 'master' },
      ],
    };
    expect(keysOf(effectiveContent(master, child, [{ key: 'links', sortable: false }]).links)).toEqual(['web', 'call', 'legal']);
  });
  it('a locked item keeps the master value and cannot be removed', () => {
    const child: ProfileContentOverrides = {
      links: [{ key: 'web', title: 'Hacked', url: 'https://evil.test' }],
      variableChangeRecords: [{ key: 'call', action: 'removed' }],
    };
    const eff = effectiveContent(master, child, [
      { key: 'web', edit: false },
      { key: 'call', edit: false },
    ]);
    expect(eff.links?.find((l) => l.key === 'web')).toEqual(master.links[0]);
    expect(keysOf(eff.links)).toContain('call');
  });
  it('a locked collection is the master’s: no additions, removals or reordering', () => {
    const child: ProfileContentOverrides = {
      links: [
        { key: 'legal', title: 'X' },
        { key: 'mine', title: 'Mine', source: 'self' },
      ],
      variableChangeRecords: [{ key: 'call', action: 'removed' }],
    };
    const eff = effectiveContent(master, child, [{ key: 'links', edit: false }]);
    expect(eff.links).toEqual(master.links.filter((l) => l.contactType !== 'placeholder'));
  });
  it('a hidden item is not in the editor view nor in the records, but stays on the page with the master’s value', () => {
    const child: ProfileContentOverrides = { links: [{ key: 'call', title: 'Mine' }] };
    const eff = effectiveContent(master, child, [{ key: 'call', show: false }]);
    expect(keysOf(eff.links)).toEqual(['web', 'legal']);
    expect(eff.variableChangeRecords?.some((r) => r.key === 'call')).toBe(false);
    expect(publishedContent(master, child, [{ key: 'call', show: false }]).links.find((l) => l.key === 'call')).toEqual(master.links[1]);
  });
  it('a hidden collection is not in the editor view at all', () => {
    const eff = effectiveContent(master, {}, [{ key: 'testimonials', show: false }]);
    expect('testimonials' in eff).toBe(false);
    expect(publishedContent(master, {}, [{ key: 'testimonials', show: false }]).testimonials).toEqual(master.testimonials);
  });
  it('does not change its inputs and shares no objects with them', () => {
    const m = deepFreeze(cloneJson(master));
    const c = deepFreeze<ProfileContentOverrides>({
      links: [{ key: 'web', title: 'X', source: 'master' }],
      cssVariables: { 'background-color': { color: '#f00' } },
    });
    const eff = effectiveContent(m, c);
    const first = eff.links?.[0];
    if (first) first.title = 'changed';
    expect(m.links[0]?.title).toBe('Website');
    const pub = publishedContent(m, c);
    expect(pub.links[1]).not.toBe(m.links[1]);
  });
  it('the published content of a valid master and child is a valid document', () => {
    const child = ProfileContentOverridesSchema.parse({ jobTitle: 'Head of Sales', links: [{ key: 'mine', title: 'Mine', url: 'https://jane.test' }] });
    expect(ProfileContentSchema.safeParse(publishedContent(RICH_PROFILE, child)).success).toBe(true);
  });
});

describe('applyChildEdit', () => {
  it('stores only what differs from the master, keeps inherited items’ places, records removals', () => {
    const edit: EditorContent = {
      ...effectiveContent(master, {}),
      jobTitle: 'Head of Sales',
      firstName: 'Acme',
      links: [
        { key: 'call', title: 'Call us', url: 'https://acme.test/call' },
        { key: 'web', title: 'My site', url: 'https://acme.test', source: 'self' },
        { key: 'mine', title: 'Blog', url: 'https://jane.test' },
      ],
    };
    const stored = applyChildEdit(master, {}, edit);
    expect(stored).toEqual({
      jobTitle: 'Head of Sales',
      links: [
        { key: 'call', source: 'master' },
        { key: 'web', title: 'My site', source: 'master' },
        { key: 'mine', title: 'Blog', url: 'https://jane.test', source: 'self' },
      ],
      testimonials: [{ key: 'tm-1', source: 'master' }],
      variableChangeRecords: [{ key: 'legal', action: 'removed', field: 'links' }],
    });
    expect(ProfileContentOverridesSchema.safeParse(stored).success).toBe(true);
    const eff = effectiveContent(master, stored);
    expect(keysOf(eff.links)).toEqual(['call', 'web', 'mine']);
    expect(eff.jobTitle).toBe('Head of Sales');
  });
  it('refuses changes to locked and hidden keys, keeping what was stored', () => {
    const stored: ProfileContentOverrides = { profileDisclaimer: '<p>Old</p>', links: [{ key: 'call', title: 'Kept', source: 'master' }] };
    const permissions = [
      { key: 'jobTitle', edit: false },
      { key: 'profileDisclaimer', show: false },
      { key: 'call', edit: false },
      { key: 'cssVariables.background-color', edit: false },
    ];
    const edit: EditorContent = {
      jobTitle: 'Changed',
      links: [{ key: 'web' }, { key: 'legal' }],
      cssVariables: { 'background-color': { color: '#f00' }, 'font-color': { color: '#0f0' } },
    };
    const next = applyChildEdit(master, stored, edit, permissions);
    expect(next.jobTitle).toBeUndefined();
    expect(next.profileDisclaimer).toBe('<p>Old</p>');
    expect(next.links).toEqual([
      { key: 'web', source: 'master' },
      { key: 'legal', source: 'master' },
      { key: 'call', title: 'Kept', source: 'master' },
    ]);
    expect(next.cssVariables).toEqual({ 'font-color': { color: '#0f0' } });
    expect(next.variableChangeRecords).toBeUndefined();
  });
  it('a locked collection keeps the stored list and removals as they were', () => {
    const stored: ProfileContentOverrides = {
      links: [{ key: 'web', title: 'Old' }],
      variableChangeRecords: [{ key: 'legal', action: 'removed', field: 'links' }],
    };
    const next = applyChildEdit(master, stored, { links: [] }, [{ key: 'links', edit: false }]);
    expect(next.links).toEqual(stored.links);
    expect(next.variableChangeRecords).toEqual(stored.variableChangeRecords);
  });
  it('drops a child’s placeholder and items claiming to come from the master that the master does not have', () => {
    const next = applyChildEdit(
      master,
      {},
      {
        links: [
          { key: 'ph2', contactType: 'placeholder' },
          { key: 'ghost', source: 'master' },
          { key: 'slot', title: 'Hijack' },
        ],
      },
    );
    expect(keysOf(next.links)).toEqual([]);
  });
  it('without a master, the edit is the content (change records are never taken from a client)', () => {
    expect(applyChildEdit(null, { jobTitle: 'Old' }, { jobTitle: 'New', variableChangeRecords: [{ key: 'x', action: 'removed' }] })).toEqual({
      jobTitle: 'New',
    });
  });
  it('does not change its inputs', () => {
    const stored = deepFreeze<ProfileContentOverrides>({ links: [{ key: 'web', title: 'Old' }] });
    const edit = deepFreeze<EditorContent>({ links: [{ key: 'web', title: 'New' }] });
    expect(() => applyChildEdit(deepFreeze(cloneJson(master)), stored, edit)).not.toThrow();
  });
});

// ─── Properties ─────────────────────────────────────────────────────────────

const MASTER_LINK_KEYS = ['a', 'b', 'c', 'd', 'e'] as const;
const CHILD_LINK_KEYS = ['x', 'y'] as const;
const TESTIMONIAL_KEYS = ['t1', 't2', 't3'] as const;
const CSS_KEYS = ['background-color', 'font-color', 'contact-button-font-color-a', 'contact-button-background-color-x'] as const;
const SCALARS = ['jobTitle', 'firstName'] as const;
const PERMISSION_KEYS = [
  'links',
  'testimonials',
  'cssVariables',
  'contactForm',
  'contactForm.enabled',
  'contactForm.sendToMail',
  ...SCALARS,
  ...CSS_KEYS.map((k) => `cssVariables.${k}`),
  ...MASTER_LINK_KEYS,
  ...CHILD_LINK_KEYS,
  ...TESTIMONIAL_KEYS,
];

const word = fc.constantFrom('One', 'Two', 'Three');
const colour = fc.constantFrom('#000', '#fff', 'red').map((c) => ({ color: c, css: c }));
const link = (keys: readonly string[], withSource: boolean) =>
  fc.record(
    {
      key: fc.constantFrom(...keys),
      title: word,
      url: fc.constantFrom('https://a.test', 'https://b.test', '#'),
      enabled: fc.boolean(),
      ...(withSource ? { source: fc.constantFrom('master' as const, 'self' as const) } : {}),
    },
    { requiredKeys: ['key'] },
  );
const testimonial = (withSource: boolean) =>
  fc.record(
    {
      key: fc.constantFrom(...TESTIMONIAL_KEYS),
      review: word,
      author: word,
      rating: fc.constantFrom(0, 2.5, 5),
      ...(withSource ? { source: fc.constantFrom('master' as const, 'self' as const) } : {}),
    },
    { requiredKeys: ['key'] },
  );
const cssVariables = fc.dictionary(fc.constantFrom(...CSS_KEYS), colour, { maxKeys: 4 });
const contactForm = fc.record({ enabled: fc.boolean(), sendToMail: fc.constantFrom('a@b.test', 'c@d.test') }, { requiredKeys: [] });

const masterArb = fc
  .record(
    {
      jobTitle: word,
      firstName: word,
      links: fc.tuple(fc.uniqueArray(link(MASTER_LINK_KEYS, false), { selector: (l) => l.key, maxLength: 5 }), fc.option(fc.nat(5), { nil: undefined })),
      testimonials: fc.uniqueArray(testimonial(false), { selector: (t) => t.key, maxLength: 3 }),
      cssVariables,
      contactForm,
    },
    { requiredKeys: [] },
  )
  .map(({ links, ...rest }) => {
    if (!links) return ProfileContentSchema.parse(rest);
    const [items, placeholderAt] = links;
    const list: Doc[] = [...items];
    if (placeholderAt !== undefined) list.splice(Math.min(placeholderAt, list.length), 0, { key: 'slot', contactType: 'placeholder' });
    return ProfileContentSchema.parse({ ...rest, links: list });
  });

/** A child document: stored overrides, or an edited editor view (then sources are rarer). */
const childArb = (withSource: boolean) =>
  fc.record(
    {
      jobTitle: word,
      firstName: word,
      links: fc.uniqueArray(link([...MASTER_LINK_KEYS, ...CHILD_LINK_KEYS, 'slot'], withSource), { selector: (l) => l.key, maxLength: 8 }),
      testimonials: fc.uniqueArray(testimonial(withSource), { selector: (t) => t.key, maxLength: 3 }),
      cssVariables,
      contactForm,
      variableChangeRecords: fc.array(
        fc.record({ key: fc.constantFrom(...MASTER_LINK_KEYS, ...TESTIMONIAL_KEYS), action: fc.constantFrom('removed' as const, 'edited' as const) }),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<ProfileContentOverrides>;

const permissionsArb = fc.uniqueArray(
  fc.record(
    { key: fc.constantFrom(...PERMISSION_KEYS), show: fc.boolean(), edit: fc.boolean(), optional: fc.boolean(), sortable: fc.boolean() },
    { requiredKeys: ['key'] },
  ),
  { selector: (e) => e.key, maxLength: 8 },
) as fc.Arbitrary<PermissionEntryInput[]>;

const buttonOf = (cssKey: string) => /^contact-button-(?:font|background)-color-(.+)$/.exec(cssKey)?.[1];
const memberChain = (field: string, member: string) => {
  const button = field === 'cssVariables' ? buttonOf(member) : undefined;
  return [field, `${field}.${member}`, ...(button ? ['links', button] : [])];
};
const masterBase = (m: ProfileContent): ProfileContent => effectiveContent(null, m) as ProfileContent;

describe('effectiveContent properties', () => {
  it('never lets a locked field or item change (locked item in effective == master item)', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), permissionsArb, (m, child, permissions) => {
        const index = indexPermissions(permissions);
        const base = masterBase(m);
        for (const view of [effectiveContent(m, child, permissions), publishedContent(m, child, permissions)] as Doc[]) {
          for (const field of SCALARS) {
            const p = resolvePermission(index, [field]);
            if (p.show && !p.edit) expect(view[field]).toEqual(base[field]);
          }
          for (const item of m.links) {
            const p = resolvePermission(index, ['links', item.key]);
            if (p.show && !p.edit && item.contactType !== 'placeholder') expect((view.links as Doc[]).find((l) => l.key === item.key)).toEqual(item);
          }
          for (const [member, value] of Object.entries(base.cssVariables)) {
            const p = resolvePermission(index, memberChain('cssVariables', member));
            if (p.show && !p.edit) expect((view.cssVariables as Doc)[member]).toEqual(value);
          }
        }
        // The page shows hidden keys with the master's value too.
        const published = publishedContent(m, child, permissions) as Doc;
        for (const field of SCALARS) if (!resolvePermission(index, [field]).show) expect(published[field]).toEqual(base[field]);
      }),
      { numRuns: 300 },
    );
  });

  it('hidden keys never appear in the editor view (fields, items, members, records)', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), permissionsArb, (m, child, permissions) => {
        const index = indexPermissions(permissions);
        const eff = effectiveContent(m, child, permissions) as Doc;
        for (const field of [...SCALARS, 'links', 'testimonials', 'cssVariables', 'contactForm']) {
          if (!resolvePermission(index, [field]).show) expect(field in eff).toBe(false);
        }
        for (const field of ['links', 'testimonials'] as const) {
          for (const item of (eff[field] as Doc[] | undefined) ?? []) expect(resolvePermission(index, [field, item.key as string]).show).toBe(true);
        }
        for (const record of eff.variableChangeRecords as ChangeRecord[]) expect(resolvePermission(index, [record.field ?? '', record.key]).show).toBe(true);
        for (const member of Object.keys((eff.cssVariables as Doc | undefined) ?? {}))
          expect(resolvePermission(index, memberChain('cssVariables', member)).show).toBe(true);
        for (const link of (eff.links as Doc[] | undefined) ?? []) expect(link.contactType).not.toBe('placeholder');
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent: merging the result again with the master changes nothing', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), permissionsArb, (m, child, permissions) => {
        const once = effectiveContent(m, child, permissions);
        expect(effectiveContent(m, once, permissions)).toEqual(once);
        const page = publishedContent(m, child, permissions);
        expect(publishedContent(m, page, permissions)).toEqual(page);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the master’s order when the collection is not sortable', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), permissionsArb, (m, child, permissions) => {
        const forced = [...permissions.filter((p) => p.key !== 'links'), { key: 'links', sortable: false }];
        const masterOrder = keysOf(m.links);
        for (const view of [effectiveContent(m, child, forced), publishedContent(m, child, forced)]) {
          const inherited = keysOf(view.links).filter((k) => masterOrder.includes(k));
          expect(inherited).toEqual(masterOrder.filter((k) => inherited.includes(k)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never loses a child edit the permissions allow', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), childArb(false), permissionsArb, (m, stored, edit, permissions) => {
        const index = indexPermissions(permissions);
        const next = applyChildEdit(m, stored, edit, permissions);
        const eff = effectiveContent(m, next, permissions) as Doc;
        const allowed = (chain: string[]) => {
          const p = resolvePermission(index, chain);
          return p.show && p.edit;
        };
        for (const field of SCALARS) if (allowed([field]) && edit[field] !== undefined) expect(eff[field]).toEqual(edit[field]);
        if (allowed(['cssVariables'])) {
          for (const [member, value] of Object.entries(edit.cssVariables ?? {})) {
            if (allowed(memberChain('cssVariables', member))) expect((eff.cssVariables as Doc)[member]).toEqual(value);
          }
        }
        if (allowed(['links']) && edit.links) {
          const masterKeys = new Set(keysOf(m.links));
          const effLinks = eff.links as Doc[];
          const expected: string[] = [];
          for (const item of edit.links) {
            const inMaster = masterKeys.has(item.key);
            const placeholder = m.links.some((l) => l.key === item.key && l.contactType === 'placeholder');
            const keeps = inMaster
              ? !placeholder && allowed(['links', item.key])
              : item.source !== 'master' && resolvePermission(index, ['links', item.key]).show;
            if (!keeps) continue;
            expected.push(item.key);
            const found = effLinks.find((l) => l.key === item.key);
            expect(found, `link ${item.key}`).toBeDefined();
            for (const [name, value] of Object.entries(item)) if (name !== 'source') expect(found?.[name]).toEqual(value);
          }
          // A master item the child deleted (and may delete) stays deleted.
          for (const item of m.links) {
            if (item.contactType === 'placeholder' || !allowed(['links', item.key]) || edit.links.some((l) => l.key === item.key)) continue;
            expect(keysOf(effLinks as { key: string }[])).not.toContain(item.key);
          }
          // And the child's order holds where the collection is sortable.
          if (resolvePermission(index, ['links']).sortable) {
            expect(keysOf(effLinks as { key: string }[]).filter((k) => expected.includes(k))).toEqual(expected);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('applyChildEdit refuses changes to locked and hidden fields, keeping the stored value', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), childArb(false), permissionsArb, (m, stored, edit, permissions) => {
        const index = indexPermissions(permissions);
        const next = applyChildEdit(m, stored, edit, permissions) as Doc;
        for (const field of [...SCALARS, 'links', 'testimonials', 'cssVariables', 'contactForm']) {
          const p = resolvePermission(index, [field]);
          if (!p.show || !p.edit) expect(next[field]).toEqual((stored as Doc)[field]);
        }
        // Whatever was stored and applied, locked items still read as the master's.
        const eff = effectiveContent(m, next as ProfileContentOverrides, permissions);
        for (const item of m.links) {
          const p = resolvePermission(index, ['links', item.key]);
          if (p.show && !p.edit && item.contactType !== 'placeholder') expect(eff.links?.find((l) => l.key === item.key)).toEqual(item);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('storing an unchanged editor view is a fixed point after one round', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), childArb(false), permissionsArb, (m, stored, edit, permissions) => {
        const s1 = applyChildEdit(m, stored, edit, permissions);
        const s2 = applyChildEdit(m, s1, effectiveContent(m, s1, permissions), permissions);
        const s3 = applyChildEdit(m, s2, effectiveContent(m, s2, permissions), permissions);
        const sortRecords = (s: ProfileContentOverrides) => ({
          ...s,
          variableChangeRecords: [...(s.variableChangeRecords ?? [])].sort((a, b) => a.key.localeCompare(b.key)),
        });
        expect(sortRecords(s3)).toEqual(sortRecords(s2));
        expect(effectiveContent(m, s2, permissions)).toEqual(effectiveContent(m, s1, permissions));
      }),
      { numRuns: 300 },
    );
  });

  it('never changes its inputs', () => {
    fc.assert(
      fc.property(masterArb, childArb(true), childArb(false), permissionsArb, (m, stored, edit, permissions) => {
        const frozen = [m, stored, edit, permissions].map((v) => deepFreeze(cloneJson(v)));
        const [fm, fs, fe, fp] = frozen as [ProfileContent, ProfileContentOverrides, ProfileContentOverrides, PermissionEntryInput[]];
        effectiveContent(fm, fs, fp);
        publishedContent(fm, fs, fp);
        applyChildEdit(fm, fs, fe, fp);
        expect(fm).toEqual(m);
        expect(fs).toEqual(stored);
      }),
      { numRuns: 100 },
    );
  });
});
