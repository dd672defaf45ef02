/**
 * From the render input to a page model: every value the components show,
 * already validated, sanitised and decided (what is visible, which link is safe,
 * which icon, which colours). Pure and browser-safe; the components only lay it out.
 */
import {
  contactButtonColorKeys,
  displayName,
  formatAddress,
  type InteractionAction,
  type InteractionType,
  isDesktopLayout,
  isExpired,
  isShownAt,
  leadFormFields,
  normalizeSocialUrl,
  ratingIsValid,
  SOCIAL_NETWORK_TITLES,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  sectionItems,
  testimonialDate,
  truncateText,
  youtubeId,
} from '@profilehub/shared';
import { solidColour } from './css/colour.ts';
import { type ButtonColour, DEFAULT_BRAND, pageCss } from './css/page-css.ts';
import { isAllowedCssUrl } from './css/sanitize.ts';
import { ICONS, type IconName, iconByName } from './icons.ts';
import { nameParts } from './names.ts';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';
import { absoluteUrl, imageSrc, mailtoHref, mapsHref, ownUrl, phoneText, safeEmail, safeHref, safeNonce, telHref, whatsappHref } from './safe.ts';
import type { PageContent, RenderInput } from './types.ts';

export type Track = { action: InteractionAction; type: InteractionType; label?: string | undefined; value?: string | undefined };
export type IconRef = { name: IconName } | { src: string };

export type ContactItem = {
  key: string;
  label: string;
  value: string;
  href: string;
  icon: IconName;
  colourClass?: string | undefined;
  external: boolean;
  track: Track;
};
type ButtonBase = { key: string; title: string; icon?: IconRef | undefined; colourClass?: string | undefined; full: boolean; className?: string | undefined };
export type LinkButton = ButtonBase & { kind: 'link'; href: string; track: Track };
type PopupButton = ButtonBase & { kind: 'popup'; html: string };
export type ButtonItem = LinkButton | PopupButton;
type SocialItem = { key: SocialNetwork; title: string; href: string; track: Track };
export type ImageItem = { key: string; src: string; title: string; href: string; linked: boolean; expiresAt?: string | undefined; track: Track };
export type VideoItem = { key: string; id: string; title: string; thumb: string; watchUrl: string };
export type TestimonialItem = { key: string; title: string; review: string; author: string; date: string; dateIso: string; rating?: number | undefined };
export type SectionItem = {
  key: string;
  domId: string;
  kind: 'text' | 'aboutme' | 'imageGallery' | 'videoGallery' | 'testimonials';
  title: string;
  icon?: IconRef | undefined;
  html: string;
  video?: VideoItem | undefined;
  images: ImageItem[];
  videos: VideoItem[];
  testimonials: TestimonialItem[];
};
type LeadField = { name: string; label: string; type: 'text' | 'email' | 'tel' | 'textarea'; required: boolean; autoComplete: string };
type LeadFormModel = { formId: string; action: string; fields: LeadField[]; thanksHtml: string };
type HeroSlide = { kind: 'image' | 'video'; src: string };

export type PageModel = {
  lang: string;
  layout: 'desktop' | 'mobile';
  iconStyle: string;
  profileId: number;
  name: string;
  firstName: string;
  /** Given and family name for `profile:first_name` / `profile:last_name` ({@link nameParts}). */
  nameParts: { first: string; last: string };
  jobTitle: string;
  orgName: string;
  docTitle: string;
  description: string;
  indexable: boolean;
  photo?: string | undefined;
  /** The iOS home-screen icon: a PNG or JPEG, never an SVG (iOS ignores one). */
  touchIcon?: string | undefined;
  initials: string;
  logo?: { src: string; alt: string } | undefined;
  hero: { slides: HeroSlide[]; mobile?: string | undefined; desktop?: string | undefined };
  contacts: ContactItem[];
  cta?: LinkButton | undefined;
  save: { href: string; title: string } | undefined;
  /** "Add to Apple Wallet" and "Save to Google Wallet" (issue #30), each only when the install offers it. */
  wallets: { key: 'apple' | 'google'; href: string; title: string }[];
  /** "Share my details" (issue #29): the form's API and its module, loaded when opened. */
  exchange?: { api: string; script: string } | undefined;
  buttons: ButtonItem[];
  socials: SocialItem[];
  sections: SectionItem[];
  leadForm?: LeadFormModel | undefined;
  qr?: string | undefined;
  disclaimerHtml: string;
  themeColor: string;
  shareText: string;
  urls: {
    page?: string | undefined;
    events?: string | undefined;
    manifest?: string | undefined;
    serviceWorker?: string | undefined;
    serviceWorkerScope?: string | undefined;
  };
  /** `image` is a PNG or JPEG (previews show no SVG); `imageSize` its side when known (the page server's square icon). */
  og: { image?: string | undefined; imageSize?: number | undefined; url?: string | undefined };
  nonce?: string | undefined;
  css: string;
  icons: IconName[];
};

