/**
 * The parts of the page. They render a {@link PageModel} — every value already
 * validated and sanitised — and hold no state, so the same markup comes out of
 * the server at publish time and out of the editor's live preview.
 * No inline event handlers and no style attributes: behaviour comes from the
 * page script through `data-*` attributes, looks from the `<style>` block.
 *
 * Written with `createElement` rather than JSX: the server runs this package's
 * TypeScript directly with Node's type stripping, which has no JSX.
 */
import { createElement as h, type ReactNode } from 'react';
import { ICONS, type IconName } from '../icons.ts';
import type { ButtonItem, ContactItem, IconRef, ImageItem, LinkButton, PageModel, SectionItem, TestimonialItem, Track, VideoItem } from '../model.ts';

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The data attributes the page script reads to report an interaction. */
function trackAttrs(track: Track): Record<string, string> {
  const attrs: Record<string, string> = { 'data-track-action': track.action, 'data-track-type': track.type };
  if (track.label) attrs['data-track-label'] = track.label;
  if (track.value) attrs['data-track-value'] = track.value;
  return attrs;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function Icon({ icon, className }: { icon: IconRef | IconName | undefined; className?: string | undefined }): ReactNode {
  if (!icon) return null;
  const ref: IconRef = typeof icon === 'string' ? { name: icon } : icon;
  if ('src' in ref) return h('img', { className: cx('ph-i', className), src: ref.src, alt: '', width: 20, height: 20, loading: 'lazy', decoding: 'async' });
  return h('svg', { className: cx('ph-i', className), 'aria-hidden': 'true', focusable: 'false', viewBox: '0 0 24 24' }, h('use', { href: `#i-${ref.name}` }));
}

const icon = (ref: IconRef | IconName | undefined, className?: string) => h(Icon, { icon: ref, className });

/** The `<symbol>`s of the icons this page uses (referenced by `<use href="#i-…">`); our own constant shapes only. */
export function IconSprite({ icons }: { icons: readonly IconName[] }): ReactNode {
  return h(
    'svg',
    { className: 'ph-sprite', 'aria-hidden': 'true', focusable: 'false' },
    icons.map((name) =>
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant SVG shapes (icons.ts), never user input.
      h('symbol', { key: name, id: `i-${name}`, viewBox: '0 0 24 24', dangerouslySetInnerHTML: { __html: ICONS[name] } }),
    ),
  );
}

/** Sanitised rich text (the model only holds sanitize-html output). */
function rich(html: string, className?: string, status = false): ReactNode {
  const extra = status ? { role: 'status', tabIndex: -1, hidden: true } : {};
  return h('div', { className: cx('ph-rich', className), ...extra, dangerouslySetInnerHTML: { __html: html } });
}

export function Hero({ model }: { model: PageModel }): ReactNode {
  const { slides, mobile, desktop } = model.hero;
  let media: ReactNode = null;
  if (slides.length === 1 && slides[0]?.kind === 'video') {
    media = h('video', { src: slides[0].src, autoPlay: true, muted: true, loop: true, playsInline: true, preload: 'metadata', 'aria-hidden': 'true' });
  } else if (slides.length > 0) {
    const many = slides.length > 1;
    media = [
      h(
        'section',
        { key: 'slides', className: 'ph-slides', 'aria-roledescription': 'carousel', 'aria-label': 'Banner', tabIndex: many ? 0 : undefined },
        slides.map((slide, i) =>
          h(
            'div',
            { className: 'ph-slide', key: `${i}-${slide.src}`, role: 'group', 'aria-roledescription': 'slide', 'aria-label': `${i + 1} of ${slides.length}` },
            slide.kind === 'video'
              ? h('video', {
                  src: slide.src,
                  autoPlay: i === 0,
                  muted: true,
                  loop: true,
                  playsInline: true,
                  preload: i === 0 ? 'metadata' : 'none',
                  'aria-hidden': 'true',
                })
              : h('img', {
                  src: slide.src,
                  alt: '',
                  width: 800,
                  height: 507,
                  decoding: 'async',
                  ...(i === 0 ? { fetchPriority: 'high' } : { loading: 'lazy' }),
                }),
          ),
        ),
      ),
      many &&
        h(
          'div',
          { key: 'dots', className: 'ph-dots', 'aria-hidden': 'true' },
          slides.map((slide, i) => h('i', { key: `${i}-${slide.src}`, className: i === 0 ? 'on' : undefined })),
        ),
    ];
  } else if (mobile || desktop) {
    media = h(
      'picture',
      null,
      desktop && mobile ? h('source', { media: '(min-width: 600px)', srcSet: desktop }) : null,
      h('img', { src: mobile ?? desktop, alt: '', width: 800, height: 507, fetchPriority: 'high', decoding: 'async' }),
    );
  }
  return h(
    'header',
    { className: 'ph-hero' },
    media,
    model.logo && h('div', { className: 'ph-logo' }, h('img', { src: model.logo.src, alt: model.logo.alt, height: 26, decoding: 'async' })),
  );
}

export function Identity({ model }: { model: PageModel }): ReactNode {
  return h(
    'div',
    { className: 'ph-id' },
    model.photo
      ? h('img', { className: 'ph-photo', src: model.photo, alt: `Photo of ${model.name}`, width: 136, height: 136, decoding: 'async' })
      : h('div', { className: 'ph-photo ph-initials', 'aria-hidden': 'true' }, model.initials),
    h('h1', { className: 'ph-name' }, model.name),
    model.jobTitle && h('p', { className: 'ph-job' }, model.jobTitle),
    model.orgName && h('p', { className: 'ph-org' }, model.orgName),
  );
}

function contact(item: ContactItem): ReactNode {
  return h(
    'li',
    { key: item.key },
    h(
      'a',
      { className: cx('ph-contact', item.colourClass), href: item.href, ...(item.external ? EXTERNAL : {}), ...trackAttrs(item.track) },
      h('span', { className: 'ph-ic' }, icon(item.icon)),
      h(
        'span',
        { className: 'ph-ct' },
        h('span', { className: 'ph-lbl' }, item.label),
        item.value &&
          // An address is read whole: it wraps where a number or an email would be cut.
          h('span', { className: cx('ph-val', item.key === 'navigate-to-office' && 'ph-val-wrap') }, item.value),
      ),
    ),
  );
}

export function Contacts({ model }: { model: PageModel }): ReactNode {
  if (!model.contacts.length) return null;
  return h('nav', { className: 'ph-contacts', 'aria-label': `Contact ${model.firstName}` }, h('ul', null, model.contacts.map(contact)));
}

function linkButton(button: LinkButton, className?: string): ReactNode {
  return h(
    'a',
    {
      key: button.key,
      className: cx('ph-btn', className, button.full && 'ph-full', button.colourClass, button.className),
      href: button.href,
      ...EXTERNAL,
      ...trackAttrs(button.track),
    },
    icon(button.icon),
    h('span', null, button.title),
  );
}

function button(item: ButtonItem): ReactNode {
  if (item.kind === 'link') return linkButton(item);
  return h(
    'details',
    { key: item.key, className: cx('ph-pop', item.full && 'ph-full'), 'data-track-type': 'modal', 'data-track-label': item.title },
    h('summary', { className: cx('ph-btn', item.colourClass, item.className) }, icon(item.icon), h('span', null, item.title), icon('chevron', 'ph-chev')),
    rich(item.html, 'ph-pop-body'),
  );
}

export function Buttons({ model }: { model: PageModel }): ReactNode {
  if (!model.cta && !model.save && !model.exchange && !model.buttons.length) return null;
  return h(
    'div',
    { className: 'ph-buttons' },
    model.cta && linkButton(model.cta, 'ph-cta'),
    model.save &&
      h(
        'a',
        {
          className: 'ph-btn ph-save',
          href: model.save.href,
          'data-track-action': 'click',
          'data-track-type': 'save-to-contacts',
          'data-track-label': model.save.title,
        },
        icon('user-plus'),
        h('span', null, model.save.title),
      ),
    // Issue #29 Contact exchange: the page script loads the form's code when this is pressed.
    model.exchange &&
      h('button', { type: 'button', className: 'ph-btn ph-xch', 'data-action': 'exchange' }, icon('message'), h('span', null, 'Share my details')),
    model.buttons.map(button),
  );
}

export function Socials({ model }: { model: PageModel }): ReactNode {
  if (!model.socials.length) return null;
  return h(
    'ul',
    { className: 'ph-social', 'aria-label': 'Social media' },
    model.socials.map((s) =>
      h('li', { key: s.key }, h('a', { href: s.href, 'aria-label': s.title, title: s.title, ...EXTERNAL, ...trackAttrs(s.track) }, icon(s.key))),
    ),
  );
}

function video(item: VideoItem, caption = true): ReactNode {
  return h(
    'div',
    { key: item.key },
    h(
      'a',
      { className: 'ph-yt', href: item.watchUrl, 'data-yt': item.id, 'data-title': item.title, 'aria-label': `Play video: ${item.title}`, ...EXTERNAL },
      h('img', { src: item.thumb, alt: '', width: 480, height: 360, loading: 'lazy', decoding: 'async' }),
      h('span', { className: 'ph-play' }, icon('play')),
    ),
    caption && item.title && h('p', { className: 'ph-vid-t' }, item.title),
  );
}

function gallery(items: ImageItem[], title: string): ReactNode {
  return h(
    'ul',
    { className: 'ph-gal', 'aria-label': title, tabIndex: items.length > 1 ? 0 : undefined },
    items.map((item) =>
      h(
        'li',
        { key: item.key, 'data-expires': item.expiresAt },
        h(
          'a',
          { href: item.href, ...EXTERNAL, ...trackAttrs(item.track) },
          h(
            'figure',
            null,
            h('img', { src: item.src, alt: item.title, width: 800, height: 600, loading: 'lazy', decoding: 'async' }),
            item.title && h('figcaption', null, item.title),
          ),
          !item.title && h('span', { className: 'ph-sr' }, item.linked ? 'Open link' : 'Open image'),
        ),
      ),
    ),
  );
}

/** Five stars for a rating in half steps. */
export function Stars({ rating }: { rating: number }): ReactNode {
  const kinds = [1, 2, 3, 4, 5].map((n) => (rating >= n ? 'f' : rating >= n - 0.5 ? 'h' : 'e'));
  return h(
    'div',
    { className: 'ph-stars', role: 'img', 'aria-label': `Rated ${rating} out of 5` },
    kinds.map((kind, i) =>
      h(
        'svg',
        { key: i, className: `ph-star ph-star-${kind}`, 'aria-hidden': 'true', focusable: 'false', viewBox: '0 0 24 24' },
        h('use', { href: kind === 'h' ? '#i-star-half' : '#i-star' }),
      ),
    ),
  );
}

function testimonial(item: TestimonialItem): ReactNode {
  return h(
    'li',
    { key: item.key, className: 'ph-tm' },
    item.rating !== undefined && h(Stars, { rating: item.rating }),
    item.title && h('h3', null, item.title),
    item.review && h('blockquote', null, h('p', null, item.review)),
    (item.author || item.date) &&
      h(
        'p',
        { className: 'ph-tm-by' },
        item.author && h('b', null, item.author),
        item.author && item.date && ' · ',
        item.date && h('time', { dateTime: item.dateIso }, item.date),
      ),
  );
}

function sectionBody(section: SectionItem): ReactNode {
  switch (section.kind) {
    case 'text':
    case 'aboutme':
      return [section.html && h('div', { key: 'text' }, rich(section.html)), section.video && video(section.video, false)];
    case 'imageGallery':
      return gallery(section.images, section.title);
    case 'videoGallery':
      return h(
        'ul',
        { className: 'ph-vids' },
        section.videos.map((v) => h('li', { key: v.key }, video(v))),
      );
    case 'testimonials':
      return h('ul', { className: 'ph-tms' }, section.testimonials.map(testimonial));
  }
}

export function Sections({ model }: { model: PageModel }): ReactNode {
  if (!model.sections.length) return null;
  return h(
    'div',
    { className: 'ph-sections' },
    model.sections.map((section, i) =>
      h(
        'details',
        {
          key: section.key,
          id: section.domId,
          className: `ph-sec ph-sec-${section.kind}`,
          open: model.layout === 'desktop' || i === 0,
          'data-track-type': 'dropdown',
          'data-track-label': section.title,
        },
        h('summary', null, h('span', { className: 'ph-sec-ic' }, icon(section.icon)), h('h2', null, section.title), icon('chevron', 'ph-chev')),
        h('div', { className: 'ph-sec-body' }, sectionBody(section)),
      ),
    ),
  );
}

export function LeadForm({ model }: { model: PageModel }): ReactNode {
  const form = model.leadForm;
  if (!form?.fields.length) return null;
  return h(
    'section',
    { className: 'ph-card ph-lead', 'aria-labelledby': 'ph-lead-title' },
    h('h2', { id: 'ph-lead-title' }, 'Get in touch'),
    h('p', null, `Leave your details and ${model.firstName} will get back to you.`),
    h(
      'form',
      { className: 'ph-form', action: form.action, method: 'post', 'data-form-id': form.formId },
      form.fields.map((field) => {
        const id = `ph-f-${field.name}`;
        return h(
          'div',
          { className: 'ph-field', key: field.name },
          h('label', { htmlFor: id }, field.label, field.required && h('span', { className: 'ph-req', 'aria-hidden': 'true' }, ' *')),
          field.type === 'textarea'
            ? h('textarea', { id, name: field.name, required: field.required, maxLength: 2000, rows: 4 })
            : h('input', {
                id,
                name: field.name,
                type: field.type,
                required: field.required,
                autoComplete: field.autoComplete,
                maxLength: field.type === 'email' ? 254 : 100,
              }),
        );
      }),
      h(
        'div',
        { className: 'ph-hp', 'aria-hidden': 'true' },
        h('label', { htmlFor: 'ph-f-website' }, 'Leave this empty'),
        h('input', { id: 'ph-f-website', name: 'website', tabIndex: -1, autoComplete: 'off' }),
      ),
      h('p', { className: 'ph-err', role: 'alert', hidden: true }),
      h('button', { type: 'submit', className: 'ph-btn' }, 'Send message'),
    ),
    rich(form.thanksHtml, 'ph-thanks', true),
  );
}

export function QrCode({ model }: { model: PageModel }): ReactNode {
  if (!model.qr) return null;
  return h(
    'section',
    { className: 'ph-card ph-qr', 'aria-labelledby': 'ph-qr-title' },
    h('h2', { id: 'ph-qr-title' }, 'Scan to open this profile'),
    h('img', { src: model.qr, alt: `QR code for ${model.name}'s profile`, width: 184, height: 184, loading: 'lazy', decoding: 'async' }),
    h('a', { href: model.qr, download: 'QRCode.png' }, icon('download'), 'Download QR code'),
  );
}

/** The card in the phone's wallet (issue #30): a link per wallet the install offers. */
export function Wallets({ model }: { model: PageModel }): ReactNode {
  if (!model.wallets.length) return null;
  return h(
    'section',
    { className: 'ph-wallets', 'aria-label': 'Keep this card in your wallet' },
    model.wallets.map((w) =>
      h(
        'a',
        {
          key: w.key,
          href: w.href,
          className: `ph-wallet ph-wallet-${w.key}`,
          'data-track-action': 'click',
          'data-track-type': 'save-to-contacts',
          'data-track-label': w.title,
        },
        icon('wallet'),
        w.title,
      ),
    ),
  );
}

export function ShareBar(): ReactNode {
  const action = (name: string, iconName: IconName, label: string) => h('button', { type: 'button', 'data-action': name, key: name }, icon(iconName), label);
  return h(
    'section',
    { className: 'ph-share', 'aria-label': 'Share this profile' },
    action('copy', 'copy', 'Copy link'),
    action('share', 'share', 'Share'),
    action('install', 'install', 'Add to home screen'),
  );
}

export function Footer({ model }: { model: PageModel }): ReactNode {
  return h(
    'footer',
    { className: 'ph-foot' },
    model.disclaimerHtml && rich(model.disclaimerHtml, 'ph-disc'),
    model.orgName && h('p', { className: 'ph-made' }, `© ${model.orgName}`),
  );
}
