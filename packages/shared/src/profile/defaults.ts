/**
 * The profile document's defaults, typed by content.ts and valued by constants.ts
 * (which stays free of zod and of the document's type, so neither imports the other).
 * Also where the constants' field lists are checked against the document's fields.
 */
import {
  ADMIN_ONLY_FIELDS,
  DEFAULT_CONTACT_FORM_FIELDS,
  DEFAULT_ICON_STYLE,
  DEFAULT_SUBSCRIPTION_TYPE,
  DEFAULT_TEMPLATE_LAYOUT,
  PROFILE_CONTENT_FIELDS,
  QR_CODE,
} from './constants.ts';
import type { ProfileContent, QrStyle } from './content.ts';

// Every name in these lists is a field of the document.
PROFILE_CONTENT_FIELDS satisfies readonly (keyof ProfileContent)[];
ADMIN_ONLY_FIELDS satisfies readonly (keyof ProfileContent)[];

/** Spec §9: black squares unless the profile says otherwise. */
export const DEFAULT_QR_STYLE = {
  colorOptions: {
    dots: { color: QR_CODE.defaultColor, mode: 'solid' },
    cornerSquares: { color: QR_CODE.defaultColor, mode: 'solid' },
    cornerDots: { color: QR_CODE.defaultColor, mode: 'solid' },
  },
  dotType: 'square',
  cornerSquareType: 'square',
  cornerDotType: 'square',
} as const satisfies QrStyle;

/**
 * A fresh empty profile with the spec's defaults — what `ProfileContentSchema.parse({})`
 * returns (a test keeps the two equal): layout `desktop2`, icon style `regular`,
 * subscription `lite`, no items, contact form disabled with name, email and message required.
 */
export function profileContentDefaults(): ProfileContent {
  return {
    links: [],
    infoSections: [],
    imageGallery: [],
    videoGallery: [],
    testimonials: [],
    socialLinks: [],
    contactForm: {
      enabled: false,
      name: { ...DEFAULT_CONTACT_FORM_FIELDS.name },
      emailAddress: { ...DEFAULT_CONTACT_FORM_FIELDS.emailAddress },
      mobile: { ...DEFAULT_CONTACT_FORM_FIELDS.mobile },
      message: { ...DEFAULT_CONTACT_FORM_FIELDS.message },
    },
    cssVariables: {},
    templateLayout: DEFAULT_TEMPLATE_LAYOUT,
    iconStyle: DEFAULT_ICON_STYLE,
    subscriptionType: DEFAULT_SUBSCRIPTION_TYPE,
    enableConsent: false,
    aboutMeVideoEnabled: false,
    variableChangeRecords: [],
  };
}
