/**
 * Constants of the profile document: the choices of spec §3 and the limits of
 * spec §9, plus the bounds that keep a stored document small (DoS-safe).
 * No zod here, so rules and renderers that need only these stay light.
 */
/** Spec §3 Social link: the 17 choices, each allowed once per profile. The key is the social link's `key`. */
export const SOCIAL_NETWORKS = [
  'facebook',
  'youtube',
  'x',
  'instagram',
  'linkedin',
  'snapchat',
  'tumblr',
  'pinterest',
  'reddit',
  'tiktok',
  'flickr',
  'spotify',
  'soundcloud',
  'buzzsprout',
  'vimeo',
  'clubhouse',
  'threads',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The name a person sees for each social network (spec §3, spelled as there). */
export const SOCIAL_NETWORK_TITLES: Readonly<Record<SocialNetwork, string>> = {
  facebook: 'Facebook',
  youtube: 'Youtube',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  snapchat: 'Snapchat',
  tumblr: 'Tumblr',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  tiktok: 'TikTok',
  flickr: 'Flickr',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  buzzsprout: 'Buzzsprout',
  vimeo: 'Vimeo',
  clubhouse: 'Clubhouse',
  threads: 'Threads',
};

/** Spec §9: icon styles; `regular` is the default. */
export const ICON_STYLES = ['light', 'regular', 'solid', 'duotone'] as const;
export type IconStyle = (typeof ICON_STYLES)[number];
export const DEFAULT_ICON_STYLE: IconStyle = 'regular';

/** Spec §3 Info section types (drop-down sections). `text` is the editor's "Multimedia". */
export const SECTION_TYPES = ['text', 'aboutme', 'imageGallery', 'videoGallery', 'testimonials', 'placeholder'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
/** Section types a profile may have at most once (spec §2: About me, Testimonial, Placeholder). */
export const SINGLE_SECTION_TYPES: readonly SectionType[] = ['aboutme', 'testimonials', 'placeholder'];

/** Spec §3 Link contact types: link button, pop-up button, add to contacts, placeholder (master only, once). */
export const LINK_CONTACT_TYPES = ['url', 'modal', 'add-to-contacts', 'placeholder'] as const;
export type LinkContactType = (typeof LINK_CONTACT_TYPES)[number];

/** Spec §3: contact keys the product knows (contact buttons and the call to action). */
export const CONTACT_KEYS = ['email', 'mobile', 'whatsapp', 'office', 'navigate-to-office', 'main-action-button'] as const;
export type ContactKey = (typeof CONTACT_KEYS)[number];

/** Where an item came from in a child profile (spec §3 `source`). */
export const ITEM_SOURCES = ['master', 'self'] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

/** Spec §3 cssVariables: the fixed keys. Per-button keys are built with {@link contactButtonColorKeys}. */
export const CSS_VARIABLE_KEYS = [
  'background-color',
  'name-font-color',
  'subtitle-font-color',
  'font-color',
  'icon-color',
  'main-action-button-background-color',
  'main-action-button-color',
] as const;
export type FixedCssVariableKey = (typeof CSS_VARIABLE_KEYS)[number];
export type ButtonCssVariableKey = `contact-button-font-color-${string}` | `contact-button-background-color-${string}`;
export type CssVariableKey = FixedCssVariableKey | ButtonCssVariableKey;

/** The two per-button colour keys of a link (spec §3 cssVariables). */
export function contactButtonColorKeys(linkKey: string): { font: ButtonCssVariableKey; background: ButtonCssVariableKey } {
  return { font: `contact-button-font-color-${linkKey}`, background: `contact-button-background-color-${linkKey}` };
}

/** Spec §3 Colour value modes. */
export const COLOUR_MODES = ['solid', 'gradient'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

/**
 * Spec §9 QR: body shapes, eye frames and eye balls; 800×800, error correction Q, default
 * black, file QRCode.png. The spec's "margin 1" counts modules; ISO/IEC 18004 asks for a
 * quiet zone of 4 modules and readers miss a code printed with less on a busy background,
 * so every code keeps 4 (`quietZone`).
 */
export const QR_DOT_TYPES = ['square', 'rounded', 'extra-rounded', 'dots', 'classy', 'classy-rounded'] as const;
export const QR_CORNER_SQUARE_TYPES = ['square', 'extra-rounded', 'dot'] as const;
export const QR_CORNER_DOT_TYPES = ['square', 'dot'] as const;
export type QrDotType = (typeof QR_DOT_TYPES)[number];
export type QrCornerSquareType = (typeof QR_CORNER_SQUARE_TYPES)[number];
export type QrCornerDotType = (typeof QR_CORNER_DOT_TYPES)[number];
export const QR_CODE = { size: 800, errorCorrectionLevel: 'Q', quietZone: 4, defaultColor: '#000000', fileName: 'QRCode.png' } as const;

/** Spec §3 `subscriptionType`; `lite` is the default, invites create `enterprise` profiles (spec §7). */
export const SUBSCRIPTION_TYPES = ['lite', 'enterprise'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const DEFAULT_SUBSCRIPTION_TYPE: SubscriptionType = 'lite';

/** Spec §9: the default template layout. Layouts whose name starts with `desktop` are the "desktop templates". */
export const DEFAULT_TEMPLATE_LAYOUT = 'desktop2';

/**
 * Issue #30 email signatures: the layouts a template chooses from (`emailSignatureLayout`,
 * locked for its children like any other field). `classic`: photo beside the details;
 * `compact`: text only, for people who keep signatures short; `card`: the details with the
 * card's QR code. The titles are short enough for three side by side on a phone.
 */
export const SIGNATURE_LAYOUTS = ['classic', 'compact', 'card'] as const;
export type SignatureLayout = (typeof SIGNATURE_LAYOUTS)[number];
export const DEFAULT_SIGNATURE_LAYOUT: SignatureLayout = 'classic';
export const SIGNATURE_LAYOUT_TITLES: Record<SignatureLayout, string> = { classic: 'Classic', compact: 'Compact', card: 'With QR code' };

/** Image gallery item types; only `promotion` offers an expiry (spec §3 "Only one type offers expiry"). */
export const IMAGE_ITEM_TYPES = ['image', 'promotion'] as const;
export type ImageItemType = (typeof IMAGE_ITEM_TYPES)[number];
export const EXPIRING_IMAGE_ITEM_TYPE: ImageItemType = 'promotion';

/** Video gallery items are YouTube only (spec §5). */
export const VIDEO_ITEM_TYPES = ['youtube'] as const;

/** Banner media kinds (spec §5: banner media may be images or mp4/mov videos). */
export const BANNER_TYPES = ['image', 'video'] as const;

/** Spec §9 limits. */
export const DEFAULT_IMAGE_GALLERY_LIMIT = 3;
export const DIVISION_IMAGE_GALLERY_LIMIT = 5;
export const BANNER_LIMIT = 5;
export const JOB_TITLE_MAX = 150;
export const TEXT_TRUNCATE = 35;
export const TEXT_TRUNCATE_MOBILE = 25;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
/** Spec §9 expiry format, shown as e.g. `2025-03-01 @ 14:30`. */
export const EXPIRY_FORMAT = 'yyyy-MM-dd @ HH:mm';

/**
 * Bounds the spec does not give; they keep one document small enough to store,
 * render and merge cheaply whatever a client sends.
 */
export const PROFILE_BOUNDS = {
  links: 30,
  infoSections: 20,
  /** Hard cap; the per-profile limit (3 / 5 / override) is {@link imageGalleryLimit}. */
  imageGallery: 50,
  videoGallery: 20,
  testimonials: 50,
  socialLinks: SOCIAL_NETWORKS.length,
  banners: BANNER_LIMIT,
  bannerSlides: BANNER_LIMIT,
  changeRecords: 1000,
  ccEmails: 5,
  name: 100,
  fullName: 200,
  title: 150,
  shortText: 500,
  longText: 5_000,
  richText: 20_000,
  css: 20_000,
  url: 2_048,
  key: 64,
  icon: 200,
  phone: 32,
  email: 254,
  postcode: 20,
} as const;

/** Bounds of the title and subtitle font sizes (px). */
export const FONT_SIZE_MIN = 8;
export const FONT_SIZE_MAX = 96;

/** Texts of spec §5 word for word where the spec has one; our own wording otherwise. */
export const PROFILE_MESSAGES = {
  jobTitleTooLong: `Job title can be at most ${JOB_TITLE_MAX} characters.`,
  expiryInPast: 'Expire date should be in the future',
  expiryInvalid: 'Expire date must be a date and time.',
  showFromInvalid: '"Show from" must be a date and time with its time zone, like 2025-03-01T14:30:00Z.',
  showUntilInvalid: '"Show until" must be a date and time with its time zone, like 2025-03-01T14:30:00Z.',
  showUntilBeforeFrom: '"Show until" must be later than "Show from".',
  contactFormEnable: '"Send to email" and "Thank you message" required!',
  consentTextRequired: 'Write the consent text people agree to before publishing, or turn consent off.',
  linkHttps: 'Links must start with https://',
  linkRequired: 'Enter the address this button opens (https://…).',
  linkUnsafe: 'This kind of link is not allowed.',
  mapsLink: 'Use a Google Maps, Apple Maps, Waze, Bing Maps or OpenStreetMap link.',
  imageUrl: 'Images must be an https:// URL or an uploaded file.',
  rating: 'Rating goes from 0 to 5 in half steps.',
  email: 'Please enter a valid email address',
  emailList: `Enter up to ${PROFILE_BOUNDS.ccEmails} email addresses separated by commas.`,
  phone: 'Phone numbers may only have digits, spaces, brackets, dashes and a leading +.',
  colour: 'Use a hex, rgb() or hsl() colour.',
  colourCss: 'Use a colour or a CSS gradient.',
  cssVariableKey: 'Unknown colour setting.',
  itemKey: 'Every item needs a key of letters, digits, dashes or underscores (at most 64).',
  fontFamily: 'Font names may only have letters, digits, spaces, commas, dashes and underscores.',
  icon: 'Choose an icon from the list or an uploaded image.',
  layout: 'Unknown template layout.',
  date: 'Use a date like 2025-03-01.',
  socialOnce: (title: string) => `${title} can only be added once.`,
  sectionOnce: (title: string) => `Only one ${title} section is allowed.`,
  placeholderButtonOnce: 'Only one placeholder button is allowed.',
  duplicateKey: (key: string) => `The key "${key}" is used by more than one item.`,
  tooMany: (max: number, what: string) => `You can add up to ${max} ${what}.`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  imageGalleryLimit: (max: number) => `You can add up to ${max} images.`,
} as const;

/** Every top-level field of the profile document, in schema order (a test keeps this equal to the schema). */
export const PROFILE_CONTENT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'titleSize',
  'subtitleSize',
  'jobTitle',
  'profilePhoto',
  'mainContactNumber',
  'whatsappNumber',
  'officeNumber',
  'emailAddress',
  'navigateToOffice',
  'mainActionButton',
  'stylingId',
  'fontFamily',
  'cssPlug',
  'logo',
  'banner',
  'mobileBanner',
  'desktopBanner',
  'banners',
  'qrCodeData',
  'emailSignatureLayout',
  'profileDisclaimer',
  'consentText',
  'referral_message',
  'aboutMeVideo',
  'limits',
  'links',
  'infoSections',
  'imageGallery',
  'videoGallery',
  'testimonials',
  'socialLinks',
  'contactForm',
  'cssVariables',
  'templateLayout',
  'iconStyle',
  'subscriptionType',
  'enableConsent',
  'aboutMeVideoEnabled',
  'removedFields',
  'variableChangeRecords',
] as const;

/**
 * Fields a child may take off its page although its template has a value there
 * (`removedFields`), where the template's permissions make them optional and
 * editable: the contact details and the subheading. Empty still means "inherit".
 */
export const REMOVABLE_FIELDS = ['jobTitle', 'mainContactNumber', 'whatsappNumber', 'officeNumber', 'emailAddress', 'navigateToOffice'] as const;
export type RemovableField = (typeof REMOVABLE_FIELDS)[number];

/** The collections merged by item key (spec §4 Inheritance). */
export const COLLECTION_FIELDS = ['links', 'infoSections', 'imageGallery', 'videoGallery', 'testimonials', 'socialLinks'] as const;
export type CollectionField = (typeof COLLECTION_FIELDS)[number];

/** Object fields merged member by member in inheritance (permission keys `field.member`). */
export const OBJECT_FIELDS = ['contactForm', 'cssVariables', 'mainActionButton', 'qrCodeData', 'limits'] as const;
export type ObjectField = (typeof OBJECT_FIELDS)[number];

/** What happened to an item of a child profile relative to its master (spec §4 Inheritance). */
export const CHANGE_ACTIONS = ['inherited', 'edited', 'removed', 'added'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/**
 * Fields a profile user may not set on their own profile: the subscription and
 * the per-profile image gallery limit are set by supervisors and superadmins.
 */
export const ADMIN_ONLY_FIELDS = ['subscriptionType', 'limits'] as const;

/** Spec §5 default lead form requirements, as contactForm switches. */
export const DEFAULT_CONTACT_FORM_FIELDS = {
  name: { required: true, enabled: true },
  emailAddress: { required: true, enabled: true },
  mobile: { required: false, enabled: true },
  message: { required: true, enabled: true },
} as const;
