import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_GALLERY_LIMIT, PROFILE_MESSAGES, TEXT_TRUNCATE_MOBILE } from './constants.ts';
import { cloneJson } from './json.ts';
import {
  aboutMeVideoEnabled,
  contactFormEnableProblem,
  DEFAULT_LEAD_FORM_FIELDS,
  displayName,
  dropEmptyValues,
  expiryProblem,
  formatExpiry,
  hasDangerousScheme,
  imageGalleryLimit,
  imageGalleryProblem,
  isCssColour,
  isDesktopLayout,
  isEmptyRichText,
  isExpired,
  isMapsUrl,
  isSafeCssColourValue,
  isSafeHttpsUrl,
  isSafeImageUrl,
  leadFormFields,
  leadFormId,
  leadFormTitle,
  normalizeSocialUrl,
  ordinalSuffix,
  ratingIsValid,
  safeLinkProblem,
  sectionItems,
  splitEmailList,
  testimonialDate,
  truncateText,
  youtubeEmbedUrl,
  youtubeId,
} from './rules.ts';

describe('normalizeSocialUrl (spec §5)', () => {
  it('adds https:// when the link has no scheme', () => {
    expect(normalizeSocialUrl('facebook.com/acme')).toBe('https://facebook.com/acme');
    expect(normalizeSocialUrl('  www.instagram.com/acme ')).toBe('https://www.instagram.com/acme');
    expect(normalizeSocialUrl('//x.com/acme')).toBe('https://x.com/acme');
    expect(normalizeSocialUrl('linkedin.com:443/in/jane')).toBe('https://linkedin.com:443/in/jane');
  });
  it('leaves a link with a scheme alone (validation refuses the unsafe ones)', () => {
    expect(normalizeSocialUrl('https://facebook.com/acme')).toBe('https://facebook.com/acme');
    expect(normalizeSocialUrl('http://facebook.com/acme')).toBe('http://facebook.com/acme');
    expect(normalizeSocialUrl('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normalizeSocialUrl('')).toBe('');
    expect(normalizeSocialUrl('   ')).toBe('');
  });
  it('is idempotent and gives https:// or the original scheme (property)', () => {
    const input = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.webUrl().map((u) => u.replace(/^https?:\/\//, '')),
      fc.constantFrom('javascript:alert(1)', ' JaVaScRiPt:x', 'data:text/html,x'),
    );
    fc.assert(
      fc.property(input, (url) => {
        const once = normalizeSocialUrl(url);
        expect(normalizeSocialUrl(once)).toBe(once);
        const trimmed = url.trim();
        expect(once === '' || once.startsWith('https://') || once === trimmed).toBe(true);
        if (once !== trimmed && once !== '') expect(once.startsWith('https://')).toBe(true);
        // Whatever it returns, a script scheme never becomes acceptable.
        if (hasDangerousScheme(url)) expect(isSafeHttpsUrl(once)).toBe(false);
      }),
    );
  });
});

describe('isSafeHttpsUrl / safeLinkProblem (spec §5)', () => {
  it('accepts https links with a host', () => {
    for (const url of [
      'https://acme.test',
      'HTTPS://Acme.test/a?b=1&c=2#d',
      'https://xn--bcher-kva.example/',
      'https://bücher.example',
      'https://[::1]:8443/x',
      'https://a.co:8080',
    ]) {
      expect(isSafeHttpsUrl(url), url).toBe(true);
    }
  });
  it('refuses everything else', () => {
    for (const url of [
      '',
      'http://acme.test',
      'https://',
      'https:///path',
      'https://user:pass@acme.test',
      'https://google.com@evil.test',
      'https://acme .test',
      'https://acme.test/a b',
      'https://acme.test/\u0000',
      'https:\\\\evil.test',
      'https://evil.test\\@good.test',
      '//acme.test',
      'acme.test',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      `https://${'a'.repeat(3000)}.test`,
      '#',
    ]) {
      expect(isSafeHttpsUrl(url), url).toBe(false);
    }
  });
  it('accepts an in-page # anchor only with the flag', () => {
    expect(isSafeHttpsUrl('#', { allowHash: true })).toBe(true);
    expect(isSafeHttpsUrl('#contact', { allowHash: true })).toBe(true);
    expect(isSafeHttpsUrl('#javascript:alert(1)', { allowHash: true })).toBe(false);
    expect(isSafeHttpsUrl('#x" onclick="y', { allowHash: true })).toBe(false);
  });
  it('says which problem a link has', () => {
    expect(safeLinkProblem('https://acme.test')).toBeNull();
    expect(safeLinkProblem('')).toBeNull();
    expect(safeLinkProblem(undefined)).toBeNull();
    expect(safeLinkProblem('http://acme.test')).toBe('Links must start with https://');
    expect(safeLinkProblem('acme.test')).toBe(PROFILE_MESSAGES.linkHttps);
    expect(safeLinkProblem('#top')).toBe(PROFILE_MESSAGES.linkHttps);
    expect(safeLinkProblem('#top', { allowHash: true })).toBeNull();
    expect(safeLinkProblem(' JaVa\tScRipt:alert(1)')).toBe(PROFILE_MESSAGES.linkUnsafe);
    expect(safeLinkProblem('&#106;avascript:alert(1)')).toBe(PROFILE_MESSAGES.linkUnsafe);
    expect(safeLinkProblem('data:text/html,<script>')).toBe(PROFILE_MESSAGES.linkUnsafe);
  });

  /** javascript:/data:/vbscript: hidden with case, whitespace, control characters and HTML entities. */
  const obfuscatedScriptUrl = fc
    .tuple(
      fc.constantFrom('javascript:', 'data:', 'vbscript:'),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      fc.array(fc.constantFrom('', '', '', ' ', '\t', '\n', '\r', '\u0000', '\u000b', '\u00a0', '\u200b', '\ufeff'), { minLength: 12, maxLength: 12 }),
      fc.array(fc.constantFrom('plain', 'plain', 'dec', 'hex', 'padded'), { minLength: 12, maxLength: 12 }),
      fc.constantFrom('', ' ', '\t', '\u0001', '  \n'),
      fc.constantFrom('alert(1)', 'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', '//%0aalert(1)', 'msgbox(1)'),
    )
    .map(([scheme, upper, gaps, encodings, lead, payload]) => {
      const chars = [...scheme].map((ch, i) => {
        const c = upper[i] ? ch.toUpperCase() : ch;
        const code = c.charCodeAt(0);
        const encoded =
          encodings[i] === 'dec' ? `&#${code};` : encodings[i] === 'hex' ? `&#x${code.toString(16)};` : encodings[i] === 'padded' ? `&#000${code}` : c;
        return encoded + (gaps[i] ?? '');
      });
      return `${lead}${chars.join('')}${payload}`;
    });

  it('never accepts a javascript:/data:/vbscript: link, however obfuscated (property)', () => {
    fc.assert(
      fc.property(obfuscatedScriptUrl, fc.boolean(), (url, allowHash) => {
        expect(isSafeHttpsUrl(url, { allowHash })).toBe(false);
        expect(isSafeHttpsUrl(normalizeSocialUrl(url))).toBe(false);
        expect(safeLinkProblem(url, { allowHash })).not.toBeNull();
        expect(isMapsUrl(url)).toBe(false);
        expect(isSafeImageUrl(url)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
  it('recognises the obfuscations it refuses as script schemes', () => {
    fc.assert(
      fc.property(obfuscatedScriptUrl, (url) => {
        expect(hasDangerousScheme(url)).toBe(true);
      }),
    );
  });
  it('accepts every https web URL a generator makes', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }), (url) => isSafeHttpsUrl(url) || /[@\s\\]/.test(url)),
    );
  });
});

describe('isMapsUrl (spec §5 known maps hosts)', () => {
  it('accepts the known maps hosts', () => {
    for (const url of [
      'https://www.google.com/maps/place/Cape+Town',
      'https://maps.google.com/?q=-33.9,18.4',
      'https://goo.gl/maps/abc',
      'https://maps.app.goo.gl/XyZ',
      'https://maps.apple.com/?address=Cape%20Town',
      'https://www.waze.com/ul?ll=1,2',
      'https://www.google.co.za/maps/@-33.9,18.4,15z',
      'HTTPS://WWW.GOOGLE.COM/MAPS',
    ]) {
      expect(isMapsUrl(url), url).toBe(true);
    }
  });
  it('refuses other hosts and look-alikes', () => {
    for (const url of [
      'https://www.google.com/search?q=maps',
      'https://maps.google.com.evil.test/',
      'https://goo.gl/mapsx',
      'http://maps.google.com',
      'https://evil.test/https://maps.google.com',
    ]) {
      expect(isMapsUrl(url), url).toBe(false);
    }
  });
});

describe('isSafeImageUrl', () => {
  it('accepts https URLs and our upload paths', () => {
    expect(isSafeImageUrl('https://cdn.acme.test/a.png')).toBe(true);
    expect(isSafeImageUrl('/uploads/abc.webp')).toBe(true);
  });
  it('refuses protocol-relative, http, data and odd paths', () => {
    for (const url of ['//evil.test/a.png', 'http://a.test/a.png', 'data:image/png;base64,AAAA', 'uploads/a.png', '/a b.png', '/a\\b.png']) {
      expect(isSafeImageUrl(url), url).toBe(false);
    }
  });
});

describe('colours', () => {
  it('isCssColour accepts hex, rgb(a), hsl(a) and named colours', () => {
    for (const c of ['#fff', '#112233', '#11223344', 'rgb(17, 75, 138)', 'rgba(0,0,0,0.5)', 'hsl(210deg 50% 40%)', 'black', 'transparent'])
      expect(isCssColour(c), c).toBe(true);
    for (const c of ['#ff', 'url(x)', 'red;}', 'rgb(1,2,3);background:url(x)', 'expression(alert(1))', '']) expect(isCssColour(c), c).toBe(false);
  });
  it('isSafeCssColourValue accepts colours and gradients only', () => {
    for (const v of ['#000', 'linear-gradient(90deg, rgba(2,0,36,1) 0%, #00d4ff 100%)', 'radial-gradient(circle, red 0%, blue 100%)', 'rgb(1 2 3 / 50%)']) {
      expect(isSafeCssColourValue(v), v).toBe(true);
    }
    for (const v of [
      'url(https://evil.test/x.png)',
      'url(x)',
      'red; background: url(x)',
      '</style><script>alert(1)</script>',
      'expression(alert(1))',
      'linear-gradient(red, blue',
      'linear-gradient(red, blue))',
      'image-set(x 1x)',
      'var(--x)',
      '(red)',
      'red}body{color:red',
      'linear-gradient(90deg, red 0%, blue 100%) !important',
    ]) {
      expect(isSafeCssColourValue(v), v).toBe(false);
    }
  });
});

describe('YouTube (spec §5)', () => {
  it('reads the 11-character id of the usual link shapes', () => {
    const id = 'dQw4w9WgXcQ';
    for (const url of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?feature=share&v=${id}&t=10`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/live/${id}?feature=share`,
      `youtube.com/watch?v=${id}`,
      ` https://youtu.be/${id} `,
    ]) {
      expect(youtubeId(url), url).toBe(id);
    }
  });
  it('is null for other links and malformed ids', () => {
    for (const url of [
      'https://vimeo.com/123456',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
      'https://evil.test/?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
      '',
      null,
      undefined,
    ]) {
      expect(youtubeId(url), String(url)).toBeNull();
    }
  });
  it('embeds YouTube only; anything else gives an empty embed', () => {
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://vimeo.com/1')).toBe('');
    expect(youtubeEmbedUrl('javascript:alert(1)//youtu.be/dQw4w9WgXcQ')).toBe('');
  });
  it('about-me video is enabled when it or the master’s has a value (spec §4)', () => {
    expect(aboutMeVideoEnabled('https://youtu.be/dQw4w9WgXcQ', undefined)).toBe(true);
    expect(aboutMeVideoEnabled('', 'https://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(aboutMeVideoEnabled('  ', null)).toBe(false);
    expect(aboutMeVideoEnabled(undefined, undefined)).toBe(false);
  });
});

describe('isEmptyRichText (spec §5)', () => {
  it('counts empty paragraphs, breaks, whitespace and &nbsp; as empty', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p><br></p>',
      '<p><br/></p>',
      '<p>&nbsp;</p>',
      '<p> &nbsp; &#160; </p>\n<p></p>',
      '<div><span></span></div>',
      null,
      undefined,
      '\u00a0',
    ]) {
      expect(isEmptyRichText(html), String(html)).toBe(true);
    }
  });
  it('counts text and media as content', () => {
    for (const html of ['<p>Hi</p>', 'x', '<p><img src="/a.png"></p>', '<iframe src="https://youtube.com"></iframe>', '<p>&amp;</p>', '1 < 2', '<p>0</p>']) {
      expect(isEmptyRichText(html), html).toBe(false);
    }
  });
  // How long hostile input takes: `node bench/run-all.mjs hostile-input`.
  it('answers on hostile input: a run of "<" is text, a run of unclosed tags is no content', () => {
    expect(isEmptyRichText('<'.repeat(100_000))).toBe(false);
    expect(isEmptyRichText('<a'.repeat(50_000))).toBe(true);
  });
});

describe('dropEmptyValues (spec §5 "Profile saving drops empty values")', () => {
  it('removes empty strings, null, undefined and empty rich text at any depth', () => {
    const input = {
      a: '',
      b: null,
      c: undefined,
      d: '<p><br></p>',
      e: 'kept',
      f: { g: '', h: 0, i: false, j: [] as unknown[], k: {} },
      l: ['', null, 'x', { m: null, n: 1 }],
    };
    expect(dropEmptyValues(input)).toEqual({ e: 'kept', f: { h: 0, i: false, j: [], k: {} }, l: ['x', { n: 1 }] });
  });
  it('does not change its input', () => {
    const input = { a: '', b: { c: null } };
    const copy = cloneJson(input);
    dropEmptyValues(input);
    expect(input).toEqual(copy);
  });
  it('keeps a __proto__ key as data, without touching prototypes', () => {
    const out = dropEmptyValues(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')) as Record<string, unknown>;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
  });
  it('is idempotent and never removes false or 0 (property)', () => {
    const countKept = (v: unknown): number =>
      v === false || v === 0
        ? 1
        : Array.isArray(v)
          ? v.reduce((n: number, x) => n + countKept(x), 0)
          : v && typeof v === 'object'
            ? Object.values(v).reduce((n: number, x) => n + countKept(x), 0)
            : 0;
    const leaf = fc.oneof(
      fc.constantFrom('', null, undefined, '<p></p>', '<p><br></p>', '&nbsp;', false, 0, -0, true, 'x', '<p>x</p>'),
      fc.string(),
      fc.integer(),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('tree'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie('tree'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(tree, (value) => {
        const once = dropEmptyValues(value);
        expect(dropEmptyValues(once)).toEqual(once);
        expect(countKept(once)).toBe(countKept(value));
      }),
    );
  });
});

describe('gallery expiry (spec §5, §9)', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it('an item is expired when expireAt is before now', () => {
    expect(isExpired({ expireAt: '2025-03-01T11:59:00Z' }, now)).toBe(true);
    expect(isExpired({ expireAt: '2025-03-01T12:01:00Z' }, now)).toBe(false);
    expect(isExpired({ expireAt: '2025-03-01T12:00:00Z' }, now)).toBe(false);
    expect(isExpired({}, now)).toBe(false);
    expect(isExpired({ expireAt: 'not a date' }, now)).toBe(false);
    expect(isExpired(null, new Date(now))).toBe(false);
  });
  it('expiry must be in the future', () => {
    expect(expiryProblem('2025-03-01T11:00:00Z', now)).toBe('Expire date should be in the future');
    expect(expiryProblem('2025-03-01T12:00:00Z', now)).toBe('Expire date should be in the future');
    expect(expiryProblem('2025-03-02T00:00:00Z', now)).toBeNull();
    expect(expiryProblem('', now)).toBeNull();
    expect(expiryProblem('soon', now)).toBe(PROFILE_MESSAGES.expiryInvalid);
  });
  it('formats yyyy-MM-dd @ HH:mm in 24-hour time', () => {
    expect(formatExpiry('2025-03-01T14:05:00Z', 'UTC')).toBe('2025-03-01 @ 14:05');
    expect(formatExpiry('2025-03-01T23:30:00Z', 'Africa/Johannesburg')).toBe('2025-03-02 @ 01:30');
    expect(formatExpiry(Date.parse('2025-12-31T00:00:00Z'), 'UTC')).toBe('2025-12-31 @ 00:00');
    expect(formatExpiry('nonsense', 'UTC')).toBe('');
    const local = new Date(2025, 0, 5, 7, 9);
    expect(formatExpiry(local)).toBe('2025-01-05 @ 07:09');
  });
  it('formats any instant as the pattern (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (date) => {
        expect(formatExpiry(date, 'UTC')).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) @ ([01]\d|2[0-3]):[0-5]\d$/);
        expect(formatExpiry(date, 'UTC')).toBe(`${date.toISOString().slice(0, 10)} @ ${date.toISOString().slice(11, 16)}`);
      }),
    );
  });
  it('image gallery limit: the profile’s own, else the division’s, else 3 (spec §9)', () => {
    expect(imageGalleryLimit()).toBe(DEFAULT_IMAGE_GALLERY_LIMIT);
    expect(imageGalleryLimit(undefined, 5)).toBe(5);
    expect(imageGalleryLimit(8, 5)).toBe(8);
    expect(imageGalleryLimit(0, 5)).toBe(0);
    expect(imageGalleryProblem(4, 3)).toBe('You can add up to 3 images.');
    expect(imageGalleryProblem(3, 3)).toBeNull();
  });
});

