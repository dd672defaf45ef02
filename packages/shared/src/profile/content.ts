/**
 * The profile document (DESIGN §2): one typed `content` object per profile,
 * covering every editable field of spec §3 Profile. Two schemas share one shape:
 *
 * - {@link ProfileContentSchema}: a whole document with defaults applied — a
 *   master's or a standalone profile's content, and what the renderer reads.
 * - {@link ProfileContentOverridesSchema}: a child's stored content — the same
 *   fields without defaults, because a missing value means "inherit from the
 *   master" (a default would silently override the master's value).
 *
 * Every object is strict (unknown keys are refused), every string and array is
 * bounded. Record-level fields of the spec's editor form (ids, alias, company,
 * billing, domain, publishedAt, permissions, approvals) live on the profile row,
 * not in `content`.
 */
import { z } from 'zod';
import { MAX_ROW_ID } from '../companies.ts';
import { hasNoNul, NUL_MESSAGE } from '../errors.ts';
import { ADDRESS_PART_LABELS, migrateAddressValue } from './address.ts';
import {
  BANNER_TYPES,
  CHANGE_ACTIONS,
  COLLECTION_FIELDS,
  COLOUR_MODES,
  type CollectionField,
  CSS_VARIABLE_KEYS,
  DEFAULT_CONTACT_FORM_FIELDS,
  DEFAULT_ICON_STYLE,
  DEFAULT_SUBSCRIPTION_TYPE,
  DEFAULT_TEMPLATE_LAYOUT,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  ICON_STYLES,
  IMAGE_ITEM_TYPES,
  ITEM_SOURCES,
  JOB_TITLE_MAX,
  LINK_CONTACT_TYPES,
  PROFILE_BOUNDS,
  PROFILE_MESSAGES,
  QR_CORNER_DOT_TYPES,
  QR_CORNER_SQUARE_TYPES,
  QR_DOT_TYPES,
  REMOVABLE_FIELDS,
  SECTION_TYPES,
  SIGNATURE_LAYOUTS,
  SINGLE_SECTION_TYPES,
  SOCIAL_NETWORK_TITLES,
  SOCIAL_NETWORKS,
  SUBSCRIPTION_TYPES,
  VIDEO_ITEM_TYPES,
} from './constants.ts';
import {
  consentTextMissing,
  isCssColour,
  isMapsUrl,
  isSafeCssColourValue,
  isSafeHttpsUrl,
  isSafeImageUrl,
  normalizeSocialUrl,
  ratingIsValid,
  scheduleIsOrdered,
  splitEmailList,
} from './rules.ts';

const B = PROFILE_BOUNDS;

// ─── Field building blocks ──────────────────────────────────────────────────

/** Plain text, trimmed, bounded, without NUL (PostgreSQL jsonb cannot store it). */
const text = (label: string, max: number) => z.string().trim().max(max, PROFILE_MESSAGES.tooLong(label, max)).refine(hasNoNul, NUL_MESSAGE);
/** Rich text (HTML from the editor): bounded, not trimmed; the renderer sanitises it. */
const richText = (label: string, max: number = B.richText) => z.string().max(max, PROFILE_MESSAGES.tooLong(label, max)).refine(hasNoNul, NUL_MESSAGE);
const emptyOr = (test: (value: string) => boolean) => (value: string) => value === '' || test(value);

/** An item's merge key: unique in the document, also its permission key (spec §6 per-item permissions). */
export const ItemKeySchema = z
  .string({ error: PROFILE_MESSAGES.itemKey })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, PROFILE_MESSAGES.itemKey);

/** A stored id: a database row id or an opaque upload/file id. */
export const RecordIdSchema = z.union([
  z.number().int().min(0).max(MAX_ROW_ID),
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'Ids may only have letters, digits, dots, colons, dashes and underscores.'),
]);

