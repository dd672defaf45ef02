/**
 * Issue #29 Contacts: the visitors' contacts in the hub (the lead submissions, one store):
 * a person's own, a supervisor's divisions', a superadmin's every one.
 */
import { z } from 'zod';
import { MAX_ROW_ID } from './companies.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { CompanyIdListSchema, ListFilterSchema, PageIndexSchema } from './users.schemas.ts';

export const CONTACT_SOURCES = ['lead_form', 'exchange', 'imported', 'scanned'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SOURCE_LABELS: Readonly<Record<ContactSource, string>> = {
  lead_form: 'Lead form',
  exchange: 'Exchange',
  imported: 'Imported',
  scanned: 'Scanned card',
};

/** The page sizes a contacts list offers (as the divisions console's); the first is the default. */
export const CONTACTS_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * How far a contacts list pages and counts: a list's first 10,000 matches. Beyond that the count
 * says "more than 10,000" (counting 100,000 exactly costs more than the page itself) and a person
 * narrows the list with search or filters, or exports it whole.
 */
export const CONTACTS_LIST_WINDOW = 10_000;

export const CONTACTS_MESSAGES = {
  notFound: 'This contact does not exist.',
  erased: (n: number) => (n === 1 ? '1 contact erased.' : `${n} contacts erased.`),
  tooMany: 'Choose at most 500 contacts.',
  idTooLarge: `A contact id is at most ${MAX_ROW_ID}: check the ids you sent.`,
  noProfile: 'A contact is kept on a profile, and you have none yet. Ask your supervisor to create your profile first.',
  cardNotFound: 'This card photo is no longer available. Scan the card again.',
  scanBusy: 'Many cards are being read right now. Please try again in a moment.',
  scanFailed: 'The card could not be read. Try a sharper photo with the whole card in view, or fill in the details by hand.',
  saved: 'Contact saved.',
} as const;

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });

/** The filters of the list and of its exports. */
export const ContactsFilterSchema = z.strictObject({
  q: ListFilterSchema,
  companyId: CompanyIdListSchema,
  profileId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  source: z.enum(CONTACT_SOURCES, { error: `source must be one of ${CONTACT_SOURCES.join(', ')}.` }).optional(),
  /** From this day on (UTC), inclusive. */
  from: day.optional(),
  /** Up to this day (UTC), inclusive. */
  to: day.optional(),
});
export type ContactsFilter = z.output<typeof ContactsFilterSchema>;

/** GET /api/contacts. */
export const ContactsListQuerySchema = ContactsFilterSchema.extend({
  page: PageIndexSchema,
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (CONTACTS_PAGE_SIZES as readonly number[]).includes(n), `Page size is ${CONTACTS_PAGE_SIZES.join(', ')}.`)
    .default(CONTACTS_PAGE_SIZES[0]),
}).refine((q) => (q.page + 1) * q.pageSize <= CONTACTS_LIST_WINDOW, {
  path: ['page'],
  message: `Only the first ${CONTACTS_LIST_WINDOW.toLocaleString('en')} contacts of a list can be paged through: narrow it with search or filters, or export it.`,
});
export type ContactsListQuery = z.output<typeof ContactsListQuerySchema>;

/** GET /api/contacts/export. */
export const ContactsExportQuerySchema = ContactsFilterSchema.extend({
  format: z.enum(['xlsx', 'csv'], { error: 'format must be xlsx or csv.' }).default('xlsx'),
});

/** GET /api/contacts/vcard?ids=1,2,3: one card or many in one .vcf. */
export const ContactsVcardQuerySchema = z.strictObject({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids is a comma-joined list of contact ids.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= 500, CONTACTS_MESSAGES.tooMany)
    // Ten digits pass the pattern but not PostgreSQL's integer: a 400 here, not the query's out-of-range error.
    .refine((ids) => ids.every((id) => id <= MAX_ROW_ID), CONTACTS_MESSAGES.idTooLarge),
});

export const ContactRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  source: z.enum(CONTACT_SOURCES),
  profileId: z.number(),
  /** The name of the person whose profile the contact came through. */
  profileName: z.string(),
  companyId: z.number(),
  createdAt: z.string(),
});
export type ContactRow = z.infer<typeof ContactRowSchema>;

export const ContactDetailSchema = ContactRowSchema.extend({
  message: z.string(),
  notes: z.string(),
  website: z.string(),
  /** A scanned card's photo (GET /api/contacts/{id}/card), or null. */
  cardUrl: z.string().nullable(),
});
export type ContactDetail = z.infer<typeof ContactDetailSchema>;

export const ContactsListResponseSchema = z.object({
  data: z.array(ContactRowSchema),
  page: z.number(),
  pageSize: z.number(),
  /** How many match, counted up to CONTACTS_LIST_WINDOW. */
  total: z.number(),
  /** True when more than `total` match (the count stopped at CONTACTS_LIST_WINDOW). */
  totalCapped: z.boolean(),
});
export type ContactsListResponse = z.infer<typeof ContactsListResponseSchema>;

/** PATCH /api/contacts/{id}. */
export const ContactNotesBodySchema = z.strictObject({
  notes: z.string().max(5000, 'Notes can have at most 5000 characters.').refine(hasNoNul, NUL_MESSAGE),
});

