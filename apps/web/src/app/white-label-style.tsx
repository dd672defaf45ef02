import { useEffect } from 'react';
import type { Branding } from '../lib/white-label.ts';

/**
 * Applies the parts of a white-label that live outside React: the company's
 * custom CSS (as a <style> element's textContent — never parsed as HTML, so it
 * cannot smuggle markup) after every other stylesheet, the favicon and the document title.
 */
export function WhiteLabelStyle({ branding }: { branding: Branding }) {
  const css = branding.whiteLabel?.css ?? '';
  const icon = branding.whiteLabel?.icon ?? null;

  useEffect(() => {
    if (!css) return;
    const style = document.createElement('style');
    style.dataset.whiteLabel = 'css';
    style.textContent = css;
    document.head.appendChild(style);
    // The company's CSS must win over ours at equal specificity, so it stays the last stylesheet:
    // route chunks load their CSS later, and would otherwise override it on a first visit.
    const keepLast = new MutationObserver(() => {
      if (document.head.lastElementChild !== style) document.head.appendChild(style);
    });
    keepLast.observe(document.head, { childList: true });
    return () => {
      keepLast.disconnect();
      style.remove();
    };
  }, [css]);

  useEffect(() => {
    if (!icon) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const previous = link.href;
    link.href = icon;
    link.removeAttribute('type');
    return () => {
      link.href = previous;
    };
  }, [icon]);

  useEffect(() => {
    document.title = `${branding.name} hub`;
  }, [branding.name]);

  return null;
}
