/**
 * The demo documents the seed stores: default themes, Acme's template with its
 * child permissions, Jane's and Sam's own details, Bob's standalone profile.
 * Images are the SVGs under apps/web/public/demo (served on every host).
 */
import type { EditorContent, PermissionEntryInput, ProfileContentInput } from '@profilehub/shared';

export type SeedTheme = { name: string; layout: string; fontFamily: string; cssPlug: string };

/** Themes every division may use (spec §3 Theme); `layout` names the template layout, desktop ones start with `desktop`. */
export const DEFAULT_THEMES: readonly SeedTheme[] = [
  { name: 'Classic', layout: 'desktop2', fontFamily: 'Inter, sans-serif', cssPlug: '' },
  { name: 'Midnight', layout: 'desktop2', fontFamily: 'Inter, sans-serif', cssPlug: ':root { color-scheme: dark; }' },
  { name: 'Bold', layout: 'desktop2', fontFamily: 'Poppins, sans-serif', cssPlug: 'h1 { letter-spacing: -0.02em; }' },
  { name: 'Compact', layout: 'mobile1', fontFamily: 'Roboto, sans-serif', cssPlug: '' },
];

/** Acme's own theme (style editing is on for Acme). */
export const ACME_THEME: SeedTheme = { name: 'Acme Brand', layout: 'desktop2', fontFamily: 'Inter, sans-serif', cssPlug: 'h1 { letter-spacing: -0.01em; }' };

const solid = (color: string) => ({ color, css: color, mode: 'solid' as const });