/** POST /api/contacts/erase: a visitor asked that their details be deleted. */
export const ContactEraseBodySchema = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
});
export const ContactEraseResultSchema = z.object({ erased: z.number(), message: z.string() });
export type ContactEraseResult = z.infer<typeof ContactEraseResultSchema>;

/** One field read from a card, with the line of text it came from, for the person to confirm. */
export const CardFieldSchema = z.object({ value: z.string(), source: z.string() });
export type CardField = z.infer<typeof CardFieldSchema>;

export const CardScanFieldsSchema = z.object({
  name: CardFieldSchema.nullable(),
  jobTitle: CardFieldSchema.nullable(),
  company: CardFieldSchema.nullable(),
  /** E.164 (+441234567890). */
  phones: z.array(CardFieldSchema),
  emails: z.array(CardFieldSchema),
  /** Absolute URLs (https:// added when the card leaves it out). */
  links: z.array(CardFieldSchema),
});
export type CardScanFields = z.infer<typeof CardScanFieldsSchema>;

/** POST /api/contacts/scan: what the card says, and the stored photo to keep with the contact. */
export const CardScanResultSchema = z.object({
  fields: CardScanFieldsSchema,
  /** Every line the OCR read, top to bottom. */
  lines: z.array(z.string()),
  /** The card's photo, to send back as cardUploadId when the contact is saved. */
  cardUploadId: z.number(),
});
export type CardScanResult = z.infer<typeof CardScanResultSchema>;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can have at most ${max} characters.`).refine(hasNoNul, NUL_MESSAGE).default('');

/** POST /api/contacts: a contact the person adds (today: a scanned card, confirmed). */
export const ContactCreateBodySchema = z
  .strictObject({
    /** The profile the contact is kept on; the actor's own profile when left out. */
    profileId: z.number().int().positive().max(2_147_483_647).optional(),
    name: text(200, 'Name'),
    jobTitle: text(200, 'Job title'),
    company: text(200, 'Company'),
    phone: text(40, 'Phone'),
    email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Please enter a valid email address.'))]).default(''),
    website: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(2048)
          .pipe(z.url({ protocol: /^https?$/, error: 'Enter the website as https://…' })),
      ])
      .default(''),
    notes: text(5000, 'Notes'),
    /** The photo from POST /api/contacts/scan, kept with the contact. */
    cardUploadId: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((b) => b.name || b.email || b.phone || b.company, { message: 'Fill in at least a name, an email, a phone or a company.', path: ['name'] });
export type ContactCreateBody = z.output<typeof ContactCreateBodySchema>;

/**
 * Issue #29 Contact exchange: what a visitor reads on the public page's "Share my details"
 * form and in its answers.
 */
export const EXCHANGE_MESSAGES = {
  nameRequired: 'Please enter your name.',
  emailRequired: 'Please enter your email address.',
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a phone number with digits, spaces and + ( ) - only.',
  consentRequired: 'Please tick the box to agree before you share your details.',
  notAvailable: 'This profile is not available.',
  thanks: (firstName: string) => (firstName ? `Thank you! ${firstName} now has your details.` : 'Thank you! Your details were shared.'),
} as const;

const visitorText = (label: string, max: number, missing = `${label} must be text.`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label} must be text.`) })
    .trim()
    .max(max, `${label} can have at most ${max} characters.`)
    .refine(hasNoNul, NUL_MESSAGE);

/** POST /api/contacts/exchange/{profileId}: the visitor's details, from the public page. */
export const ContactExchangeBodySchema = z.strictObject({
  name: visitorText('Name', 100, EXCHANGE_MESSAGES.nameRequired).pipe(z.string().min(1, EXCHANGE_MESSAGES.nameRequired)),
  email: z
    .string({ error: EXCHANGE_MESSAGES.emailRequired })
    .trim()
    .min(1, EXCHANGE_MESSAGES.emailRequired)
    .max(254, EXCHANGE_MESSAGES.invalidEmail)
    .pipe(z.email(EXCHANGE_MESSAGES.invalidEmail)),
  phone: visitorText('Phone', 40)
    .refine((v) => /^[+\d\s().-]*$/.test(v), EXCHANGE_MESSAGES.invalidPhone)
    .optional(),
  company: visitorText('Company', 100).optional(),
  jobTitle: visitorText('Job title', 100).optional(),
  note: visitorText('Note', 2000).optional(),
  /** The consent box: must be true when the division asks for consent. */
  consent: z.boolean({ error: 'consent is true or false.' }).optional(),
  /** The hidden honeypot: people leave it empty. */
  website: z.string().max(200).optional(),
});

/** GET /api/contacts/exchange/{profileId}: what the form shows — whose page, and the division's consent when it asks for one. */
export const ContactExchangeFormSchema = z.object({
  /** The owner's first name, for the form's title. */
  firstName: z.string(),
  /** Sanitised rich text the visitor agrees to; null when the division asks for no consent. */
  consentHtml: z.string().nullable(),
});
export type ContactExchangeForm = z.infer<typeof ContactExchangeFormSchema>;

export const ContactExchangeResultSchema = z.object({ success: z.literal(true), message: z.string() });