describe('contact form and lead form (spec §4, §5)', () => {
  it('enabling needs both "Send to email" and "Thank you message"', () => {
    const message = '"Send to email" and "Thank you message" required!';
    expect(contactFormEnableProblem({ sendToMail: 'a@b.test', thankYouMessage: 'Thanks!' })).toBeNull();
    expect(contactFormEnableProblem({ sendToMail: 'a@b.test' })).toBe(message);
    expect(contactFormEnableProblem({ thankYouMessage: 'Thanks' })).toBe(message);
    expect(contactFormEnableProblem({ sendToMail: ' ', thankYouMessage: 'Thanks' })).toBe(message);
    expect(contactFormEnableProblem({ sendToMail: 'a@b.test', thankYouMessage: '<p><br></p>' })).toBe(message);
    expect(contactFormEnableProblem(undefined)).toBe(message);
  });
  it('strips !@#$%^&*() from the name part of a new lead form title', () => {
    expect(leadFormTitle('Jane (Acme) Doe!!')).toBe('Jane Acme Doe Lead Form');
    expect(leadFormTitle('!@#$%^&*()')).toBe('Lead Form');
    expect(leadFormTitle('Émile_O-Brien')).toBe('Émile_O-Brien Lead Form');
  });
  it('the lead form id is the title plus a timestamp', () => {
    expect(leadFormId('Jane Doe Lead Form', Date.parse('2025-03-01T00:00:00Z'))).toBe('Jane Doe Lead Form-1740787200000');
    expect(leadFormId('X', new Date(5))).toBe('X-5');
  });
  it('default lead form requirements: name, email and message required; mobile not', () => {
    expect(DEFAULT_LEAD_FORM_FIELDS.map((f) => [f.field_name, f.required])).toEqual([
      ['name', true],
      ['email', true],
      ['mobile', false],
      ['message', true],
    ]);
    expect(leadFormFields(undefined)).toEqual(DEFAULT_LEAD_FORM_FIELDS);
    expect(
      leadFormFields({ mobile: { required: true, enabled: true }, message: { required: false, enabled: false } }).map((f) => [
        f.field_name,
        f.required,
        f.enabled,
      ]),
    ).toEqual([
      ['name', true, true],
      ['email', true, true],
      ['mobile', true, true],
      ['message', false, false],
    ]);
  });
  it('splits a CC list', () => {
    expect(splitEmailList(' a@b.test, c@d.test; ,')).toEqual(['a@b.test', 'c@d.test']);
    expect(splitEmailList(undefined)).toEqual([]);
  });
});

