/** Profiles with one payload in every text, link, rich-text and CSS field (tests only). */
import { SOCIAL_NETWORKS } from '@profilehub/shared';
import type { PageContent, RenderInput } from '../types.ts';
import { sampleInput } from './sample-input.ts';

function poisonedContent(p: string, layout = 'desktop2'): PageContent {
  const colour = { color: p, css: p, mode: 'solid' as const };
  const image = { url: p, og: p, id: 1 };
  const linkKeys = ['l1', 'l2', 'l3', 'l4'];
  const cssVariables: Record<string, typeof colour> = {};
  for (const key of [
    'background-color',
    'name-font-color',
    'subtitle-font-color',
    'font-color',
    'icon-color',
    'main-action-button-background-color',
    'main-action-button-color',
    ...['mobile', 'whatsapp', 'email', 'office', 'navigate-to-office', ...linkKeys].flatMap((k) => [
      `contact-button-font-color-${k}`,
      `contact-button-background-color-${k}`,
    ]),
  ])
    cssVariables[key] = colour;
  return {
    firstName: p,
    lastName: p,
    fullName: p,
    titleSize: 28,
    subtitleSize: 16,
    jobTitle: p,
    profilePhoto: image,
    mainContactNumber: p,
    whatsappNumber: p,
    officeNumber: p,
    emailAddress: p,
    navigateToOffice: { url: p, street: p, city: p, region: p, postcode: p, country: p },
    mainActionButton: { title: p, url: p, key: 'main-action-button', icon: p },
    fontFamily: p,
    cssPlug: p,
    logo: image,
    banner: image,
    mobileBanner: image,
    desktopBanner: image,
    banners: [
      { id: 1, type: 'image', slider: [{ url: p }, { url: `${p}.mp4` }] },
      { id: 2, type: 'video', slider: [{ url: p }] },
    ],
    profileDisclaimer: p,
    consentText: p,
    referral_message: p,
    aboutMeVideo: p,
    aboutMeVideoEnabled: true,
    links: [
      { key: 'l1', title: p, url: p, icon: p, contactType: 'url', class: p, isFullWidthButton: true },
      { key: 'l2', title: p, description: p, icon: p, contactType: 'modal' },
      { key: 'l3', title: p, contactType: 'add-to-contacts' },
      { key: 'l4', title: p, url: p, icon: p, description: p },
    ],
    infoSections: [
      { key: 's1', type: 'aboutme', title: p, icon: p, description: p },
      { key: 's2', type: 'text', title: p, icon: p, description: p },
      { key: 's3', type: 'imageGallery', title: p, icon: p, description: p },
      { key: 's4', type: 'videoGallery', title: p, icon: p },
      { key: 's5', type: 'testimonials', title: p, icon: p },
    ],
    imageGallery: [
      { key: 'g1', url: p, title: p, link: p, type: 'image' },
      { key: 'g2', url: '/uploads/ok.jpg', title: p, link: p, type: 'promotion', expireAt: p },
      { key: 'g3', url: 'https://cdn.example/ok.jpg', title: p, link: 'https://ok.example/', sectionKey: 's3' },
    ],
    videoGallery: [
      { key: 'v1', url: p, title: p, type: 'youtube' },
      { key: 'v2', url: 'https://youtu.be/dQw4w9WgXcQ', title: p, type: 'youtube' },
    ],
    testimonials: [{ key: 't1', title: p, review: p, author: p, date: p, rating: 4.5, type: p }],
    socialLinks: SOCIAL_NETWORKS.map((key) => ({ key, title: p, url: p, icon: p })),
    contactForm: {
      enabled: true,
      formId: p,
      thankYouMessage: p,
      sendToMail: p,
      sendToMailCC: p,
      name: { required: true, enabled: true },
      emailAddress: { required: true, enabled: true },
      mobile: { required: false, enabled: true },
      message: { required: true, enabled: true },
    },
    cssVariables,
    templateLayout: layout,
    iconStyle: 'regular',
  };
}

export function poisonedInput(p: string, layout?: string): RenderInput {
  const base = sampleInput(poisonedContent(p, layout));
  return {
    ...base,
    company: { name: p, title: p, subdomain: p, logoUrl: p, css: p, brandColor: p },
    theme: { cssPlug: p, layout: p, fontFamily: p },
  };
}