/** A non-social link: https only (or an in-page `#anchor`, spec §5), or empty. */
const linkUrl = z
  .string()
  .trim()
  .max(B.url, PROFILE_MESSAGES.tooLong('Link', B.url))
  .refine(
    emptyOr((v) => isSafeHttpsUrl(v, { allowHash: true })),
    PROFILE_MESSAGES.linkHttps,
  );
/** A social or video link: `https://` added when there is no scheme (spec §5), then https only. */
const normalizedUrl = z
  .string()
  .trim()
  .max(B.url, PROFILE_MESSAGES.tooLong('Link', B.url))
  .overwrite(normalizeSocialUrl)
  .refine(emptyOr(isSafeHttpsUrl), PROFILE_MESSAGES.linkHttps);
const imageUrl = z.string().trim().max(B.url, PROFILE_MESSAGES.tooLong('Image link', B.url)).refine(emptyOr(isSafeImageUrl), PROFILE_MESSAGES.imageUrl);
const mapsUrl = z.string().trim().max(B.url, PROFILE_MESSAGES.tooLong('Map link', B.url)).refine(emptyOr(isMapsUrl), PROFILE_MESSAGES.mapsLink);
const phone = z
  .string()
  .trim()
  .max(B.phone, PROFILE_MESSAGES.tooLong('Phone number', B.phone))
  .refine(
    emptyOr((v) => /^\+?[\d\s().-]*\d[\d\s().-]*$/.test(v)),
    PROFILE_MESSAGES.phone,
  );
const isEmail = (v: string) => z.email().safeParse(v).success;
const email = z.string().trim().max(B.email, PROFILE_MESSAGES.tooLong('Email address', B.email)).refine(emptyOr(isEmail), PROFILE_MESSAGES.email);
const emailList = z
  .string()
  .trim()
  .max(B.email * B.ccEmails, PROFILE_MESSAGES.emailList)
  .refine((v) => {
    const list = splitEmailList(v);
    return list.length <= B.ccEmails && list.every(isEmail);
  }, PROFILE_MESSAGES.emailList);
/** An icon: a name from the icon selector (`phone`, `fa-solid fa-phone`) or an uploaded/https image. */
const icon = z
  .string()
  .trim()
  .max(B.icon, PROFILE_MESSAGES.tooLong('Icon', B.icon))
  .refine(
    emptyOr((v) => /^[A-Za-z0-9 _:-]+$/.test(v) || isSafeImageUrl(v)),
    PROFILE_MESSAGES.icon,
  );
/** A template layout name (`desktop2`); "desktop templates" are the `desktop*` ones. */
const layout = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, PROFILE_MESSAGES.layout);
const fontSize = z.number().int().min(FONT_SIZE_MIN).max(FONT_SIZE_MAX);
const source = z.enum(ITEM_SOURCES);
/** An ISO 8601 date-time with offset (`2025-03-01T14:30:00Z`), or empty. */
const dateTime = z
  .string()
  .trim()
  .max(40)
  .refine(
    emptyOr((v) => z.iso.datetime({ offset: true }).safeParse(v).success),
    PROFILE_MESSAGES.expiryInvalid,
  );

/**
 * A moment of a button's schedule (`showFrom`, `showUntil`): an ISO 8601 date-time with its
 * offset, stored in UTC (`2025-03-01T12:30:00.000Z`) whatever zone it was written in; or empty.
 */
const scheduleTime = (message: string) =>
  z
    .string()
    .trim()
    .max(40)
    .refine(
      emptyOr((v) => z.iso.datetime({ offset: true }).safeParse(v).success),
      message,
    )
    .overwrite((v) => {
      const at = Date.parse(v);
      return Number.isFinite(at) ? new Date(at).toISOString() : v;
    });

/** The schedule of a button or link: shown from / until (either may be absent: open-ended). */
const schedule = {
  showFrom: scheduleTime(PROFILE_MESSAGES.showFromInvalid).optional(),
  showUntil: scheduleTime(PROFILE_MESSAGES.showUntilInvalid).optional(),
};