describe('testimonials (spec §3, §9)', () => {
  it('rating goes from 0 to 5 in half steps', () => {
    for (const r of [0, 0.5, 1, 2.5, 4.5, 5]) expect(ratingIsValid(r), String(r)).toBe(true);
    for (const r of [-0.5, 0.25, 1.1, 5.5, 6, Number.NaN, Number.POSITIVE_INFINITY, '3', null]) expect(ratingIsValid(r), String(r)).toBe(false);
  });
  it('ordinal suffixes', () => {
    const expected: Record<number, string> = {
      1: 'st',
      2: 'nd',
      3: 'rd',
      4: 'th',
      11: 'th',
      12: 'th',
      13: 'th',
      21: 'st',
      22: 'nd',
      23: 'rd',
      24: 'th',
      30: 'th',
      31: 'st',
      101: 'st',
      111: 'th',
      112: 'th',
    };
    for (const [day, suffix] of Object.entries(expected)) expect(ordinalSuffix(Number(day)), day).toBe(suffix);
  });
  it('dates read as day with suffix, month, year', () => {
    expect(testimonialDate('2024-03-01')).toBe('1st March 2024');
    expect(testimonialDate('2024-03-02')).toBe('2nd March 2024');
    expect(testimonialDate('2024-03-03')).toBe('3rd March 2024');
    expect(testimonialDate('2024-03-04')).toBe('4th March 2024');
    expect(testimonialDate('2024-12-11')).toBe('11th December 2024');
    expect(testimonialDate('2024-12-12')).toBe('12th December 2024');
    expect(testimonialDate('2024-12-13')).toBe('13th December 2024');
    expect(testimonialDate('2024-01-21T23:59:00-05:00')).toBe('21st January 2024');
    expect(testimonialDate('2024-02-22')).toBe('22nd February 2024');
    expect(testimonialDate('2024-02-30')).toBe('');
    expect(testimonialDate('yesterday')).toBe('');
    expect(testimonialDate(undefined)).toBe('');
  });
});