/** Acme's template: a complete business card that leaves the personal details to each child. */
export function acmeTemplate(themeId: number): ProfileContentInput {
  return {
    stylingId: themeId,
    templateLayout: 'desktop2',
    fontFamily: 'Inter, sans-serif',
    titleSize: 30,
    subtitleSize: 16,
    iconStyle: 'solid',
    subscriptionType: 'enterprise',
    mainContactNumber: '+27 21 555 0100',
    whatsappNumber: '+27 82 555 0100',
    officeNumber: '+27 21 555 0101',
    emailAddress: 'hello@acme.example',
    navigateToOffice: {
      url: 'https://www.google.com/maps/search/?api=1&query=Long+Street+Cape+Town',
      street: '1 Long Street',
      city: 'Cape Town',
      postcode: '8001',
      country: 'South Africa',
    },
    logo: { url: '/demo/acme-logo.svg' },
    mobileBanner: { url: '/demo/acme-banner-mobile.svg' },
    desktopBanner: { url: '/demo/acme-banner-desktop.svg' },
    banners: [{ id: 'acme-cover', type: 'image', slider: [{ id: 'acme-cover-1', url: '/demo/acme-banner-mobile.svg' }] }],
    mainActionButton: { key: 'main-action-button', title: 'Book a meeting', url: 'https://acme.example/book', icon: 'calendar' },
    cssVariables: {
      'background-color': solid('#fff7ed'),
      'name-font-color': solid('#7c2d12'),
      'subtitle-font-color': solid('#9a3412'),
      // Button text on the orange buttons: white passes WCAG AA (5.2:1), dark text would not (3.4:1).
      'font-color': solid('#ffffff'),
      'icon-color': solid('#ffffff'),
      'main-action-button-background-color': { css: 'linear-gradient(135deg, #c2410c 0%, #7c2d12 100%)', mode: 'gradient', degree: 135 },
      'main-action-button-color': solid('#ffffff'),
      'contact-button-background-color-website': solid('#c2410c'),
      'contact-button-font-color-website': solid('#ffffff'),
    },
    links: [
      { key: 'website', title: 'Visit our website', url: 'https://acme.example', icon: 'globe', contactType: 'url', enabled: true, isFullWidthButton: true },
      {
        key: 'services',
        title: 'Our services',
        icon: 'briefcase',
        contactType: 'modal',
        enabled: true,
        description: '<p>Business insurance, fleet cover and employee benefits, tailored to companies of every size.</p>',
      },
      { key: 'save-contact', title: 'Save my details', icon: 'address-book', contactType: 'add-to-contacts', enabled: true },
      { key: 'your-buttons', title: 'Your buttons', contactType: 'placeholder', url: '#' },
    ],
    infoSections: [
      {
        key: 'about-me',
        type: 'aboutme',
        title: 'About me',
        icon: 'user',
        enabled: true,
        description: '<p>I help businesses protect what they have built. Ask me anything.</p>',
      },
      { key: 'gallery', type: 'imageGallery', title: 'Gallery', icon: 'images', enabled: true },
      { key: 'videos', type: 'videoGallery', title: 'Videos', icon: 'video', enabled: true },
      { key: 'reviews', type: 'testimonials', title: 'What clients say', icon: 'star', enabled: true },
      {
        key: 'about-acme',
        type: 'text',
        title: 'About Acme',
        icon: 'building',
        enabled: true,
        description: '<p>Acme has looked after South African businesses since 1952. <strong>Three offices, one promise:</strong> we answer the phone.</p>',
      },
      { key: 'your-sections', type: 'placeholder', title: 'Your sections' },
    ],
    imageGallery: [
      { key: 'showroom', url: '/demo/acme-gallery-1.svg', title: 'Our showroom', type: 'image', enabled: true, sectionKey: 'gallery' },
      { key: 'workshop', url: '/demo/acme-gallery-2.svg', title: 'The workshop', type: 'image', enabled: true, sectionKey: 'gallery' },
      {
        key: 'team-day',
        url: '/demo/acme-gallery-3.svg',
        title: 'Team day',
        link: 'https://acme.example/careers',
        type: 'image',
        enabled: true,
        sectionKey: 'gallery',
      },
    ],
    videoGallery: [
      { key: 'meet-acme', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'Meet Acme', type: 'youtube', enabled: true, sectionKey: 'videos' },
    ],
    testimonials: [
      {
        key: 'review-1',
        title: 'Claim paid in a week',
        review: 'When our delivery van was stolen, Acme had us back on the road in days.',
        author: 'Thandi M.',
        date: '2025-02-14',
        rating: 5,
        type: 'testimonial',
      },
      {
        key: 'review-2',
        title: 'Clear advice',
        review: 'Straight answers and no jargon. Our staff benefits finally make sense.',
        author: 'Pieter V.',
        date: '2024-11-03',
        rating: 4.5,
        type: 'testimonial',
      },
    ],
    socialLinks: [
      { key: 'linkedin', title: 'LinkedIn', url: 'https://www.linkedin.com/company/acme-demo', enabled: true },
      { key: 'facebook', title: 'Facebook', url: 'https://www.facebook.com/acme-demo', enabled: true },
      { key: 'instagram', title: 'Instagram', url: 'https://www.instagram.com/acme-demo', enabled: true },
      { key: 'x', title: 'X', url: 'https://x.com/acme-demo', enabled: true },
    ],
    contactForm: {
      enabled: true,
      formId: 'Acme Lead Form-1735689600000',
      sendToMail: 'supervisor@acme.example',
      sendToMailCC: 'jane@acme.example',
      thankYouMessage: '<p>Thank you! We will be in touch within one working day.</p>',
    },
    profileDisclaimer: '<p>Acme (Pty) Ltd is an authorised financial services provider (FSP 00000). Terms apply.</p>',
    referral_message: "I take care of what you value most, let's connect",
    qrCodeData: {
      colorOptions: { dots: solid('#7c2d12'), cornerSquares: solid('#c2410c'), cornerDots: solid('#c2410c') },
      dotType: 'rounded',
      cornerSquareType: 'extra-rounded',
      cornerDotType: 'dot',
    },
  };
}

/** What Acme's children may see, change and leave empty. */
export const ACME_CHILD_PERMISSIONS: PermissionEntryInput[] = [
  { key: 'cssVariables', edit: false },
  { key: 'logo', edit: false },
  { key: 'mobileBanner', edit: false },
  { key: 'desktopBanner', edit: false },
  { key: 'banners', edit: false },
  { key: 'website', edit: false },
  { key: 'about-acme', edit: false },
  { key: 'profileDisclaimer', show: false },
  { key: 'subscriptionType', show: false },
  { key: 'limits', show: false },
  { key: 'officeNumber', optional: true },
  { key: 'whatsappNumber', optional: true },
];