// ─── Value objects of spec §3 ───────────────────────────────────────────────

/** Spec §3 Image file: the cropped image (`url`, `id`), its original (`og`) and a pending upload (`temp*`). */
export const ImageFileSchema = z.strictObject({
  url: imageUrl.optional(),
  id: RecordIdSchema.optional(),
  og: imageUrl.optional(),
  tempUrl: imageUrl.optional(),
  tempOg: imageUrl.optional(),
  tempId: RecordIdSchema.optional(),
});
export type ImageFile = z.infer<typeof ImageFileSchema>;

/** Spec §3 Colour value: a colour or gradient from the colour picker. `css` is what the page uses. */
export const ColourValueSchema = z.strictObject({
  color: z.string().trim().max(64).refine(emptyOr(isCssColour), PROFILE_MESSAGES.colour).optional(),
  css: z.string().trim().max(512).refine(emptyOr(isSafeCssColourValue), PROFILE_MESSAGES.colourCss).optional(),
  mode: z.enum(COLOUR_MODES).optional(),
  degree: z.number().min(0).max(360).optional(),
});
export type ColourValue = z.infer<typeof ColourValueSchema>;

const CSS_VARIABLE_KEY = new RegExp(`^(${CSS_VARIABLE_KEYS.join('|')}|contact-button-(font|background)-color-[A-Za-z0-9_-]{1,64})$`);
const CSS_VARIABLES_MAX = CSS_VARIABLE_KEYS.length + 2 * B.links;

/** Spec §3 cssVariables: the fixed keys plus `contact-button-{font|background}-color-{linkKey}` per button. */
export const CssVariablesSchema = z
  .record(z.string().regex(CSS_VARIABLE_KEY), ColourValueSchema, {
    error: (issue) => (issue.code === 'invalid_key' ? `${PROFILE_MESSAGES.cssVariableKey} ("${String(issue.path?.at(-1) ?? '')}")` : undefined),
  })
  .refine((vars) => Object.keys(vars).length <= CSS_VARIABLES_MAX, PROFILE_MESSAGES.tooMany(CSS_VARIABLES_MAX, 'colour settings'));
export type CssVariables = z.infer<typeof CssVariablesSchema>;

/**
 * Spec §3 Address value (navigate to office): a maps link and the address in
 * parts (decision 018). A value with the old one-line `title` is read as parts
 * ({@link migrateAddressValue}), so stored and sent old values still pass.
 */
export const AddressValueSchema = z.preprocess(
  migrateAddressValue,
  z.strictObject({
    url: mapsUrl.optional(),
    street: text(ADDRESS_PART_LABELS.street, B.shortText).optional(),
    city: text(ADDRESS_PART_LABELS.city, B.name).optional(),
    region: text(ADDRESS_PART_LABELS.region, B.name).optional(),
    postcode: text(ADDRESS_PART_LABELS.postcode, B.postcode).optional(),
    country: text(ADDRESS_PART_LABELS.country, B.name).optional(),
  }),
);
export type AddressValue = z.output<typeof AddressValueSchema>;

/** Spec §3 QR style. Missing parts take {@link DEFAULT_QR_STYLE}. */
export const QrStyleSchema = z.strictObject({
  colorOptions: z
    .strictObject({
      dots: ColourValueSchema.optional(),
      cornerSquares: ColourValueSchema.optional(),
      cornerDots: ColourValueSchema.optional(),
    })
    .optional(),
  dotType: z.enum(QR_DOT_TYPES).optional(),
  cornerSquareType: z.enum(QR_CORNER_SQUARE_TYPES).optional(),
  cornerDotType: z.enum(QR_CORNER_DOT_TYPES).optional(),
});
export type QrStyle = z.infer<typeof QrStyleSchema>;

