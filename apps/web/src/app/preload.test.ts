import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageComponents } from './pages.ts';
import { preloadLinkedPages } from './preload.ts';

let stop: () => void = () => {};
beforeEach(() => {
  stop = preloadLinkedPages();
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function link(href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.innerHTML = '<span>label</span>';
  document.body.append(a);
  return a;
}

describe('preloadLinkedPages (the pointer or focus reaching a link warms its page)', () => {
  it('warms the chunk of the page a link leads to, whatever hash or query it carries, from the link or inside it', async () => {
    const users = vi.spyOn(pageComponents, 'users').mockResolvedValue(() => null);
    const self = vi.spyOn(pageComponents, 'self-service').mockResolvedValue(() => null);
    link('/users#invite').firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/self-service?companyId=3').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => {
      expect(users).toHaveBeenCalledTimes(1);
      expect(self).toHaveBeenCalledTimes(1);
    });
  });

  it('leaves links outside the dashboard alone, and stops when asked', async () => {
    const spies = Object.keys(pageComponents).map((k) => vi.spyOn(pageComponents, k as keyof typeof pageComponents).mockResolvedValue(() => null));
    for (const href of ['mailto:help@acme.example', 'https://shop.example/users', '/sign-in']) {
      link(href).dispatchEvent(new Event('pointerover', { bubbles: true }));
    }
    stop();
    link('/statistics').dispatchEvent(new Event('pointerover', { bubbles: true }));
    // The page table itself loads asynchronously: give a dispatched warm-up every chance to land.
    await import('./pages.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
