import { runInNewContext, Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPT, serviceWorkerScript, webManifest } from './page.ts';

describe('PAGE_SCRIPT', () => {
  it('is under 5 KB gzip', () => {
    const size = gzipSync(PAGE_SCRIPT, { level: 9 }).length;
    console.log(`page script: ${PAGE_SCRIPT.length} B, ${size} B gzip`);
    expect(size).toBeLessThan(5 * 1024);
  });

  it('is valid JavaScript that cannot end its element', () => {
    expect(() => new Script(PAGE_SCRIPT)).not.toThrow();
    expect(PAGE_SCRIPT).not.toMatch(/<\/script|<!--/i);
  });

  it('reports the view with sendBeacon in the shape /api/events accepts', () => {
    const beacons: [string, string][] = [];
    const listeners: string[] = [];
    const body = { dataset: { profileId: '42', eventsUrl: '/api/events', pageUrl: 'https://acme.example/jane' } };
    const document = {
      body,
      title: 'Jane Doe — Head of Sales',
      documentElement: { scrollHeight: 2000 },
      addEventListener: (type: string) => listeners.push(`document:${type}`),
      querySelector: () => null,
      querySelectorAll: () => [],
    };
    runInNewContext(PAGE_SCRIPT, {
      document,
      navigator: { sendBeacon: (url: string, data: string) => beacons.push([url, data]) > 0 },
      location: { href: 'https://acme.example/jane#x' },
      addEventListener: (type: string) => listeners.push(`window:${type}`),
      removeEventListener: () => {},
      Element: class {},
      HTMLDetailsElement: class {},
      setTimeout,
      clearTimeout,
      Date,
      URL,
      URLSearchParams,
    });
    expect(beacons).toEqual([['/api/events', JSON.stringify({ profileId: 42, action: 'view', type: 'page', label: 'Jane Doe — Head of Sales' })]]);
    expect(listeners).toEqual(expect.arrayContaining(['document:click', 'document:toggle', 'window:scroll', 'window:beforeinstallprompt']));
  });

  it("says where the view came from: the URL's source tag and campaign, and only the referring site's host", () => {
    const beacons: string[] = [];
    const view = (search: string, referrer: string) => {
      beacons.length = 0;
      runInNewContext(PAGE_SCRIPT, {
        document: {
          body: { dataset: { profileId: '42', eventsUrl: '/api/events' } },
          title: 'Jane',
          referrer,
          addEventListener: () => {},
          querySelector: () => null,
          querySelectorAll: () => [],
        },
        navigator: { sendBeacon: (_url: string, data: string) => beacons.push(data) > 0 },
        location: { href: `https://acme.example/jane${search}`, search, hostname: 'acme.example' },
        addEventListener: () => {},
        removeEventListener: () => {},
        Element: class {},
        HTMLDetailsElement: class {},
        setTimeout,
        clearTimeout,
        Date,
        URL,
        URLSearchParams,
      });
      return JSON.parse(beacons[0]!);
    };
    expect(view('?src=qr&utm_campaign=Spring', 'https://www.linkedin.com/feed/update/123?x=1')).toEqual({
      profileId: 42,
      action: 'view',
      type: 'page',
      label: 'Jane',
      source: 'qr',
      campaign: 'Spring',
      referrer: 'www.linkedin.com',
    });
    expect(view('?src=signature', '')).toEqual({ profileId: 42, action: 'view', type: 'page', label: 'Jane', source: 'signature' });
    // A move within the site is not a referrer.
    expect(view('', 'https://acme.example/other')).toEqual({ profileId: 42, action: 'view', type: 'page', label: 'Jane' });
  });
});

describe('serviceWorkerScript', () => {
  it('caches the page, manifest and images and is valid JavaScript', () => {
    const sw = serviceWorkerScript('ph-42:abc', {
      page: '/jane-doe',
      manifest: '/jane-doe/manifest.webmanifest',
      images: ['/uploads/jane.webp', '/uploads/jane.webp'],
    });
    expect(() => new Script(sw)).not.toThrow();
    expect(sw).toContain('const CACHE = "ph-42:abc";');
    expect(sw).toContain('["/jane-doe","/jane-doe/manifest.webmanifest","/uploads/jane.webp"]');
    expect(sw).toMatch(/req\.mode === 'navigate'/);
  });

  it('cannot be broken by what it embeds', () => {
    const sw = serviceWorkerScript('x";alert(1);"\u2028', { page: '</script>"+alert(1)+"' });
    expect(() => new Script(sw)).not.toThrow();
    expect(sw).not.toContain('</script>');
    expect(sw).toContain('const CACHE = "x\\";alert(1);\\"\\u2028";');
  });
});

describe('webManifest', () => {
  it('is a standalone app manifest for the profile', () => {
    const manifest = JSON.parse(
      webManifest({
        name: 'Jane Doe — Acme',
        startUrl: '/jane-doe',
        icons: [{ src: '/uploads/jane-192.png', sizes: '192x192', type: 'image/png' }],
        themeColor: '#114b8a',
      }),
    );
    expect(manifest).toEqual({
      name: 'Jane Doe — Acme',
      short_name: 'Jane',
      id: '/jane-doe',
      start_url: '/jane-doe',
      scope: '/jane-doe',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#114b8a',
      icons: [{ src: '/uploads/jane-192.png', sizes: '192x192', type: 'image/png' }],
    });
  });
});