/** Spec §3 mainActionButton (call to action); its colours are the `main-action-button-*` cssVariables. */
export const MainActionButtonSchema = z.strictObject({
  title: text('Call to action title', B.name).optional(),
  url: linkUrl.optional(),
  key: ItemKeySchema.optional(),
  icon: icon.optional(),
});
export type MainActionButton = z.infer<typeof MainActionButtonSchema>;

/** Spec §3 `limits`: a per-profile override of the image gallery limit (spec §9). */
export const ProfileLimitsSchema = z.strictObject({
  imageGallery: z.number().int().min(0).max(B.imageGallery).optional(),
});

/** Spec §3 banners[]: a banner and its slides (`banner.slider[]` with url and id), at most 5 (spec §9). */
export const BannerSchema = z.strictObject({
  id: RecordIdSchema.optional(),
  type: z.enum(BANNER_TYPES).optional(),
  slider: z
    .array(z.strictObject({ url: imageUrl.optional(), id: RecordIdSchema.optional() }))
    .max(B.bannerSlides, PROFILE_MESSAGES.tooMany(B.bannerSlides, 'slides'))
    .optional(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** Spec §3 contactForm: one field's switches. */
export const FormFieldSwitchSchema = z.strictObject({ required: z.boolean(), enabled: z.boolean() });
export type FormFieldSwitch = z.infer<typeof FormFieldSwitchSchema>;

const contactFormBase = {
  id: RecordIdSchema.optional(),
  formId: text('Form id', 200).optional(),
  thankYouMessage: richText('Thank you message', B.longText).optional(),
  sendToMail: email.optional(),
  sendToMailCC: emailList.optional(),
};

/** Spec §3 contactForm with the spec's defaults (disabled; name, email and message required). */
export const ContactFormSchema = z.strictObject({
  ...contactFormBase,
  enabled: z.boolean().default(false),
  name: FormFieldSwitchSchema.default(() => ({ ...DEFAULT_CONTACT_FORM_FIELDS.name })),
  emailAddress: FormFieldSwitchSchema.default(() => ({ ...DEFAULT_CONTACT_FORM_FIELDS.emailAddress })),
  mobile: FormFieldSwitchSchema.default(() => ({ ...DEFAULT_CONTACT_FORM_FIELDS.mobile })),
  message: FormFieldSwitchSchema.default(() => ({ ...DEFAULT_CONTACT_FORM_FIELDS.message })),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** A child's contactForm overrides: the same fields, none defaulted. */
export const ContactFormOverridesSchema = z.strictObject({
  ...contactFormBase,
  enabled: z.boolean().optional(),
  name: FormFieldSwitchSchema.optional(),
  emailAddress: FormFieldSwitchSchema.optional(),
  mobile: FormFieldSwitchSchema.optional(),
  message: FormFieldSwitchSchema.optional(),
});

// ─── Items merged by key ────────────────────────────────────────────────────

/**
 * Spec §3 Link (a button). `url` for link buttons, `description` (rich text) for
 * pop-up buttons; colours are the per-button cssVariables. `enabled` and
 * `isFullWidthButton` read as true / false when absent. `showFrom` / `showUntil`
 * (UTC) limit when the page shows it; absent, always ({@link isShownAt}).
 */
export const ProfileLinkSchema = z.strictObject({
  key: ItemKeySchema,
  id: RecordIdSchema.optional(),
  title: text('Button title', B.name).optional(),
  url: linkUrl.optional(),
  icon: icon.optional(),
  contactType: z.enum(LINK_CONTACT_TYPES).optional(),
  description: richText('Pop-up content').optional(),
  enabled: z.boolean().optional(),
  ...schedule,
  isFullWidthButton: z.boolean().optional(),
  class: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 _-]{0,100}$/, 'Class names may only have letters, digits, spaces, dashes and underscores.')
    .optional(),
  source: source.optional(),
});
export type ProfileLink = z.infer<typeof ProfileLinkSchema>;

/** Spec §3 Social link; `key` is the network, so each network appears at most once. Scheduled like a button. */
export const SocialLinkSchema = z.strictObject({
  key: z.enum(SOCIAL_NETWORKS, { error: `Choose one of ${SOCIAL_NETWORKS.map((n) => SOCIAL_NETWORK_TITLES[n]).join(', ')}.` }),
  id: RecordIdSchema.optional(),
  title: text('Title', B.name).optional(),
  url: normalizedUrl.optional(),
  icon: icon.optional(),
  enabled: z.boolean().optional(),
  ...schedule,
  source: source.optional(),
});
export type SocialLink = z.infer<typeof SocialLinkSchema>;

/** Spec §3 Info section (drop-down section). `description` is rich text (text and about-me sections). */
export const InfoSectionSchema = z.strictObject({
  key: ItemKeySchema,
  type: z.enum(SECTION_TYPES),
  id: RecordIdSchema.optional(),
  title: text('Section title', B.title).optional(),
  enabled: z.boolean().optional(),
  icon: icon.optional(),
  description: richText('Section text').optional(),
  source: source.optional(),
});
export type InfoSection = z.infer<typeof InfoSectionSchema>;

/**
 * Spec §3 Image gallery item. `url` is the image, `link` where a tap leads,
 * `expireAt` an ISO date-time (only `promotion` items offer it in the editor).
 * `sectionKey` names the image-gallery section it belongs to; without one it
 * belongs to the first image-gallery section.
 */
export const ImageGalleryItemSchema = z.strictObject({
  key: ItemKeySchema,
  id: RecordIdSchema.optional(),
  url: imageUrl.optional(),
  title: text('Image title', B.title).optional(),
  link: linkUrl.optional(),
  type: z.enum(IMAGE_ITEM_TYPES).optional(),
  expireAt: dateTime.optional(),
  expired: z.boolean().optional(),
  enabled: z.boolean().optional(),
  source: source.optional(),
  sectionKey: ItemKeySchema.optional(),
});
export type ImageGalleryItem = z.infer<typeof ImageGalleryItemSchema>;

/** Spec §3 Video gallery item (YouTube only, spec §5); `sectionKey` as for images. */
export const VideoGalleryItemSchema = z.strictObject({
  key: ItemKeySchema,
  id: RecordIdSchema.optional(),
  url: normalizedUrl.optional(),
  title: text('Video title', B.title).optional(),
  type: z.enum(VIDEO_ITEM_TYPES).optional(),
  enabled: z.boolean().optional(),
  source: source.optional(),
  sectionKey: ItemKeySchema.optional(),
});
export type VideoGalleryItem = z.infer<typeof VideoGalleryItemSchema>;

/** Spec §3 Testimonial. `date` is a calendar date (`yyyy-MM-dd`), shown with {@link testimonialDate}. */
export const TestimonialSchema = z.strictObject({
  key: ItemKeySchema,
  id: RecordIdSchema.optional(),
  title: text('Testimonial title', B.title).optional(),
  review: text('Review', B.longText).optional(),
  author: text('Author', B.name).optional(),
  date: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, PROFILE_MESSAGES.date)
    .optional(),
  rating: z.number().refine(ratingIsValid, PROFILE_MESSAGES.rating).optional(),
  type: z
    .string()
    .trim()
    .regex(/^[a-z-]{0,40}$/, 'Unknown testimonial type.')
    .optional(),
  enabled: z.boolean().optional(),
  source: source.optional(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** A change record (spec §3 `variableChangeRecords`): the item `key`, what happened, and its collection. */
export const ChangeRecordSchema = z.strictObject({
  key: z.string().trim().min(1).max(B.key),
  action: z.enum(CHANGE_ACTIONS),
  field: z.enum(COLLECTION_FIELDS).optional(),
});
export type ChangeRecord = z.infer<typeof ChangeRecordSchema>;

const COLLECTION_LABELS: Record<CollectionField, string> = {
  links: 'buttons',
  infoSections: 'sections',
  imageGallery: 'gallery images',
  videoGallery: 'videos',
  testimonials: 'testimonials',
  socialLinks: 'social links',
};

const collection = <T extends z.ZodType>(field: CollectionField, item: T) =>
  z.array(item).max(B[field], PROFILE_MESSAGES.tooMany(B[field], COLLECTION_LABELS[field]));

/** A child's stored item: every field optional except `key` (a bare `{key}` keeps an inherited item's place). */
const overrideItem = <S extends z.ZodRawShape>(schema: z.ZodObject<S>) => schema.partial().extend({ key: schema.shape.key as S['key'] });

// ─── The document ───────────────────────────────────────────────────────────

/**
 * A child's inherited fields it took off its page (see {@link REMOVABLE_FIELDS}):
 * distinct from an empty value, which inherits. Each field once.
 */
const removedFields = z
  .array(z.enum(REMOVABLE_FIELDS, { error: `Only these fields can be removed: ${REMOVABLE_FIELDS.join(', ')}.` }))
  .max(REMOVABLE_FIELDS.length)
  .overwrite((fields) => [...new Set(fields)]);

/** Fields without defaults, shared by both schemas. */
const scalarShape = {
  // Personal details
  firstName: text('First name', B.name).optional(),
  lastName: text('Last name', B.name).optional(),
  fullName: text('Full name', B.fullName).optional(),
  titleSize: fontSize.optional(),
  subtitleSize: fontSize.optional(),
  jobTitle: z.string().trim().max(JOB_TITLE_MAX, PROFILE_MESSAGES.jobTitleTooLong).refine(hasNoNul, NUL_MESSAGE).optional(),
  profilePhoto: ImageFileSchema.optional(),
  // Contacts (desktop templates)
  mainContactNumber: phone.optional(),
  whatsappNumber: phone.optional(),
  officeNumber: phone.optional(),
  emailAddress: email.optional(),
  navigateToOffice: AddressValueSchema.optional(),
  // Buttons
  mainActionButton: MainActionButtonSchema.optional(),
  // Theme and appearance
  stylingId: RecordIdSchema.optional(),
  fontFamily: z
    .string()
    .trim()
    .max(B.name, PROFILE_MESSAGES.tooLong('Font', B.name))
    .regex(/^[\p{L}\p{N} ,_-]*$/u, PROFILE_MESSAGES.fontFamily)
    .optional(),
  /** The profile's custom CSS (spec §2 CSS plugin "custom styling"); escaped and filtered by the renderer. */
  cssPlug: z.string().max(B.css, PROFILE_MESSAGES.tooLong('Custom CSS', B.css)).refine(hasNoNul, NUL_MESSAGE).optional(),
  logo: ImageFileSchema.optional(),
  /** The background image (spec §2 Appearance "background"). */
  banner: ImageFileSchema.optional(),
  mobileBanner: ImageFileSchema.optional(),
  desktopBanner: ImageFileSchema.optional(),
  banners: z.array(BannerSchema).max(B.banners, PROFILE_MESSAGES.tooMany(B.banners, 'banners')).optional(),
  qrCodeData: QrStyleSchema.optional(),
  /** The email signature's layout (issue #30); absent reads as `DEFAULT_SIGNATURE_LAYOUT`. */
  emailSignatureLayout: z.enum(SIGNATURE_LAYOUTS, { error: 'Choose one of the signature layouts.' }).optional(),
  // Footer, consent, sharing
  profileDisclaimer: richText('Footer disclaimer').optional(),
  consentText: richText('Consent text', B.longText).optional(),
  referral_message: text('WhatsApp share message', B.shortText).optional(),
  aboutMeVideo: normalizedUrl.optional(),
  limits: ProfileLimitsSchema.optional(),
};

/** The parts of a document the whole-document rules read (both schemas). */
type Scheduled = { showFrom?: string | undefined; showUntil?: string | undefined };
type KeyedDocument = {
  links?: ({ key: string; contactType?: string | undefined } & Scheduled)[] | undefined;
  infoSections?: { key: string; type?: string | undefined }[] | undefined;
  imageGallery?: { key: string }[] | undefined;
  videoGallery?: { key: string }[] | undefined;
  testimonials?: { key: string }[] | undefined;
  socialLinks?: ({ key: string } & Scheduled)[] | undefined;
};

const SECTION_TITLES: Partial<Record<string, string>> = { aboutme: 'About me', testimonials: 'Testimonials', placeholder: 'placeholder' };

/** Whole-document rules: item keys unique (they are merge and permission keys), each social network once, single sections once. */
function checkDocument(doc: KeyedDocument, ctx: z.RefinementCtx): void {
  const seen = new Map<string, CollectionField>();
  for (const field of COLLECTION_FIELDS) {
    (doc[field] ?? []).forEach((item, index) => {
      if (!seen.has(item.key)) {
        seen.set(item.key, field);
        return;
      }
      const message =
        field === 'socialLinks' && seen.get(item.key) === 'socialLinks'
          ? PROFILE_MESSAGES.socialOnce(SOCIAL_NETWORK_TITLES[item.key as keyof typeof SOCIAL_NETWORK_TITLES] ?? item.key)
          : PROFILE_MESSAGES.duplicateKey(item.key);
      ctx.addIssue({ code: 'custom', message, path: [field, index, 'key'] });
    });
  }
  for (const type of SINGLE_SECTION_TYPES) {
    const sections = (doc.infoSections ?? []).map((s, index) => ({ s, index })).filter(({ s }) => s.type === type);
    for (const { index } of sections.slice(1)) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.sectionOnce(SECTION_TITLES[type] ?? type), path: ['infoSections', index, 'type'] });
    }
  }
  for (const field of ['links', 'socialLinks'] as const) {
    (doc[field] ?? []).forEach((item, index) => {
      if (!scheduleIsOrdered(item)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.showUntilBeforeFrom, path: [field, index, 'showUntil'] });
    });
  }
  const placeholders = (doc.links ?? []).map((l, index) => ({ l, index })).filter(({ l }) => l.contactType === 'placeholder');
  for (const { index } of placeholders.slice(1)) {
    ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.placeholderButtonOnce, path: ['links', index, 'contactType'] });
  }
}

