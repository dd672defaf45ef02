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
    });
    expect(beacons).toEqual([['/api/events', JSON.stringify({ profileId: 42, action: 'view', type: 'page', label: 'Jane Doe — Head of Sales' })]]);
    expect(listeners).toEqual(expect.arrayContaining(['document:click', 'document:toggle', 'window:scroll', 'window:beforeinstallprompt']));
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
