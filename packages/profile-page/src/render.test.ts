/** The page renders every section type in both layouts, hides what must not show, and only emits safe links. */
import { createHash } from 'node:crypto';
import { ProfileContentSchema, publishedContent } from '@profilehub/shared';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RICH_PROFILE } from '../../shared/src/profile/test-fixtures.ts';
import { attr, startTags, type Token, tokenize } from './__fixtures__/html-tokenizer.ts';
import { pageSafetyProblems } from './__fixtures__/page-safety.ts';
import { SAMPLE_NOW, sampleInput } from './__fixtures__/sample-input.ts';
import { buttonColourRules } from './css/page-css.ts';
import { buildPageModel, nextExpiry, PAGE_SCRIPT, type PageContent, ProfilePreview, renderProfileHtml, renderProfilePage } from './index.ts';

const LAYOUTS = [
  ['desktop2', 'ph-l-d'],
  ['mobile1', 'ph-l-m'],
] as const;

const render = (content: PageContent = RICH_PROFILE, overrides = {}) => renderProfilePage(sampleInput(content, overrides)).html;
const tags = (html: string) => startTags(tokenize(html));
const hrefs = (html: string) => tags(html).flatMap((t) => t.attrs.filter((a) => a.name === 'href' || a.name === 'src').map((a) => a.value));
const byClass = (html: string, cls: string) => tags(html).filter((t) => (attr(t, 'class') ?? '').split(' ').includes(cls));
const textOf = (html: string) =>
  tokenize(html)
    .filter((t): t is Extract<Token, { type: 'text' }> => t.type === 'text')
    .map((t) => t.text)
    .join(' ');