/**
 * A profile's editable content (DESIGN §2), with the spec's defaults:
 * `ProfileContentSchema.parse({})` is an empty profile — layout `desktop2`, icon
 * style `regular`, subscription `lite`, no items, contact form disabled with
 * name, email and message required.
 */
export const ProfileContentSchema = z
  .strictObject({
    ...scalarShape,
    links: collection('links', ProfileLinkSchema).default(() => []),
    infoSections: collection('infoSections', InfoSectionSchema).default(() => []),
    imageGallery: collection('imageGallery', ImageGalleryItemSchema).default(() => []),
    videoGallery: collection('videoGallery', VideoGalleryItemSchema).default(() => []),
    testimonials: collection('testimonials', TestimonialSchema).default(() => []),
    socialLinks: collection('socialLinks', SocialLinkSchema).default(() => []),
    contactForm: ContactFormSchema.prefault(() => ({})),
    cssVariables: CssVariablesSchema.default(() => ({})),
    templateLayout: layout.default(DEFAULT_TEMPLATE_LAYOUT),
    iconStyle: z.enum(ICON_STYLES).default(DEFAULT_ICON_STYLE),
    subscriptionType: z.enum(SUBSCRIPTION_TYPES).default(DEFAULT_SUBSCRIPTION_TYPE),
    enableConsent: z.boolean().default(false),
    aboutMeVideoEnabled: z.boolean().default(false),
    removedFields: removedFields.optional(),
    variableChangeRecords: z
      .array(ChangeRecordSchema)
      .max(B.changeRecords, PROFILE_MESSAGES.tooMany(B.changeRecords, 'change records'))
      .default(() => []),
  })
  .superRefine(checkDocument)
  .superRefine((doc, ctx) => {
    if (consentTextMissing(doc)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.consentTextRequired, path: ['consentText'] });
  });