describe('display helpers', () => {
  it('truncates at 35 characters (25 on mobile)', () => {
    expect(truncateText('a'.repeat(35))).toBe('a'.repeat(35));
    expect(truncateText('a'.repeat(36))).toBe(`${'a'.repeat(35)}…`);
    expect(truncateText('Some long button title here', TEXT_TRUNCATE_MOBILE)).toBe('Some long button title he…');
  });
  it('desktop templates are the desktop* layouts (default desktop2)', () => {
    expect(isDesktopLayout('desktop2')).toBe(true);
    expect(isDesktopLayout(undefined)).toBe(true);
    expect(isDesktopLayout('mobile1')).toBe(false);
  });
  it('display name is fullName, else first and last name', () => {
    expect(displayName({ fullName: 'Jane Doe', firstName: 'J' })).toBe('Jane Doe');
    expect(displayName({ firstName: 'Jane', lastName: ' Doe ' })).toBe('Jane Doe');
    expect(displayName({})).toBe('');
  });
  it('gallery items belong to their section, unassigned ones to the first section of the type', () => {
    const sections = [
      { key: 's1', type: 'imageGallery' },
      { key: 't', type: 'text' },
      { key: 's2', type: 'imageGallery' },
    ];
    const items = [{ key: 'a' }, { key: 'b', sectionKey: 's2' }, { key: 'c', sectionKey: 's1' }, { key: 'd', sectionKey: 'gone' }];
    expect(sectionItems(sections[0]!, sections, items).map((i) => i.key)).toEqual(['a', 'c', 'd']);
    expect(sectionItems(sections[2]!, sections, items).map((i) => i.key)).toEqual(['b']);
  });
});