/** The side of the page server's link-preview image (`RenderInput.urls.shareImageUrl`). */
const SHARE_IMAGE_SIZE = 512;
const str = (value: unknown, max = 500): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const enabled = (item: { enabled?: boolean | undefined } | null | undefined) => item?.enabled !== false;
const VIDEO_FILE = /\.(mp4|mov|m4v|webm)(?:[?#]|$)/i;

/** The icon for an icon-picker value or uploaded icon image; `fallback` when the value names nothing we know. */
function resolveIcon(value: unknown, fallback: IconName | undefined, assetBase?: string): IconRef | undefined {
  const v = str(value, 2048);
  if (/^(https:\/\/|\/)/i.test(v)) {
    const src = imageSrc(v, assetBase);
    if (src) return { src };
  }
  const name = iconByName(v);
  if (name) return { name };
  return fallback ? { name: fallback } : undefined;
}

function youtubeItem(key: string, url: unknown, title: string): VideoItem | undefined {
  const id = youtubeId(str(url, 2048));
  if (!id) return undefined;
  return { key, id, title, thumb: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, watchUrl: `https://www.youtube.com/watch?v=${id}` };
}

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** Builds the page model (see the module comment). */
export function buildPageModel(input: RenderInput): PageModel {
  const c: PageContent = input.content ?? {};
  const company = input.company ?? { name: '', subdomain: '' };
  const assetBase = input.urls?.assetBase;
  const now = input.now ?? Date.now();
  const img = (url: unknown) => imageSrc(url, assetBase);
  const vars = c.cssVariables ?? {};
  const buttonColours: ButtonColour[] = [];
  /** The colour class of a button whose key has per-button colours in cssVariables. */
  const colourClass = (key: string): string | undefined => {
    const keys = contactButtonColorKeys(key);
    const background = Object.hasOwn(vars, keys.background) ? vars[keys.background] : undefined;
    const font = Object.hasOwn(vars, keys.font) ? vars[keys.font] : undefined;
    if (!background && !font) return undefined;
    const className = `ph-k${buttonColours.length}`;
    buttonColours.push({ className, background: background?.css || background?.color, font: font?.css || font?.color });
    return className;
  };

  const orgName = str(company.title) || str(company.name);
  const name = displayName({ fullName: str(c.fullName, 200), firstName: str(c.firstName, 100), lastName: str(c.lastName, 100) }) || orgName || 'Profile';
  const firstName = str(c.firstName) || name.split(/\s+/)[0] || name;
  const jobTitle = str(c.jobTitle, 150);
  const layoutName = str(c.templateLayout) || str(input.theme?.layout) || undefined;
  const layout = isDesktopLayout(layoutName) ? 'desktop' : 'mobile';
  const iconStyle = ['light', 'regular', 'solid', 'duotone'].includes(str(c.iconStyle)) ? str(c.iconStyle) : 'regular';
  const pageUrl = ownUrl(input.urls?.pageUrl);

  // ── Contacts (spec §3 contact keys) ──
  const contacts: ContactItem[] = [];
  const addContact = (key: string, label: string, value: string, href: string | undefined, icon: IconName, type: InteractionType, external = false) => {
    if (!href) return;
    contacts.push({ key, label, value, href, icon, colourClass: colourClass(key), external, track: { action: 'click', type, label, value: href } });
  };
  addContact('mobile', 'Call', phoneText(c.mainContactNumber), telHref(c.mainContactNumber), 'phone', 'phone');
  addContact('whatsapp', 'WhatsApp', phoneText(c.whatsappNumber), whatsappHref(c.whatsappNumber), 'whatsapp', 'whatsapp', true);
  addContact('email', 'Email', safeEmail(c.emailAddress), mailtoHref(c.emailAddress), 'mail', 'email');
  addContact('navigate-to-office', 'Directions', str(formatAddress(c.navigateToOffice), 300), mapsHref(c.navigateToOffice), 'map-pin', 'url', true);
  addContact('office', 'Office', phoneText(c.officeNumber), telHref(c.officeNumber), 'building', 'phone');

  // ── Call to action, buttons ──
  const mab = c.mainActionButton;
  const ctaHref = safeHref(mab?.url);
  const ctaTitle = str(mab?.title, 100);
  const cta: LinkButton | undefined =
    ctaHref && ctaTitle
      ? {
          kind: 'link',
          key: 'main-action-button',
          title: ctaTitle,
          href: ctaHref,
          icon: resolveIcon(mab?.icon, 'arrow', assetBase),
          full: true,
          track: { action: 'click', type: 'url', label: ctaTitle, value: ctaHref },
        }
      : undefined;

  const vcardUrl = ownUrl(input.urls?.vcardUrl);
  let saveTitle = 'Save contact';
  const buttons: ButtonItem[] = [];
  for (const link of c.links ?? []) {
    // Switched off, or outside its window at render time (issue #30): the page leaves it out.
    if (!link || !isShownAt(link, now)) continue;
    const key = str(link.key, 64);
    const title = str(link.title, 100);
    const type = link.contactType ?? (link.url ? 'url' : 'modal');
    const className =
      str(link.class, 100)
        .replace(/[^A-Za-z0-9 _-]/g, '')
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 5)
        .join(' ') || undefined;
    const base = { key, title, full: link.isFullWidthButton === true, className };
    if (type === 'add-to-contacts') {
      if (title) saveTitle = title;
      continue;
    }
    if (type === 'url') {
      const href = safeHref(link.url);
      if (!href || !title) continue;
      const whatsapp = /^https:\/\/(wa\.me|api\.whatsapp\.com)\//i.test(href);
      buttons.push({
        ...base,
        kind: 'link',
        href,
        icon: resolveIcon(link.icon, whatsapp ? 'whatsapp' : 'link', assetBase),
        colourClass: colourClass(key),
        track: { action: 'click', type: whatsapp ? 'whatsapp' : 'url', label: title, value: href },
      });
    } else if (type === 'modal') {
      const html = sanitizeRichText(link.description, assetBase);
      if (!html || !title) continue;
      buttons.push({ ...base, kind: 'popup', html, icon: resolveIcon(link.icon, 'info', assetBase), colourClass: colourClass(key) });
    }
  }
  const save = vcardUrl ? { href: vcardUrl, title: saveTitle } : undefined;
  const wallets: PageModel['wallets'] = [];
  const applePass = ownUrl(input.urls?.applePassUrl);
  if (applePass) wallets.push({ key: 'apple', href: applePass, title: 'Add to Apple Wallet' });
  const googleWallet = ownUrl(input.urls?.googleWalletUrl);
  if (googleWallet) wallets.push({ key: 'google', href: googleWallet, title: 'Save to Google Wallet' });
  const exchangeApi = ownUrl(input.urls?.exchangeUrl);
  const exchangeScript = ownUrl(input.urls?.exchangeScriptUrl);

  // ── Social links: each network once, https only ──
  const socials: SocialItem[] = [];
  const seenNetworks = new Set<string>();
  for (const link of c.socialLinks ?? []) {
    const key = link?.key as SocialNetwork;
    if (!link || !isShownAt(link, now) || !SOCIAL_NETWORKS.includes(key) || seenNetworks.has(key)) continue;
    const href = safeHref(normalizeSocialUrl(str(link.url, 2048)));
    if (!href) continue;
    seenNetworks.add(key);
    const title = SOCIAL_NETWORK_TITLES[key];
    socials.push({ key, title, href, track: { action: 'click', type: 'socialmedia', label: title, value: href } });
  }

  // ── Info sections, in order ──
  const allSections = (c.infoSections ?? []).filter((s) => s && typeof s.key === 'string' && typeof s.type === 'string');
  const sections: SectionItem[] = [];
  allSections.forEach((section, index) => {
    if (!enabled(section) || section.type === 'placeholder') return;
    const base: SectionItem = {
      key: section.key,
      domId: `ph-s${index}`,
      kind: section.type as SectionItem['kind'],
      title: str(section.title, 150),
      icon: undefined,
      html: '',
      images: [],
      videos: [],
      testimonials: [],
    };
    const defaults: Record<SectionItem['kind'], [string, IconName]> = {
      text: ['Information', 'file'],
      aboutme: ['About me', 'user'],
      imageGallery: ['Gallery', 'image'],
      videoGallery: ['Videos', 'video'],
      testimonials: ['Testimonials', 'star'],
    };
    const [defaultTitle, defaultIcon] = defaults[base.kind] ?? ['', 'info'];
    if (!defaultTitle) return;
    base.title ||= defaultTitle;
    base.icon = resolveIcon(section.icon, defaultIcon, assetBase);
    if (base.kind === 'text' || base.kind === 'aboutme') {
      base.html = sanitizeRichText(section.description, assetBase);
      if (base.kind === 'aboutme' && c.aboutMeVideoEnabled) base.video = youtubeItem(`${section.key}-video`, c.aboutMeVideo, `${name}: about me`);
      if (!base.html && !base.video) return;
    } else if (base.kind === 'imageGallery') {
      for (const item of sectionItems(section, allSections, c.imageGallery ?? [])) {
        if (!enabled(item) || item.expired === true || isExpired(item, now)) continue;
        const src = img(item.url);
        if (!src) continue;
        const title = str(item.title, 150);
        const link = safeHref(item.link);
        const expiresAt = item.expireAt && Number.isFinite(Date.parse(item.expireAt)) ? new Date(Date.parse(item.expireAt)).toISOString() : undefined;
        base.images.push({
          key: item.key,
          src,
          title,
          href: link ?? src,
          linked: Boolean(link),
          expiresAt,
          track: link
            ? { action: 'click', type: 'url', label: title || 'Gallery link', value: link }
            : { action: 'view-media', type: 'image', label: title || 'Image', value: src },
        });
      }
      if (!base.images.length) return;
    } else if (base.kind === 'videoGallery') {
      for (const item of sectionItems(section, allSections, c.videoGallery ?? [])) {
        if (!enabled(item)) continue;
        const video = youtubeItem(item.key, item.url, str(item.title, 150) || 'Video');
        if (video) base.videos.push(video);
      }
      if (!base.videos.length) return;
    } else if (base.kind === 'testimonials') {
      for (const t of c.testimonials ?? []) {
        if (!t || !enabled(t)) continue;
        const review = str(t.review, 5000);
        const title = str(t.title, 150);
        if (!review && !title) continue;
        const date = testimonialDate(str(t.date, 40));
        base.testimonials.push({
          key: t.key,
          title,
          review,
          author: str(t.author, 100),
          date,
          dateIso: date ? str(t.date, 10) : '',
          rating: ratingIsValid(t.rating) ? t.rating : undefined,
        });
      }
      if (!base.testimonials.length) return;
    } else return;
    sections.push(base);
  });

  // ── Lead form ──
  const form = c.contactForm;
  const leadAction = ownUrl(input.urls?.leadFormUrl);
  const LABELS: Record<string, [string, string]> = {
    name: ['Name', 'name'],
    email: ['Email', 'email'],
    mobile: ['Mobile number', 'tel'],
    message: ['Message', 'off'],
  };
  const stored = input.leadForm;
  const FIELD_TYPES: readonly string[] = ['text', 'email', 'tel', 'textarea'];
  const leadForm: LeadFormModel | undefined =
    form?.enabled === true && leadAction
      ? {
          formId: str(stored?.formId ?? form.formId, 200),
          action: leadAction,
          thanksHtml: sanitizeRichText(stored?.thankYouMessage || form.thankYouMessage, assetBase) || '<p>Thank you! Your message has been sent.</p>',
          fields: (stored?.fields ?? leadFormFields(form))
            // The page sends name, email, mobile and message (the submit route's fields).
            .filter((f) => f.enabled && Object.hasOwn(LABELS, f.field_name))
            .map((f) => ({
              name: f.field_name,
              label: (stored ? str(f.label, 100) : '') || (LABELS[f.field_name]?.[0] ?? f.field_name),
              type: (FIELD_TYPES.includes(f.type) ? f.type : 'text') as LeadField['type'],
              required: f.required === true,
              autoComplete: LABELS[f.field_name]?.[1] ?? 'off',
            })),
        }
      : undefined;

  // ── Branding, hero, meta ──
  const photo = img(c.profilePhoto?.url);
  const logoSrc = img(c.logo?.url) ?? img(company.logoUrl);
  // Link previews and home screens take a raster only: the page server's square PNGs, else a photo or logo whose address names one.
  const raster = (src: string | undefined) => (src && /\.(?:png|jpe?g)$/i.test(src.split(/[?#]/)[0] ?? '') ? src : undefined);
  const shareImage = ownUrl(input.urls?.shareImageUrl);
  const slides: HeroSlide[] = [];
  for (const banner of c.banners ?? []) {
    for (const slide of banner?.slider ?? []) {
      const src = img(slide?.url);
      if (!src || slides.length >= 10) continue;
      slides.push({ kind: banner.type === 'video' || VIDEO_FILE.test(src) ? 'video' : 'image', src });
    }
  }
  const background = img(c.banner?.url);
  const backgroundImage = background && isAllowedCssUrl(background) ? background : undefined;
  const aboutText = richTextToPlain(allSections.find((s) => s.type === 'aboutme' && enabled(s))?.description);
  const description = truncateText(
    [jobTitle && `${jobTitle}${orgName ? ` at ${orgName}` : ''}`, aboutText].filter(Boolean).join('. ') || `${name}'s digital business card`,
    157,
  );
  const brand = solidColour(company.brandColor) ?? DEFAULT_BRAND;

  const css = pageCss({
    brandColor: company.brandColor,
    cssVariables: vars,
    buttonColours,
    fontFamily: str(c.fontFamily, 100) || str(input.theme?.fontFamily, 100),
    titleSize: c.titleSize,
    subtitleSize: c.subtitleSize,
    backgroundImage,
    themeCss: input.theme?.cssPlug,
    companyCss: company.css,
    profileCss: c.cssPlug,
  });

  const model: PageModel = {
    lang: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(str(input.lang)) ? str(input.lang) : 'en',
    layout,
    iconStyle,
    profileId: Number.isSafeInteger(input.profile?.id) && input.profile.id > 0 ? input.profile.id : 0,
    name,
    firstName,
    nameParts: nameParts(c),
    jobTitle,
    orgName,
    docTitle: jobTitle ? `${name} — ${jobTitle}` : name,
    description,
    indexable: input.indexable !== false,
    photo,
    touchIcon: ownUrl(input.urls?.touchIconUrl) ?? raster(photo),
    initials: initialsOf(name),
    logo: logoSrc ? { src: logoSrc, alt: orgName ? `${orgName} logo` : 'Logo' } : undefined,
    hero: { slides, mobile: img(c.mobileBanner?.url), desktop: img(c.desktopBanner?.url) },
    contacts,
    cta,
    save,
    wallets,
    exchange: exchangeApi && exchangeScript ? { api: exchangeApi, script: exchangeScript } : undefined,
    buttons,
    socials,
    sections,
    leadForm,
    qr: ownUrl(input.urls?.qrCodeUrl) ?? img(input.urls?.qrCodeUrl),
    disclaimerHtml: sanitizeRichText(c.profileDisclaimer, assetBase),
    themeColor: brand,
    shareText: str(c.referral_message, 500),
    urls: {
      page: pageUrl,
      events: ownUrl(input.urls?.eventsUrl),
      manifest: ownUrl(input.urls?.manifestUrl),
      serviceWorker: ownUrl(input.urls?.serviceWorkerUrl),
      serviceWorkerScope: ownUrl(input.urls?.serviceWorkerScope),
    },
    og: {
      url: pageUrl,
      image: pageUrl ? absoluteUrl(shareImage ?? raster(photo) ?? raster(logoSrc), pageUrl) : undefined,
      imageSize: shareImage ? SHARE_IMAGE_SIZE : undefined,
    },
    nonce: safeNonce(input.nonce),
    css,
    icons: [],
  };
  model.icons = usedIcons(model);
  return model;
}

/** Icons every page uses, whatever its content. */
const UI_ICONS: readonly IconName[] = ['user-plus', 'chevron', 'copy', 'share', 'install'];

/** The icons a page references, so only those are emitted. */
function usedIcons(model: PageModel): IconName[] {
  const names = new Set<IconName>(UI_ICONS);
  const add = (ref: IconRef | undefined) => {
    if (ref && 'name' in ref) names.add(ref.name);
  };
  for (const contact of model.contacts) names.add(contact.icon);
  add(model.cta?.icon);
  for (const button of model.buttons) add(button.icon);
  for (const social of model.socials) names.add(social.key);
  for (const section of model.sections) {
    add(section.icon);
    if (section.video || section.videos.length) names.add('play');
    if (section.testimonials.some((t) => t.rating !== undefined)) for (const star of ['star', 'star-half'] as const) names.add(star);
  }
  if (model.qr) names.add('download');
  if (model.wallets.length) names.add('wallet');
  if (model.exchange) names.add('message');
  return [...names].filter((n) => Object.hasOwn(ICONS, n));
}