export type ProfileContent = z.output<typeof ProfileContentSchema>;
export type ProfileContentInput = z.input<typeof ProfileContentSchema>;

/**
 * A child profile's stored content: the same fields, none defaulted (absent =
 * inherited from the master), collection items reduced to `key` plus the fields
 * the child changed, and `variableChangeRecords` holding the child's removals.
 */
export const ProfileContentOverridesSchema = z
  .strictObject({
    ...scalarShape,
    links: collection('links', overrideItem(ProfileLinkSchema)).optional(),
    infoSections: collection('infoSections', overrideItem(InfoSectionSchema)).optional(),
    imageGallery: collection('imageGallery', overrideItem(ImageGalleryItemSchema)).optional(),
    videoGallery: collection('videoGallery', overrideItem(VideoGalleryItemSchema)).optional(),
    testimonials: collection('testimonials', overrideItem(TestimonialSchema)).optional(),
    socialLinks: collection('socialLinks', overrideItem(SocialLinkSchema)).optional(),
    contactForm: ContactFormOverridesSchema.optional(),
    cssVariables: CssVariablesSchema.optional(),
    templateLayout: layout.optional(),
    iconStyle: z.enum(ICON_STYLES).optional(),
    subscriptionType: z.enum(SUBSCRIPTION_TYPES).optional(),
    enableConsent: z.boolean().optional(),
    aboutMeVideoEnabled: z.boolean().optional(),
    removedFields: removedFields.optional(),
    variableChangeRecords: z.array(ChangeRecordSchema).max(B.changeRecords, PROFILE_MESSAGES.tooMany(B.changeRecords, 'change records')).optional(),
  })
  .superRefine(checkDocument);
