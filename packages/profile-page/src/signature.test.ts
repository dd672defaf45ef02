import { SIGNATURE_LAYOUTS } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { emailSignature } from './signature.ts';
import type { PageContent } from './types.ts';

const content: PageContent = {
  fullName: 'Ana <b>"Ortiz"</b>',
  jobTitle: 'Sales & Support',
  mainContactNumber: '+34 600 000 000',
  emailAddress: 'ana@example.com',
  profilePhoto: { url: '/uploads/ana.jpg' },
  socialLinks: [
    { key: 'linkedin' as const, url: 'https://www.linkedin.com/in/ana?x=1&y=2' },
    { key: 'x' as const, url: 'http://x.com/ana' },
  ],
};
const options = {
  cardUrl: 'https://acme.example.com/ana?src=signature',
  qrUrl: 'https://acme.example.com/ana/qr.png',
  organization: 'Acme',
  brandColor: '#123456',
};

describe('emailSignature', () => {
  it.each(SIGNATURE_LAYOUTS)('%s: tables and inline styles only, every value escaped', (layout) => {
    const { html } = emailSignature(content, { ...options, layout });
    expect(html.startsWith('<table')).toBe(true);
    expect(html).not.toMatch(/<script|<style|<link|class=|javascript:/i);
    expect(html).toContain('Ana &#60;b&#62;&#34;Ortiz&#34;&#60;/b&#62;');
    expect(html).toContain('Sales &#38; Support | Acme');
    expect(html).toContain('href="https://acme.example.com/ana?src=signature"');
    expect(html).toContain('href="https://www.linkedin.com/in/ana?x=1&#38;y=2"');
    expect(html).toContain('#123456');
    for (const [, url] of html.matchAll(/(?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^https:\/\//);
  });

  it('shows the photo in the classic layout and the QR code in the card layout', () => {
    expect(emailSignature(content, { ...options, layout: 'classic' }).html).toContain('src="https://acme.example.com/uploads/ana.jpg"');
    expect(emailSignature(content, { ...options, layout: 'card' }).html).toContain('src="https://acme.example.com/ana/qr.png"');
    expect(emailSignature(content, { ...options, layout: 'compact' }).html).not.toContain('<img');
  });

  it('leaves out what is not https: an http card, photo or social link', () => {
    const { html, text } = emailSignature(content, { ...options, layout: 'card', cardUrl: 'http://acme.test/ana', qrUrl: 'http://acme.test/ana/qr.png' });
    expect(html).not.toMatch(/http:|src="\//);
    expect(text).not.toContain('http:');
    expect(html).not.toContain('x.com');
  });

  it('takes the product colour when the brand colour is not a hex colour', () => {
    const { html } = emailSignature(content, { ...options, layout: 'compact', brandColor: 'red;background:url(x)' });
    expect(html).not.toContain('url(x)');
    expect(html).toContain('#c2410c');
  });

  it('has a plain-text twin', () => {
    const { text } = emailSignature(content, { ...options, layout: 'classic' });
    expect(text.split('\n')).toEqual([
      'Ana <b>"Ortiz"</b>',
      'Sales & Support | Acme',
      'M +34 600 000 000',
      'ana@example.com',
      'My digital card: https://acme.example.com/ana?src=signature',
      'LinkedIn: https://www.linkedin.com/in/ana?x=1&y=2',
    ]);
  });
});