describe.each(LAYOUTS)('layout %s', (layout, bodyClass) => {
  const content = { ...RICH_PROFILE, templateLayout: layout };
  const html = render(content);

  it('is a complete, safe document', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(pageSafetyProblems(html, { nonce: 'bm9uY2Utc2FtcGxl', leadFormUrl: '/api/lead-forms/submit/42' })).toEqual([]);
    const body = tags(html).find((t) => t.name === 'body');
    expect(attr(body!, 'class')?.split(' ')).toEqual(expect.arrayContaining(['ph', bodyClass, 'ph-is-duotone']));
    expect(attr(body!, 'data-profile-id')).toBe('42');
    expect(attr(body!, 'data-events-url')).toBe('/api/events');
    expect(attr(body!, 'data-sw-url')).toBe('/jane-doe/sw.js');
  });

  it('has the head: title, description, Open Graph, canonical, manifest, theme colour, one style', () => {
    const t = tags(html);
    const meta = (key: string) => attr(t.find((m) => m.name === 'meta' && (attr(m, 'name') === key || attr(m, 'property') === key))!, 'content');
    expect(tokenize(html).find((x) => x.type === 'raw' && x.name === 'title')).toMatchObject({ text: 'Jane Doe — Head of Sales' });
    expect(meta('description')).toBe('Head of Sales at Acme Financial. Twenty years in sales.');
    expect(meta('og:title')).toBe('Jane Doe — Head of Sales');
    expect(meta('og:url')).toBe('https://acme.profilehub.test/jane-doe');
    expect(meta('og:image')).toBe('https://acme.profilehub.test/jane-doe/icon-512.png');
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['512', '512']);
    expect(attr(t.find((x) => x.name === 'link' && attr(x, 'rel') === 'apple-touch-icon')!, 'href')).toBe('/jane-doe/icon-180.png');
    expect(meta('og:type')).toBe('profile');
    expect(meta('theme-color')).toBe('#114b8a');
    expect(meta('viewport')).toContain('width=device-width');
    expect(t.some((x) => x.name === 'meta' && attr(x, 'charset') === 'utf-8')).toBe(true);
    expect(attr(t.find((x) => x.name === 'link' && attr(x, 'rel') === 'canonical')!, 'href')).toBe('https://acme.profilehub.test/jane-doe');
    expect(attr(t.find((x) => x.name === 'link' && attr(x, 'rel') === 'manifest')!, 'href')).toBe('/jane-doe/manifest.webmanifest');
    expect(t.filter((x) => x.name === 'style').map((s) => attr(s, 'nonce'))).toEqual(['bm9uY2Utc2FtcGxl']);
  });

  it('renders banners, logo, photo, name and job title with their sizes', () => {
    const slides = byClass(html, 'ph-slide');
    expect(slides).toHaveLength(2);
    const images = tags(html).filter((t) => t.name === 'img');
    expect(attr(images.find((i) => attr(i, 'src') === '/uploads/b1.jpg')!, 'fetchpriority')).toBe('high');
    expect(tags(html).some((t) => t.name === 'video' && attr(t, 'src') === '/uploads/b2.mp4')).toBe(true);
    expect(images.some((i) => attr(i, 'src') === 'https://cdn.acme.test/logo.png' && attr(i, 'alt') === 'Acme Financial logo')).toBe(true);
    expect(images.some((i) => attr(i, 'src') === '/uploads/jane.webp' && attr(i, 'alt') === 'Photo of Jane Doe')).toBe(true);
    expect(byClass(html, 'ph-name')).toHaveLength(1);
    expect(textOf(html)).toContain('Head of Sales');
    expect(html).toContain('--ph-title-size:28px');
    expect(html).toContain('--ph-subtitle-size:16px');
    expect(html).toContain('--ph-page-img:url("/uploads/background.jpg")');
  });

  it('renders the contact buttons: call, WhatsApp, email, navigate to office, office', () => {
    const contacts = byClass(html, 'ph-contact').map((a) => [attr(a, 'href'), attr(a, 'data-track-type')]);
    expect(contacts).toEqual([
      ['tel:+27825550101', 'phone'],
      ['https://wa.me/27825550101', 'whatsapp'],
      ['mailto:jane@acme.test', 'email'],
      ['https://www.google.com/maps/place/Cape+Town', 'url'],
      ['tel:0215550100', 'phone'],
    ]);
  });

  it('shows the office address from its parts on one line that may wrap; without a maps link Directions searches the map for it', () => {
    const line = '1 Main Road, Cape Town, Western Cape, 8001, South Africa';
    const directions = (page: string) => byClass(page, 'ph-contact').find((a) => attr(a, 'data-track-label') === 'Directions')!;
    expect(byClass(html, 'ph-val-wrap').length).toBe(1);
    expect(textOf(html)).toContain(line);
    const { url: _url, ...parts } = RICH_PROFILE.navigateToOffice!;
    const withoutLink = render({ ...content, navigateToOffice: parts });
    expect(attr(directions(withoutLink), 'href')).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(line)}`);
  });

  it('renders the call to action, add to contacts, link and popup buttons with icons and colours', () => {
    const cta = byClass(html, 'ph-cta')[0]!;
    expect(attr(cta, 'href')).toBe('https://acme.test/book');
    expect(attr(cta, 'rel')).toBe('noopener noreferrer');
    const save = byClass(html, 'ph-save')[0]!;
    expect(attr(save, 'href')).toBe('/jane-doe/contact.vcf');
    expect(attr(save, 'data-track-type')).toBe('save-to-contacts');
    const website = tags(html).find((t) => t.name === 'a' && attr(t, 'href') === 'https://acme.test')!;
    expect(attr(website, 'class')).toMatch(/ph-btn ph-full ph-k\d/);
    const colourClass = attr(website, 'class')!
      .split(' ')
      .find((c) => /^ph-k\d$/.test(c));
    expect(html).toContain(`.${colourClass}{--bb:#eee;--bf:#000}`);
    const popup = byClass(html, 'ph-pop')[0]!;
    expect(popup.name).toBe('details');
    expect(attr(popup, 'data-track-type')).toBe('modal');
    expect(html).toContain('<div class="ph-rich ph-pop-body"><p>Mon–Fri 8–5</p></div>');
    for (const icon of ['globe', 'clock', 'calendar', 'user-plus', 'phone', 'whatsapp', 'mail', 'map-pin', 'building']) {
      expect(html).toContain(`<symbol id="i-${icon}"`);
      expect(html).toContain(`href="#i-${icon}"`);
    }
    // The disabled add-to-contacts link and the master's placeholder button are not buttons.
    expect(textOf(html)).not.toContain('Save my details');
    expect(textOf(html)).not.toContain('Your buttons');
  });

  it('renders every info section type in order, without the placeholder', () => {
    expect(
      tags(html)
        .filter((t) => t.name === 'details' && (attr(t, 'class') ?? '').includes('ph-sec '))
        .map((t) => attr(t, 'class')),
    ).toEqual(['ph-sec ph-sec-aboutme', 'ph-sec ph-sec-text', 'ph-sec ph-sec-imageGallery', 'ph-sec ph-sec-videoGallery', 'ph-sec ph-sec-testimonials']);
    expect(textOf(html)).not.toContain('Your sections');
    expect(html).toContain('<p>Twenty years in sales.</p>');
    expect(html).toContain('<img src="/uploads/n.png" alt="" loading="lazy" decoding="async" />');
  });

  it('renders the galleries: images with captions and links, YouTube facades without an iframe', () => {
    const gallery = byClass(html, 'ph-gal')[0]!;
    expect(gallery.name).toBe('ul');
    expect(tags(html).some((t) => t.name === 'img' && attr(t, 'src') === '/uploads/g1.jpg' && attr(t, 'alt') === 'Showroom')).toBe(true);
    expect(tags(html).some((t) => t.name === 'a' && attr(t, 'href') === 'https://acme.test/showroom')).toBe(true);
    const facades = byClass(html, 'ph-yt');
    expect(facades.map((f) => attr(f, 'data-yt'))).toEqual(['dQw4w9WgXcQ', 'dQw4w9WgXcQ']); // about-me video and the gallery video
    expect(facades.every((f) => attr(f, 'href') === 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(tags(html).some((t) => t.name === 'img' && attr(t, 'src') === 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg')).toBe(true);
    expect(tags(html).some((t) => t.name === 'iframe')).toBe(false);
  });

  it('renders testimonials with half stars, author and date', () => {
    const stars = byClass(html, 'ph-stars')[0]!;
    expect(attr(stars, 'aria-label')).toBe('Rated 4.5 out of 5');
    expect(byClass(html, 'ph-star-f')).toHaveLength(4);
    expect(byClass(html, 'ph-star-h')).toHaveLength(1);
    expect(byClass(html, 'ph-star-e')).toHaveLength(0);
    expect(textOf(html)).toContain('Jane sorted everything out.');
    expect(html).toContain('<time dateTime="2024-03-21">21st March 2024</time>');
  });

  it('renders social icons, the lead form, the QR code, the share actions and the footer', () => {
    const social = byClass(html, 'ph-social')[0]!;
    expect(social).toBeDefined();
    const socialLinks = tags(html).filter((t) => t.name === 'a' && attr(t, 'data-track-type') === 'socialmedia');
    expect(socialLinks.map((a) => [attr(a, 'href'), attr(a, 'aria-label')])).toEqual([
      ['https://facebook.com/acme', 'Facebook'],
      ['https://x.com/acme', 'X'],
    ]);
    const form = tags(html).find((t) => t.name === 'form')!;
    expect(attr(form, 'action')).toBe('/api/lead-forms/submit/42');
    expect(attr(form, 'data-form-id')).toBe('Jane Doe Lead Form-1740787200000');
    const fields = tags(html).filter((t) => (t.name === 'input' || t.name === 'textarea') && attr(t, 'name') !== 'website');
    expect(fields.map((f) => [attr(f, 'name'), attr(f, 'required') !== undefined])).toEqual([
      ['name', true],
      ['email', true],
      ['mobile', true],
      ['message', false],
    ]);
    expect(tags(html).filter((t) => t.name === 'label').length).toBeGreaterThanOrEqual(4);
    const thanks = byClass(html, 'ph-thanks')[0]!;
    expect(attr(thanks, 'hidden')).toBeDefined();
    expect(textOf(html)).toContain('Thanks, we will be in touch.');
    expect(tags(html).some((t) => t.name === 'img' && attr(t, 'src') === '/jane-doe/qr.png')).toBe(true);
    expect(tags(html).some((t) => t.name === 'a' && attr(t, 'download') === 'QRCode.png')).toBe(true);
    expect(
      tags(html)
        .filter((t) => t.name === 'button' && attr(t, 'data-action'))
        .map((b) => attr(b, 'data-action')),
    ).toEqual(['copy', 'share', 'install']);
    expect(html).toContain('<p>Acme (Pty) Ltd is an authorised financial services provider.</p>');
  });

  it('has landmarks, alt texts and labelled controls', () => {
    const t = tags(html);
    for (const landmark of ['header', 'main', 'footer', 'nav']) expect(t.some((x) => x.name === landmark)).toBe(true);
    for (const img of t.filter((x) => x.name === 'img')) expect(attr(img, 'alt')).toBeDefined();
    for (const link of t.filter((x) => x.name === 'a' && (attr(x, 'class') ?? '').includes('ph-yt'))) expect(attr(link, 'aria-label')).toMatch(/^Play video: /);
    const ids = t.map((x) => attr(x, 'id')).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    const h = t.filter((x) => /^h[1-6]$/.test(x.name)).map((x) => Number(x.name[1]));
    expect(h[0]).toBe(1);
    for (let i = 1; i < h.length; i++) expect(h[i]! - h[i - 1]!).toBeLessThanOrEqual(1);
  });
});

describe('what must not show', () => {
  it('hides expired gallery items (by date and by flag) and marks items that will expire', () => {
    const content: PageContent = {
      ...RICH_PROFILE,
      imageGallery: [
        { key: 'a', url: '/uploads/a.jpg', title: 'Past', type: 'promotion', expireAt: '2025-12-31T23:00:00Z', sectionKey: 'photos' },
        { key: 'b', url: '/uploads/b.jpg', title: 'Flagged', expired: true, sectionKey: 'photos' },
        { key: 'c', url: '/uploads/c.jpg', title: 'Future', type: 'promotion', expireAt: '2026-02-01T00:00:00Z', sectionKey: 'photos' },
        { key: 'd', url: '/uploads/d.jpg', title: 'Switched off', enabled: false, sectionKey: 'photos' },
      ],
    };
    const html = render(content);
    const text = textOf(html);
    expect(text).not.toContain('Past');
    expect(text).not.toContain('Flagged');
    expect(text).not.toContain('Switched off');
    expect(text).toContain('Future');
    expect(html).toContain('data-expires="2026-02-01T00:00:00.000Z"');
    // Judged against the render time: a month later the last one is gone, and so is the section.
    const later = renderProfilePage(sampleInput(content, { now: Date.parse('2026-03-01T00:00:00Z') })).html;
    expect(textOf(later)).not.toContain('Future');
    expect(byClass(later, 'ph-sec-imageGallery')).toEqual([]);
  });

  it('drops unsafe links and images, and builds tel:, mailto: and wa.me only from valid values', () => {
    const content: PageContent = {
      ...RICH_PROFILE,
      mainContactNumber: 'javascript:alert(1)',
      whatsappNumber: '+1 (555) <b>',
      emailAddress: 'jane@acme.test?cc=evil@x.y',
      officeNumber: '12',
      navigateToOffice: { url: 'https://evil.example/maps' },
      mainActionButton: { title: 'Go', url: 'http://insecure.example/' },
      profilePhoto: { url: 'data:image/svg+xml,<svg onload=alert(1)>' },
      logo: { url: '//evil.example/logo.png' },
      links: [
        { key: 'a', title: 'JS', url: 'javascript:alert(1)', contactType: 'url' },
        { key: 'b', title: 'Data', url: 'data:text/html,<script>alert(1)</script>', contactType: 'url' },
        { key: 'c', title: 'Http', url: 'http://example.com', contactType: 'url' },
        { key: 'd', title: 'Encoded', url: 'jav&#x09;ascript:alert(1)', contactType: 'url' },
        { key: 'e', title: 'Fine', url: 'https://fine.example/', contactType: 'url' },
      ],
      socialLinks: [
        { key: 'facebook', url: 'facebook.com/acme' },
        { key: 'instagram', url: 'javascript:alert(1)' },
        { key: 'linkedin', url: 'http://linkedin.com/in/x' },
      ],
      imageGallery: [{ key: 'g', url: 'javascript:alert(1)', title: 'Bad image', sectionKey: 'photos' }],
      videoGallery: [{ key: 'v', url: 'https://vimeo.com/1', title: 'Not YouTube' }],
    };
    const html = render(content);
    expect(pageSafetyProblems(html)).toEqual([]);
    const all = hrefs(html);
    expect(all).toContain('https://fine.example/');
    expect(all).toContain('https://facebook.com/acme');
    expect(all.filter((h) => h.startsWith('https://wa.me/'))).toEqual([]);
    for (const bad of ['javascript', 'data:', 'http://', '//evil', 'evil.example', 'mailto:jane@acme.test?'])
      expect(all.filter((h) => h.includes(bad))).toEqual([]);
    const text = textOf(html);
    for (const title of ['JS', 'Data', 'Http', 'Encoded', 'Not YouTube', 'Bad image']) expect(text).not.toContain(title);
    expect(byClass(html, 'ph-cta')).toHaveLength(0);
    expect(byClass(html, 'ph-contact').map((a) => attr(a, 'href'))).toEqual([]);
    expect(byClass(html, 'ph-photo')[0]!.name).toBe('div'); // initials instead of the unsafe photo
    expect(tags(html).some((t) => t.name === 'img' && attr(t, 'src') === 'https://cdn.acme.test/company-logo.png')).toBe(true); // company logo as fallback
  });

  it('leaves out the about-me video unless it is enabled, and the lead form unless it is enabled', () => {
    const html = render({ ...RICH_PROFILE, aboutMeVideoEnabled: false, contactForm: { ...RICH_PROFILE.contactForm, enabled: false } });
    expect(byClass(html, 'ph-yt')).toHaveLength(1); // only the gallery's
    expect(tags(html).some((t) => t.name === 'form')).toBe(false);
  });

  it('leaves out the QR area when there is no QR image', () => {
    const input = sampleInput();
    const { qrCodeUrl: _, ...urls } = input.urls;
    expect(byClass(renderProfileHtml({ ...input, urls }), 'ph-qr')).toEqual([]);
  });

  it('renders an empty profile (the defaults) without sections, with initials', () => {
    const html = render(ProfileContentSchema.parse({ firstName: 'Sam', lastName: 'Lee' }));
    expect(pageSafetyProblems(html)).toEqual([]);
    expect(html).toContain('<h1 class="ph-name">Sam Lee</h1>');
    expect(html).toContain('>SL</div>');
    expect(byClass(html, 'ph-sections')).toEqual([]);
    expect(byClass(html, 'ph-contacts')).toEqual([]);
    expect(tokenize(html).find((x) => x.type === 'raw' && x.name === 'title')).toMatchObject({ text: 'Sam Lee' });
  });

  it('renders a child profile from the published (inherited) content', () => {
    const child = publishedContent(RICH_PROFILE, { firstName: 'Bob', fullName: 'Bob Smith', jobTitle: 'Adviser' });
    const html = render(child);
    expect(html).toContain('<h1 class="ph-name">Bob Smith</h1>');
    expect(textOf(html)).toContain('Book a call');
    expect(textOf(html)).not.toContain('Your sections');
  });
});

describe('document details', () => {
  it('has a strong etag: sha256 of the HTML, base64url; stable for the same input', () => {
    const a = renderProfilePage(sampleInput());
    const b = renderProfilePage(sampleInput());
    expect(a.etag).toBe(createHash('sha256').update(a.html).digest('base64url'));
    expect(a.etag).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b).toEqual(a);
    expect(renderProfilePage(sampleInput({ ...RICH_PROFILE, jobTitle: 'CEO' })).etag).not.toBe(a.etag);
  });

  it('gives link previews and iOS a raster, never an SVG: without the server’s icons, a PNG or JPEG photo or logo, else none', () => {
    const { touchIconUrl: _, shareImageUrl: __, ...urls } = sampleInput().urls;
    const head = (content: PageContent, logoUrl: string | null) => {
      const t = tags(render(content, { urls, company: { ...sampleInput().company, logoUrl } }));
      const og = t.find((m) => m.name === 'meta' && attr(m, 'property') === 'og:image');
      const touch = t.find((m) => m.name === 'link' && attr(m, 'rel') === 'apple-touch-icon');
      return [og && attr(og, 'content'), touch && attr(touch, 'href')];
    };
    const photo = (url: string) => ({ ...RICH_PROFILE, profilePhoto: { url }, logo: undefined });
    expect(head(photo('/uploads/jane.jpg'), null)).toEqual(['https://acme.profilehub.test/uploads/jane.jpg', '/uploads/jane.jpg']);
    expect(head(photo('/demo/jane-doe.svg'), '/uploads/acme.png')).toEqual(['https://acme.profilehub.test/uploads/acme.png', undefined]);
    expect(head(photo('/demo/jane-doe.svg'), '/demo/acme-logo.svg')).toEqual([undefined, undefined]);
  });

  it('names first and last name from the profile’s own fields, else splits the full name before its last word', () => {
    const names = (content: PageContent) => {
      const t = tags(render(content));
      const meta = (key: string) => t.find((m) => m.name === 'meta' && attr(m, 'property') === key);
      return [meta('profile:first_name'), meta('profile:last_name')].map((m) => m && attr(m, 'content'));
    };
    expect(names({ ...RICH_PROFILE, fullName: 'Mary Ann Smith', firstName: 'Mary Ann', lastName: 'Smith' })).toEqual(['Mary Ann', 'Smith']);
    expect(names({ ...RICH_PROFILE, fullName: 'Dr. Mary Ann Smith', firstName: 'Mary Ann', lastName: 'Smith' })).toEqual(['Mary Ann', 'Smith']);
    expect(names({ ...RICH_PROFILE, fullName: 'Mary Ann Smith', firstName: undefined, lastName: undefined })).toEqual(['Mary Ann', 'Smith']);
    expect(names({ ...RICH_PROFILE, fullName: 'Cher', firstName: undefined, lastName: undefined })).toEqual(['Cher', undefined]);
  });

  it('carries the page script once, as a module, with the nonce; no nonce attribute without one', () => {
    const html = render();
    expect(html.split(PAGE_SCRIPT)).toHaveLength(2);
    expect(html).toContain(`<script type="module" nonce="bm9uY2Utc2FtcGxl">${PAGE_SCRIPT}</script>`);
    const plain = render(RICH_PROFILE, { nonce: undefined });
    expect(plain).toContain(`<script type="module">${PAGE_SCRIPT}</script>`);
    expect(plain).not.toContain('nonce=');
  });

  it('has no inline event handlers and no style attributes of its own', () => {
    const t = tags(render());
    expect(t.flatMap((x) => x.attrs).filter((a) => /^on/i.test(a.name) || a.name === 'style')).toEqual([]);
  });

  it('prefixes root-relative uploads with assetBase, and uses the theme layout and font when the content has none', () => {
    const input = sampleInput(RICH_PROFILE, { urls: { ...sampleInput().urls, assetBase: 'https://api.acme.test/' } });
    expect(renderProfileHtml(input)).toContain('src="https://api.acme.test/uploads/jane.webp"');
    // Never an http base: the uploads stay root-relative (served by the page's own host).
    const http = sampleInput(RICH_PROFILE, { urls: { ...sampleInput().urls, assetBase: 'http://acme.localhost:3000' } });
    expect(renderProfileHtml(http)).toContain('src="/uploads/jane.webp"');
    const { templateLayout: _, fontFamily: __, ...rest } = RICH_PROFILE;
    const model = buildPageModel(sampleInput(rest, { theme: { layout: 'mobile3', fontFamily: 'Inter', cssPlug: '' } }));
    expect(model.layout).toBe('mobile');
    expect(model.css).toContain('--ph-font:"Inter",');
  });

  it('keeps contrast-safe defaults: light text on a dark background, dark text on a light brand colour', () => {
    const dark = buildPageModel(sampleInput({ ...RICH_PROFILE, cssVariables: { 'background-color': { color: '#101418', css: '#101418' } } }));
    expect(dark.css).toContain('--ph-text:#f7f8fa');
    const light = buildPageModel(sampleInput(RICH_PROFILE, { company: { ...sampleInput().company, brandColor: '#ffe066' } }));
    expect(light.css).toContain('--ph-on-brand:#1b2230');
    expect(light.css).toContain('--ph-accent:#1b2230'); // the yellow brand does not read as text on white
  });

  it('never lets a chosen colour make a button unreadable (Globex: dark text on the dark default brand was 2.03:1)', () => {
    const solid = (c: string) => ({ color: c, css: c });
    const globex = buildPageModel(
      sampleInput({
        ...RICH_PROFILE,
        cssVariables: {
          'background-color': solid('#f0f9ff'),
          'font-color': solid('#0f172a'),
          'icon-color': solid('#ffffff'),
          'main-action-button-background-color': solid('#0369a1'),
          'main-action-button-color': solid('#0b3b5c'),
          'name-font-color': solid('#eef6ff'),
        },
      }),
    );
    // On the default brand (#114b8a): the dark button text becomes white, the white icons stay.
    expect(globex.css).toContain('--ph-btn-fg:#fff');
    expect(globex.css).toContain('--ph-icon:#ffffff');
    // Dark blue on the blue call to action is replaced; a name nearly as light as the page is too.
    expect(globex.css).toContain('--ph-cta-fg:#fff');
    expect(globex.css).toContain('--ph-name:#1b2230');
    // Readable choices are kept as they are.
    const acme = buildPageModel(
      sampleInput({ ...RICH_PROFILE, cssVariables: { 'font-color': solid('#ffffff') } }, { company: { ...sampleInput().company, brandColor: '#c2410c' } }),
    );
    expect(acme.css).toContain('--ph-btn-fg:#ffffff');
  });

  it('keeps each button’s own text readable on its own background', () => {
    expect(buttonColourRules([{ className: 'ph-k1', background: '#ffe066', font: '#ffffff' }])).toBe('.ph-k1{--bb:#ffe066;--bf:#1b2230}');
    expect(buttonColourRules([{ className: 'ph-k2', background: '#0b3b5c' }])).toBe('.ph-k2{--bb:#0b3b5c;--bf:#fff}');
    expect(buttonColourRules([{ className: 'ph-k3', font: '#0f172a' }], '#114b8a')).toBe('.ph-k3{--bf:#fff}');
    expect(buttonColourRules([{ className: 'ph-k4', background: '#c2410c', font: '#ffffff' }])).toBe('.ph-k4{--bb:#c2410c;--bf:#ffffff}');
  });

  it('says when the page next changes by itself (the next gallery expiry)', () => {
    expect(nextExpiry(RICH_PROFILE, SAMPLE_NOW)).toBe('2030-06-30T22:00:00.000Z');
    expect(nextExpiry(RICH_PROFILE, Date.parse('2031-01-01T00:00:00Z'))).toBeNull();
  });

  it('renders the editor preview: the style and the page in a wrapper with the root classes, without the script', () => {
    const html = renderToStaticMarkup(createElement(ProfilePreview, { input: sampleInput() }));
    expect(html).toMatch(/^(<link rel="preload"[^>]*>)*<style>:root\{/);
    expect(html).toContain('<div class="ph ph-l-d ph-is-duotone"><div class="ph-page">');
    expect(html).not.toContain('<script');
  });

  it('renders the same markup at a fixed time (snapshot of the structure)', () => {
    const model = buildPageModel(sampleInput());
    expect(model.sections.map((s) => [s.kind, s.title])).toEqual([
      ['aboutme', 'About me'],
      ['text', 'News'],
      ['imageGallery', 'Gallery'],
      ['videoGallery', 'Videos'],
      ['testimonials', 'What clients say'],
    ]);
    expect(SAMPLE_NOW).toBe(Date.parse('2026-01-15T10:00:00Z'));
  });
});
