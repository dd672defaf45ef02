/** One input for the page and its preview (issue #25 row 1): the preview's model is the page's model. */
import { describe, expect, it } from 'vitest';
import { RICH_PROFILE } from '../../shared/src/profile/test-fixtures.ts';
import { buildPageModel } from './model.ts';
import { type PageSource, pageRenderInput } from './page-input.ts';

const source: PageSource = {
  content: { ...RICH_PROFILE, templateLayout: 'mobile1' },
  profile: { id: 42, alias: 'jane-doe' },
  company: {
    id: 3,
    name: 'Acme',
    title: 'Acme Corporation',
    subdomain: 'acme',
    whiteLabel: { brand_color: '#f97316', css: '.ph-name{letter-spacing:1px}', logo: null },
  },
  theme: { cssPlug: '', layout: 'mobile1', fontFamily: 'Inter' },
  pageUrl: 'https://acme.example.com/jane-doe',
};

describe('pageRenderInput', () => {
  it('gives the preview the page’s brand colour, custom CSS and "Add to contacts", its files on the page’s host', () => {
    const page = buildPageModel(pageRenderInput(source));
    const preview = buildPageModel(pageRenderInput({ ...source, files: { origin: 'https://acme.example.com', qrCode: true } }));
    expect(preview.css).toBe(page.css);
    expect(page.css).toContain('#f97316');
    expect(page.css).toContain('letter-spacing:1px');
    expect(page.save?.href).toBe('/jane-doe/contact.vcf');
    expect(preview.save?.href).toBe('https://acme.example.com/jane-doe/contact.vcf');
    expect(preview.qr).toBe('https://acme.example.com/jane-doe/qr.png');
    expect({ ...preview, save: undefined, qr: undefined }).toEqual({ ...page, save: undefined, qr: undefined });
  });

  it('leaves the QR code out of a preview of a page not published yet, and gives a template the button its children get', () => {
    const unpublished = buildPageModel(pageRenderInput({ ...source, files: { origin: 'https://acme.example.com', qrCode: false } }));
    expect(unpublished.qr).toBeUndefined();
    const template = buildPageModel(
      pageRenderInput({ ...source, profile: { id: 5, alias: null }, pageUrl: '', files: { origin: 'https://acme.example.com', qrCode: false } }),
    );
    expect(template.save?.href).toBe('https://acme.example.com/');
  });
});