/** Jane's edits in the editor, applied to her view of the template. */
export function janeEdits(view: EditorContent): EditorContent {
  return {
    ...view,
    firstName: 'Jane',
    lastName: 'Doe',
    fullName: 'Jane Doe',
    jobTitle: 'Head of Sales',
    profilePhoto: { url: '/demo/jane-doe.svg' },
    mainContactNumber: '+27 82 555 0101',
    whatsappNumber: '+27 82 555 0101',
    emailAddress: 'jane@acme.example',
    infoSections: (view.infoSections ?? []).map((s) =>
      s.key === 'about-me'
        ? { ...s, description: '<p>Fifteen years of helping small businesses find cover that fits. I reply to every message the same day.</p>' }
        : s,
    ),
    socialLinks: (view.socialLinks ?? []).map((l) => (l.key === 'linkedin' ? { ...l, url: 'https://www.linkedin.com/in/jane-doe-demo' } : l)),
    links: [
      ...(view.links ?? []),
      { key: 'jane-calendar', title: 'Book time with me', url: 'https://acme.example/jane', icon: 'calendar-check', contactType: 'url', enabled: true },
    ],
  };
}

/** Leo, Acme's account manager: published with these details. */
export function leoEdits(view: EditorContent): EditorContent {
  return {
    ...view,
    firstName: 'Leo',
    lastName: 'Lane',
    fullName: 'Leo Lane',
    jobTitle: 'Account Manager',
    profilePhoto: { url: '/demo/leo-lane.svg' },
    mainContactNumber: '+27 82 555 0202',
    whatsappNumber: '+27 82 555 0202',
    emailAddress: 'leo@acme.example',
  };
}

/** …then edited since, and waiting for a supervisor's approval (the demo's Approvals queue). */
export function leoPendingEdits(view: EditorContent): EditorContent {
  const published = leoEdits(view);
  return {
    ...published,
    jobTitle: 'Senior Account Manager',
    infoSections: (published.infoSections ?? []).map((s) =>
      s.key === 'about-me'
        ? { ...s, description: '<p>I look after <strong>forty</strong> of our business clients. Ask me about moving your whole team onto one policy.</p>' }
        : s,
    ),
    links: [
      ...(published.links ?? []),
      { key: 'leo-quote', title: 'Get a team quote', url: 'https://acme.example/leo/quote', icon: 'calendar-check', contactType: 'url', enabled: true },
    ],
  };
}

/** Sam, Acme's supervisor: a profile started but not finished (not published). */
export function samEdits(view: EditorContent): EditorContent {
  return { ...view, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super', jobTitle: 'Sales Manager' };
}

/** Bob's standalone profile in Globex (no template): complete, left unpublished. */
export function bobProfile(themeId: number): ProfileContentInput {
  return {
    stylingId: themeId,
    templateLayout: 'desktop2',
    firstName: 'Bob',
    lastName: 'Smith',
    fullName: 'Bob Smith',
    jobTitle: 'Field Engineer',
    profilePhoto: { url: '/demo/bob-smith.svg' },
    mainContactNumber: '+1 555 0100 200',
    whatsappNumber: '+1 555 0100 200',
    officeNumber: '+1 555 0100 000',
    emailAddress: 'bob@globex.example',
    logo: { url: '/demo/globex-logo.svg' },
    mobileBanner: { url: '/demo/globex-banner-mobile.svg' },
    desktopBanner: { url: '/demo/globex-banner-desktop.svg' },
    mainActionButton: { key: 'main-action-button', title: 'Request a site visit', url: 'https://globex.example/visit', icon: 'wrench' },
    cssVariables: {
      'background-color': solid('#f0f9ff'),
      'name-font-color': solid('#0c4a6e'),
      'font-color': solid('#0f172a'),
      'icon-color': solid('#ffffff'),
      'main-action-button-background-color': solid('#0369a1'),
      'main-action-button-color': solid('#ffffff'),
    },
    links: [
      { key: 'globex', title: 'Globex Corporation', url: 'https://globex.example', icon: 'globe', contactType: 'url', enabled: true },
      { key: 'save-contact', title: 'Save my details', icon: 'address-book', contactType: 'add-to-contacts', enabled: true },
    ],
    infoSections: [{ key: 'about-me', type: 'aboutme', title: 'About me', enabled: true, description: '<p>I keep Globex plants running, day and night.</p>' }],
    socialLinks: [{ key: 'linkedin', title: 'LinkedIn', url: 'https://www.linkedin.com/in/bob-smith-demo', enabled: true }],
  };
}
