import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageComponents, preloadPage } from './pages.ts';

afterEach(() => vi.restoreAllMocks());

describe('preloadPage (hover or focus on a side link or a home tile)', () => {
  it('warms the chunk of the page a link leads to, whatever hash or query it carries', () => {
    const users = vi.spyOn(pageComponents, 'users').mockResolvedValue(() => null);
    const self = vi.spyOn(pageComponents, 'self-service').mockResolvedValue(() => null);
    preloadPage('/users#invite');
    preloadPage('/self-service?companyId=3');
    expect(users).toHaveBeenCalledTimes(1);
    expect(self).toHaveBeenCalledTimes(1);
  });

  it('leaves links outside the dashboard alone', () => {
    const spies = Object.keys(pageComponents).map((k) => vi.spyOn(pageComponents, k as keyof typeof pageComponents).mockResolvedValue(() => null));
    for (const to of ['mailto:help@acme.example', 'https://shop.example', '/sign-in']) preloadPage(to);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
