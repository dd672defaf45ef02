import { describe, expect, it } from 'vitest';
import { aliasFromProfileUrl, isProductHost, profileUrlFromFtv, shouldShowWelcome } from './welcome.ts';

describe('first-visit welcome (spec §2)', () => {
  const base = { ftv: 'https://acme.profilehub.example/jane-doe', seen: false, hostname: 'localhost', whiteLabelled: false };

  it('shows for a fresh visitor from a profile on a product host', () => {
    expect(shouldShowWelcome(base)).toBe(true);
  });

  it.each([
    ['no _ftv', { ftv: null }],
    ['seen before', { seen: true }],
    ['a white-label is active', { whiteLabelled: true }],
    ['a customer host', { hostname: 'hub.acme.com' }],
  ])('does not show when %s', (_, change) => {
    expect(shouldShowWelcome({ ...base, ...change })).toBe(false);
  });

  it('knows product, local and preview hosts', () => {
    expect(isProductHost('hub.acme.localhost')).toBe(true);
    expect(isProductHost('127.0.0.1')).toBe(true);
    expect(isProductHost('deploy-preview-12--hub.netlify.app')).toBe(true);
    expect(isProductHost('app.profilehub.example', 'profilehub.example')).toBe(true);
    expect(isProductHost('profilehub.example.evil.com', 'profilehub.example')).toBe(false);
  });

  it('reads the alias from the profile URL and refuses non-http URLs', () => {
    const url = profileUrlFromFtv('https://acme.profilehub.example/jane-doe/', 'http://localhost');
    expect(url && aliasFromProfileUrl(url)).toBe('jane-doe');
    expect(profileUrlFromFtv('javascript:alert(1)', 'http://localhost')).toBeNull();
  });

  it('goes back only to a page of this hub or of the product, never to another site', () => {
    expect(profileUrlFromFtv('https://evil.example/x', 'http://localhost', 'profilehub.example')).toBeNull();
    expect(profileUrlFromFtv('https://profilehub.example.evil.test/x', 'http://localhost', 'profilehub.example')).toBeNull();
    expect(profileUrlFromFtv('//evil.example/x', 'https://hub.profilehub.example', 'profilehub.example')).toBeNull();
    expect(profileUrlFromFtv('https://preview.evil.example/x', 'https://hub.profilehub.example', 'profilehub.example')).toBeNull();
    expect(profileUrlFromFtv('http://acme.localhost:3000/jane', 'https://hub.profilehub.example', 'profilehub.example')).toBeNull();
    expect(profileUrlFromFtv('http://acme.localhost:3000/jane', 'http://localhost:3000', 'profilehub.example')?.hostname).toBe('acme.localhost');
    expect(profileUrlFromFtv('https://acme.profilehub.example/jane', 'https://hub.profilehub.example', 'profilehub.example')?.host).toBe(
      'acme.profilehub.example',
    );
    expect(profileUrlFromFtv('/jane-doe', 'https://hub.acme.example', 'profilehub.example')?.href).toBe('https://hub.acme.example/jane-doe');
  });
});