export type ProfileContentOverrides = z.output<typeof ProfileContentOverridesSchema>;

// ─── Related records of spec §3 ─────────────────────────────────────────────

/** Spec §3 Theme (profile styling). */
export const ThemeSchema = z.strictObject({
  id: RecordIdSchema,
  name: text('Theme name', B.name),
  cssPlug: z.string().max(B.css, PROFILE_MESSAGES.tooLong('Theme CSS', B.css)).refine(hasNoNul, NUL_MESSAGE).optional(),
  layout: layout.optional(),
  fontFamily: scalarShape.fontFamily,
  previewImage: z.strictObject({ url: imageUrl.optional() }).optional(),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** Spec §3 theme template (the theme picker's entry). */
export const ThemeTemplateSchema = z.strictObject({
  stylingId: RecordIdSchema,
  title: text('Template title', B.name),
  templatePreview: imageUrl.optional(),
});
export type ThemeTemplate = z.infer<typeof ThemeTemplateSchema>;

/** Spec §3 Lead form field. */
export const LeadFormFieldSchema = z.strictObject({
  label: text('Field label', B.name),
  required: z.boolean(),
  type: z.enum(['text', 'email', 'tel', 'textarea']),
  field_name: z.string().regex(/^[a-z_]{1,40}$/, 'Field names may only have lowercase letters and underscores.'),
  enabled: z.boolean(),
});
export type LeadFormField = z.infer<typeof LeadFormFieldSchema>;

/** Spec §3 Lead form (the form a profile's contact form submits to). */
export const LeadFormSchema = z.strictObject({
  title: text('Lead form title', B.title),
  fields: z.array(LeadFormFieldSchema).max(10, PROFILE_MESSAGES.tooMany(10, 'fields')),
  enabled: z.boolean(),
  form_submitted_message: richText('Thank you message', B.longText).optional(),
  form_id: text('Form id', 200),
  subject: text('Subject', B.title).optional(),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;
