/** A render input around the shared rich fixture (tests and scripts only). */
import { RICH_PROFILE } from '../../../shared/src/profile/test-fixtures.ts';
import type { PageContent, RenderInput } from '../types.ts';

export const SAMPLE_NOW = Date.parse('2026-01-15T10:00:00Z');

export function sampleInput(content: PageContent = RICH_PROFILE, overrides: Partial<RenderInput> = {}): RenderInput {
  return {
    content,
    profile: { id: 42, alias: 'jane-doe', companyId: 7 },
    company: {
      name: 'acme',
      title: 'Acme Financial',
      subdomain: 'acme',
      logoUrl: 'https://cdn.acme.test/company-logo.png',
      css: '.ph-org { letter-spacing: .06em; }',
      brandColor: '#114b8a',
    },
    theme: { cssPlug: '.ph-sec h2 { font-weight: 700; }', layout: 'desktop2', fontFamily: 'Inter' },
    urls: {
      pageUrl: 'https://acme.profilehub.test/jane-doe',
      vcardUrl: '/jane-doe/contact.vcf',
      eventsUrl: '/api/events',
      manifestUrl: '/jane-doe/manifest.webmanifest',
      leadFormUrl: '/api/lead-forms/submit/42',
      serviceWorkerUrl: '/jane-doe/sw.js',
      serviceWorkerScope: '/jane-doe',
      qrCodeUrl: '/jane-doe/qr.png',
      touchIconUrl: '/jane-doe/icon-180.png',
      shareImageUrl: '/jane-doe/icon-512.png',
    },
    nonce: 'bm9uY2Utc2FtcGxl',
    now: SAMPLE_NOW,
    ...overrides,
  };
}
