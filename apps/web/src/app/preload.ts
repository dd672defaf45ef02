import { REPORTS, type Report } from '@profilehub/shared';

/** The dashboard page an in-app link leads to, whatever hash or query it carries; null for anything else. */
function reportOfLink(link: HTMLAnchorElement): Report | null {
  if (link.origin !== window.location.origin) return null;
  const first = link.pathname.split('/')[1] ?? '';
  return (REPORTS as readonly string[]).includes(first) ? (first as Report) : null;
}

/**
 * Warms the chunk of the page a link leads to when the pointer or focus reaches it, not on
 * the click: one listener for every link of the hub (side navigation, home tiles, lists),
 * so no screen has to know the page table. The table is a chunk of its own, fetched with
 * the first such link; a dynamic import is fetched once and cached.
 */
export function preloadLinkedPages(root: Document = document): () => void {
  const warm = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const report = link instanceof HTMLAnchorElement ? reportOfLink(link) : null;
    if (report) void import('./pages.ts').then(({ pageComponents }) => pageComponents[report]()).catch(() => {});
  };
  root.addEventListener('pointerover', warm, { passive: true });
  root.addEventListener('focusin', warm);
  return () => {
    root.removeEventListener('pointerover', warm);
    root.removeEventListener('focusin', warm);
  };
}
