/**
 * The whole page: `<html>` with its head (title, description, Open Graph,
 * canonical, manifest, theme colour, the one `<style>`), the body parts, the
 * icon sprite and the one `<script>`. Rendered to static HTML on the server
 * (no hydration); the editor preview can render {@link ProfilePage} in its frame.
 */
import { createElement as h, type ReactNode } from 'react';
import { PAGE_SCRIPT } from '../client/page.ts';
import { buildPageModel, type PageModel } from '../model.ts';
import type { RenderInput } from '../types.ts';
import { Buttons, Contacts, Footer, Hero, IconSprite, Identity, LeadForm, QrCode, Sections, ShareBar, Socials, Wallets } from './parts.ts';

/** The visible page (everything inside `<body>` but the script). */
export function ProfilePage({ model }: { model: PageModel }): ReactNode {
  const part = (component: (props: { model: PageModel }) => ReactNode) => h(component, { model });
  return [
    h(
      'div',
      { className: 'ph-page', key: 'page' },
      part(Hero),
      h(
        'main',
        { className: 'ph-main' },
        part(Identity),
        part(Contacts),
        part(Buttons),
        part(Socials),
        part(Sections),
        part(LeadForm),
        part(QrCode),
        part(Wallets),
        h(ShareBar),
      ),
      part(Footer),
    ),
    h('div', { className: 'ph-toast', role: 'status', 'aria-live': 'polite', key: 'toast' }),
    h(IconSprite, { icons: model.icons, key: 'sprite' }),
  ];
}

/** The classes the page's CSS hangs on: layout and icon style (on `<body>`, or on the preview's wrapper). */
export function rootClass(model: PageModel): string {
  return `ph ph-l-${model.layout === 'desktop' ? 'd' : 'm'} ph-is-${model.iconStyle}`;
}

/**
 * The editor's live preview: the page's `<style>` and the page inside a wrapper
 * with the root classes, for rendering into the preview frame's body with
 * `createRoot` (no script: the preview does not track or submit anything).
 */
export function ProfilePreview({ input }: { input: RenderInput }): ReactNode {
  const model = buildPageModel(input);
  return [
    // biome-ignore lint/security/noDangerouslySetInnerHtml: every CSS source went through sanitizeCss.
    h('style', { key: 'css', dangerouslySetInnerHTML: { __html: model.css } }),
    h('div', { key: 'root', className: rootClass(model) }, h(ProfilePage, { model })),
  ];
}

/** The `data-*` settings the page script reads from `<body>`. */
function bodyData(model: PageModel): Record<string, string> {
  const data: Record<string, string | undefined> = {
    'data-profile-id': model.profileId ? String(model.profileId) : undefined,
    'data-events-url': model.urls.events,
    'data-page-url': model.urls.page,
    'data-share-text': model.shareText || undefined,
    'data-sw-url': model.urls.serviceWorker,
    'data-sw-scope': model.urls.serviceWorkerScope,
    'data-exchange-url': model.exchange?.api,
    'data-exchange-js': model.exchange?.script,
  };
  return Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => e[1] !== undefined));
}

const meta = (key: string, attr: 'name' | 'property', content: string | undefined) => (content ? h('meta', { key, [attr]: key, content }) : null);

export function ProfileDocument({ model }: { model: PageModel }): ReactNode {
  return h(
    'html',
    { lang: model.lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' }),
      h('title', null, model.docTitle),
      meta('description', 'name', model.description),
      meta('robots', 'name', model.indexable ? undefined : 'noindex'),
      model.urls.page && h('link', { rel: 'canonical', href: model.urls.page }),
      meta('og:type', 'property', 'profile'),
      meta('og:title', 'property', model.docTitle),
      meta('og:description', 'property', model.description),
      meta('og:url', 'property', model.og.url),
      meta('og:image', 'property', model.og.image),
      meta('og:image:width', 'property', model.og.image && model.og.imageSize ? String(model.og.imageSize) : undefined),
      meta('og:image:height', 'property', model.og.image && model.og.imageSize ? String(model.og.imageSize) : undefined),
      meta('og:site_name', 'property', model.orgName),
      meta('profile:first_name', 'property', model.nameParts.first),
      meta('profile:last_name', 'property', model.nameParts.last),
      meta('twitter:card', 'name', 'summary'),
      meta('theme-color', 'name', model.themeColor),
      model.urls.manifest && h('link', { rel: 'manifest', href: model.urls.manifest }),
      model.touchIcon && h('link', { rel: 'apple-touch-icon', href: model.touchIcon }),
      meta('apple-mobile-web-app-title', 'name', model.firstName),
      meta('mobile-web-app-capable', 'name', 'yes'),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: every CSS source went through sanitizeCss; nothing in it can close the element.
      h('style', { nonce: model.nonce, dangerouslySetInnerHTML: { __html: model.css } }),
    ),
    h(
      'body',
      { className: rootClass(model), ...bodyData(model) },
      h(ProfilePage, { model }),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script (client/page.ts); a module script is deferred.
      h('script', { type: 'module', nonce: model.nonce, dangerouslySetInnerHTML: { __html: PAGE_SCRIPT } }),
    ),
  );
}
