import type { FeatureFlags, WhiteLabel } from '@profilehub/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A profile's own name as lists show it: its full name, else first and last name (null when neither). Written with `||`
 * rather than concat_ws so it is immutable and a trigram index can hold it (the users list's name search, issue #27).
 */
export const profileOwnNameSql = (content: SQLWrapper): SQL<string | null> =>
  sql`coalesce(nullif(trim(${content}->>'fullName'), ''), nullif(trim(coalesce(${content}->>'firstName', '') || ' ' || coalesce(${content}->>'lastName', '')), ''))`;
/**
 * A template's name as the templates list shows and sorts it (spec §2 "A-Z (template name, falling back to
 * profile name)"): immutable, so the list's order is an index (issue #27).
 */
export const templateDisplayNameSql = (t: { templateName: SQLWrapper; content: SQLWrapper }): SQL<string> =>
  sql`coalesce(nullif(${t.templateName}, ''), coalesce(${profileOwnNameSql(t.content)}, ''))`;
/** An account's names and email in one text, for the trigram index of the name search (a superset: the list re-checks its own rule). */
export const accountSearchTextSql = (u: { firstName: SQLWrapper; lastName: SQLWrapper; email: SQLWrapper }): SQL<string> =>
  sql`(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '') || ' ' || ${u.email})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Divisions (spec §3). Flags are stored sparse and merged over the defaults when read. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  subdomain: text('subdomain').notNull().unique(),
  /** The division's own domain, set only once its ownership is verified: every page address and the host look-up read it. */
  customDomain: text('custom_domain').unique(),
  customDomainUrl: text('custom_domain_url'),
  /** A domain entered in the console and not yet verified, with the token the hub serves under /.well-known/ for it. */
  pendingDomain: text('pending_domain').unique(),
  domainToken: text('domain_token'),
  customDomainVerifiedAt: timestamp('custom_domain_verified_at', { withTimezone: true }),
  featureFlags: jsonb('feature_flags').$type<Partial<FeatureFlags>>().notNull().default({}),
  imageGalleryLimit: integer('image_gallery_limit').notNull().default(5),
  customSupportLink: text('custom_support_link'),
  paymentStructure: text('payment_structure', { enum: ['individual', 'corporate'] })
    .notNull()
    .default('corporate'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  whiteLabel: jsonb('white_label').$type<WhiteLabel>(),
  /** Lower-cased white-label hub domain, indexed so the host lookup on every page load is cheap. */
  hubDomain: text('hub_domain').unique(),
  trainingVideoUrl: text('training_video_url'),
  /** The display name of the division's mails (their From); null: its white-label title, else the product's. */
  mailFromName: text('mail_from_name'),
  /** The address of its mails' From, in its verified custom domain or the hub's mail domain; null: MAIL_FROM's address. */
  mailFromAddress: text('mail_from_address'),
  /** Spec §4 Publish step 2: the division asks its people to agree to this text (sanitised rich text) before publishing. */
  consentEnabled: boolean('consent_enabled').notNull().default(false),
  consentText: text('consent_text').notNull().default(''),
  /** When a superadmin archived the division (its pages 410, its members cannot sign in); null while live. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  /** What a deactivated member's public page shows when the deactivation names no outcome (issue #28, decision 022). */
  offboardingOutcome: text('offboarding_outcome', { enum: ['successor', 'company', 'gone'] })
    .notNull()
    .default('gone'),
  /** Issue #29 Contacts: months a visitor's contact is kept before the upkeep erases it; null keeps them. */
  contactRetentionMonths: integer('contact_retention_months'),
  /** Issue #29 Follow-up mail: a visitor who exchanges details on a page gets the owner's card (vCard) by mail. */
  exchangeFollowUp: boolean('exchange_follow_up').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    username: text('username').notNull(),
    title: text('title'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role', { enum: ['superadmin', 'supervisor', 'user'] })
      .notNull()
      .default('user'),
    passwordHash: text('password_hash'),
    /** Registration completed: the invited person proved their email (code or Google). */
    registered: boolean('registered').notNull().default(false),
    /** A password was set after registration (spec: unconfirmed users must set one first). */
    confirmed: boolean('confirmed').notNull().default(false),
    /** Set after repeated wrong passwords: the next sign-in needs an emailed code first. */
    verificationRequired: boolean('verification_required').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    googleSub: text('google_sub').unique(),
    blocked: boolean('blocked').notNull().default(false),
    /** Settings → Manage Notifications: the mails a person may turn off (codes and reset links always go). */
    mailApprovalRequests: boolean('mail_approval_requests').notNull().default(true),
    mailApprovalDecisions: boolean('mail_approval_decisions').notNull().default(true),
    mailLeadMessages: boolean('mail_lead_messages').notNull().default(true),
    /** Settings → Passkeys: after a right password, a passkey or an emailed code must finish the sign-in; null: the password is enough. */
    secondFactor: text('second_factor', { enum: ['passkey_or_code'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The few superadmins, found without reading every account: lists leave platform staff out (scope.ts notPlatformStaff)
  // by this look-up, which at 100,000 accounts otherwise scans them all on every request (issue #27).
  (t) => [
    index('users_superadmin_idx').on(t.id).where(sql`${t.role} = 'superadmin'`),
    index('users_search_trgm_idx').using('gin', sql`${accountSearchTextSql(t)} gin_trgm_ops`),
  ],
);

/** Membership of a user in a division; `supervisor` members manage that division. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['supervisor', 'member'] })
      .notNull()
      .default('member'),
    position: integer('position').notNull().default(0),
    /** Offboarding (decision 022): the person left this division; the membership grants nothing until reactivated. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivatedBy: integer('deactivated_by').references(() => users.id, { onDelete: 'set null' }),
    /** SCIM provisioning (decision 023): the identity provider's id of this person in this division. */
    scimExternalId: text('scim_external_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('company_members_company_idx').on(t.companyId)],
);

/** A JWT carries the session id, so revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time codes and reset tokens: only a hash is kept; single use, expiring, attempt-counted. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register', 'login', 'reset', 'google', 'sso', 'delete', 'mfa', 'mfa-ticket'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_email_idx').on(t.email, t.purpose), index('one_time_codes_hash_idx').on(t.codeHash)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // Both drivers hand back a Uint8Array (pg a Buffer, one); WebAuthn wants a plain Uint8Array.
  fromDriver: (value) => new Uint8Array(value),
});

/** A person's passkeys (WebAuthn credentials): the public key the hub checks a sign-in's signature with. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url: a sign-in names it, so it is looked up by it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter: a sign-in with one not above it is a cloned authenticator (0 = it counts nothing). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges the hub handed out: each works once (taking it deletes it) and only
 * until it expires. `user_id` is the account it was asked for (registration, a second
 * factor); null for a sign-in that lets the browser offer any passkey of this hub.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** A profile record; its editable content arrives with the profile document work. */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    alias: text('alias'),
    isMaster: boolean('is_master').notNull().default(false),
    masterProfileId: integer('master_profile_id'),
    templateName: text('template_name'),
    /** A master's (or standalone profile's) whole document; a child's own overrides only (shared ProfileContentOverridesSchema). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** Optimistic concurrency: every save must name the version it started from. */
    version: integer('version').notNull().default(1),
    stylingId: integer('styling_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The effective content at the last publish: the public page renders only this. */
    publishedContent: jsonb('published_content').$type<Record<string, unknown>>(),
    /**
     * The profile's own `content` as it was at the last publish. Rebuilding a
     * child after a template change merges the new master with this, so the
     * child's saved-but-unpublished (or unapproved) edits never go live that way.
     */
    publishedOverrides: jsonb('published_overrides').$type<Record<string, unknown>>(),
    /** Static HTML rendered at publish time, with its ETag. */
    publishedHtml: text('published_html'),
    /**
     * The same page compressed once when it is stored (decision 035), brotli and gzip: what a
     * visitor is sent. Null on a page stored before migration 0043 until a visit fills them in.
     */
    publishedBr: bytea('published_br'),
    publishedGzip: bytea('published_gzip'),
    /**
     * The lead form (fields, labels, thank-you message) as the live page shows it: a later
     * change of the form reaches the page only with a publish the division allows (approval),
     * and the public submit route checks submissions against exactly this.
     */
    publishedLeadForm: jsonb('published_lead_form').$type<Record<string, unknown>>(),
    publishedEtag: text('published_etag'),
    /**
     * When the stored page next looks different by itself (a button's or social link's window
     * opens or closes, a gallery item expires; decision 028): the `published-pages-due` job
     * re-renders it then. Null when nothing on the page keeps time, or the page is down.
     */
    nextChangeAt: timestamp('next_change_at', { withTimezone: true }),
    site: jsonb('site').$type<{ siteId: string; domainName: string }>(),
    /**
     * Its owner was deactivated in its division (decision 022): the public page (and its card files) redirect to
     * the successor's page, show the division's card, or answer 410. Null while the owner is active.
     */
    offboardOutcome: text('offboard_outcome', { enum: ['successor', 'company', 'gone'] }),
    offboardSuccessorId: integer('offboard_successor_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_alias_unique').on(t.alias),
    index('profiles_company_idx').on(t.companyId),
    index('profiles_user_idx').on(t.userId),
    index('profiles_master_idx').on(t.masterProfileId),
    // The pages due for a re-render (decision 028): a few among many, found every minute.
    index('profiles_next_change_idx').on(t.nextChangeAt).where(sql`${t.nextChangeAt} is not null`),
    // The users list's default order (last edited first) within a division: an index scan, not a sort.
    index('profiles_company_updated_idx').on(t.companyId, t.updatedAt.desc(), t.id.desc()).where(sql`not ${t.isMaster}`),
    // The name search of the users list at 100,000 staff: ILIKE '%…%' through trigrams
    // (pg_trgm: the migration that adds these indexes creates the extension).
    index('profiles_own_name_trgm_idx')
      .using('gin', sql`(${profileOwnNameSql(t.content)}) gin_trgm_ops`)
      .where(sql`not ${t.isMaster}`),
    // The same order as the one above across every division (a superadmin’s list of 100,000 staff, issue #27), as the
    // list asks for it (`desc` is nulls first): the first page is an index scan, and the tab counts an index-only scan
    // (owner and publish time are in the index).
    index('profiles_staff_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId, t.publishedAt).where(sql`not ${t.isMaster}`),
    // A superadmin's users list by name across every division (issue #27): profiles with a name of their own are read
    // in this order (users.queries.ts pageByName); those without one are few, and found through the next index.
    index('profiles_staff_name_idx')
      .on(sql`lower(${profileOwnNameSql(t.content)})`, t.id)
      .where(sql`not ${t.isMaster}`),
    index('profiles_staff_unnamed_idx')
      .on(t.id)
      .where(sql`not ${t.isMaster} and ${profileOwnNameSql(t.content)} is null`),
    // The templates list of every division in its A-Z order, and its count, without reading the 100,000 staff profiles.
    index('profiles_templates_name_idx')
      .on(sql`lower(${templateDisplayNameSql(t)})`, t.id)
      .where(sql`${t.isMaster}`),
    // The profiles a template governs, counted from the index alone (templates list by linked profiles).
    index('profiles_children_idx').on(t.masterProfileId).where(sql`not ${t.isMaster}`),
  ],
);

/** Outbox transport: every mail sent without SMTP lands here so a newcomer can read it. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** A queued mail's Message-ID: a retried job stores its mail once. */
  messageId: text('message_id').unique(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    target: text('target'),
    /** The division the action was about (the audit screen's division filter); no foreign key, so the line outlives it. */
    companyId: integer('company_id'),
    /** The change record: `before` and `after` (changed fields only, secrets redacted) and details such as counts. */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** Themes (spec §3 Theme): a layout, a font and CSS; company-specific when company_id is set. */
export const profileStylings = pgTable('profile_stylings', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  cssPlug: text('css_plug').notNull().default(''),
  layout: text('layout').notNull().default('desktop2'),
  fontFamily: text('font_family'),
  previewImageUrl: text('preview_image_url'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Permission records (spec §3): a master's entries for its children ('child') or for itself ('master'). */
export const permissionRecords = pgTable(
  'permission_records',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['child', 'master'] }).notNull(),
    title: text('title').notNull(),
    permissions: jsonb('permissions').$type<unknown[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('permission_records_profile_kind').on(t.profileId, t.kind)],
);

/** Approval requests (spec §3 Approval): approved null is pending. */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approved: boolean('approved'),
    message: text('message'),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    profileChanges: jsonb('profile_changes').$type<unknown[]>().notNull().default([]),
    /**
     * The profile's own content and version when the request was made: approving publishes
     * exactly this, never edits made after the supervisor's review was asked for.
     */
    requestedContent: jsonb('requested_content').$type<Record<string, unknown>>(),
    requestedVersion: integer('requested_version'),
    /**
     * The lead form the page would draw when the request was made (`form`: null when none):
     * the supervisor reviews its changes and approving publishes it, never a later edit of
     * the form. Null on requests made before forms were bound: those draw the current form.
     */
    requestedLeadForm: jsonb('requested_lead_form').$type<{ form: Record<string, unknown> | null }>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('approvals_company_pending_idx').on(t.companyId, t.approved),
    index('approvals_profile_idx').on(t.profileId),
    // Spec §4 Approval: a profile has at most one pending request; a second request re-requests it.
    uniqueIndex('approvals_one_pending_per_profile').on(t.profileId).where(sql`${t.approved} is null`),
  ],
);

/** Uploaded files: stored under server-generated keys, checked by content, owned by a division. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull().unique(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    /** Its owner removed it; the file goes once no draft, live page or pending approval shows it (modules/uploads/sweep.ts). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('uploads_company_idx').on(t.companyId)],
);

/** Lead forms (spec §3 Lead form) and what visitors submit through them. */
export const leadForms = pgTable(
  'lead_forms',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull().unique(),
    title: text('title').notNull(),
    fields: jsonb('fields').$type<unknown[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    formSubmittedMessage: text('form_submitted_message'),
    subject: text('subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lead_forms_profile_idx').on(t.profileId)],
);

export const leadSubmissions = pgTable(
  'lead_submissions',
  {
    id: serial('id').primaryKey(),
    leadFormId: integer('lead_form_id').references(() => leadForms.id, { onDelete: 'set null' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The visitor's details as given: name, email, mobile, message; an exchange adds company and jobTitle (issue #29). */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** How the contact came (issue #29 Contacts): the page's lead form, a "Share my details" exchange, an import, or a scanned card. */
    source: text('source', { enum: ['lead_form', 'exchange', 'imported', 'scanned'] })
      .notNull()
      .default('lead_form'),
    /** The owner's notes on the contact. */
    notes: text('notes').notNull().default(''),
    /** A scanned card's photo (purpose contact-card), served only to those who see the contact; the sweep keeps it while this refers to it. */
    cardUploadId: integer('card_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The contacts list orders `created_at desc, id desc` (nulls first, SQL's default for desc). These ascending indexes
    // walked backwards give exactly that order, so a page is an index walk, not a sort of every match; a `desc()` index
    // here would be `desc nulls last`, which the planner cannot use for it (bench/contacts.mjs at 100,000 contacts).
    // A person's contacts (their profile's), newest first.
    index('lead_submissions_profile_idx').on(t.profileId, t.createdAt, t.id),
    // A division's newest first; its count walks the index alone.
    index('lead_submissions_company_idx').on(t.companyId, t.createdAt, t.id),
    // A division's contacts of one source (lead form, exchange, imported), newest first, and their count.
    index('lead_submissions_company_source_idx').on(t.companyId, t.source, t.createdAt, t.id),
    // A superadmin's list across every division, newest first.
    index('lead_submissions_created_idx').on(t.createdAt, t.id),
    // The search over the visitor's details (pg_trgm, migration 0021).
    index('lead_submissions_search_trgm_idx').using('gin', sql`(${contactSearchTextSql(t.data)}) gin_trgm_ops`),
    // Delete-on-request finds a visitor by their address.
    index('lead_submissions_email_idx').on(sql`lower(${t.data}->>'email')`),
  ],
);

/** The text the contacts search reads: the visitor's name, email, mobile and company, lower-cased. */
export function contactSearchTextSql(data: SQLWrapper): SQL {
  return sql`lower(coalesce(${data}->>'name', '') || ' ' || coalesce(${data}->>'email', '') || ' ' || coalesce(${data}->>'mobile', '') || ' ' || coalesce(${data}->>'company', ''))`;
}

/**
 * Interaction events from public pages (spec §7 actions × types), append-only.
 * Reports read rollups built from these; the raw rows stay for exports and re-aggregation.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    companyId: integer('company_id').notNull(),
    profileId: integer('profile_id').notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    label: text('label'),
    value: text('value'),
    /** Daily-salted hash of the visitor: counts unique visitors without cookies or stored IPs. */
    visitorHash: text('visitor_hash'),
  },
  (t) => [
    // Partitioned by month of occurred_at (migration 0005, modules/events/partitions.ts): the key must hold it.
    primaryKey({ columns: [t.id, t.occurredAt] }),
    index('events_occurred_brin').using('brin', t.occurredAt),
    index('events_profile_idx').on(t.profileId, t.occurredAt),
  ],
);

/**
 * The analytics rollup (docs/decisions/008): one row per day × profile × action × type × label.
 * Reports read only this table, so their cost grows with days × profiles, not with traffic.
 * `visitors` counts distinct visitors of that key on that day (see `dailyVisitors`).
 */
export const dailyStats = pgTable(
  'daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    profileId: integer('profile_id').notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    /** '' when the event had no label, so the key stays a plain primary key. */
    label: text('label').notNull().default(''),
    count: integer('count').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.day, t.action, t.type, t.label] }),
    index('daily_stats_company_action_day_idx').on(t.companyId, t.action, t.day),
    // Page views of a division's profiles (top viewed profiles) or of one profile, answered from the index alone.
    index('daily_stats_page_views_idx').on(t.companyId, t.profileId, t.day, t.count, t.visitors).where(sql`${t.action} = 'view' and ${t.type} = 'page'`),
  ],
);

/**
 * Every division together, per day, kind and label: the sum of `company_daily_stats` over the divisions there are
 * (a deleted division's rows go out of both). The superadmin's industry average, and a superadmin's reports of every
 * division, read a few thousand rows a year instead of every division's rollup (issue #27).
 */
export const industryDailyStats = pgTable(
  'industry_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull().default(''),
    count: integer('count').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.action, t.type, t.label] })],
);

/**
 * The same rollup without the profile: company-wide reports over a year read a few
 * thousand rows instead of one per profile. `visitors` sums the profile-level
 * visitors (a person who visits two profiles counts twice).
 */
export const companyDailyStats = pgTable(
  'company_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull().default(''),
    count: integer('count').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.action, t.type, t.label] })],
);

/**
 * Lifetime views per profile (spec §3 users list `count`), kept by the same flush that
 * writes `daily_stats`: sorting the users list by views reads one row per profile
 * instead of summing a year of daily rows for every profile of a company.
 */
export const profileTotals = pgTable(
  'profile_totals',
  {
    profileId: integer('profile_id').primaryKey(),
    companyId: integer('company_id').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [index('profile_totals_company_views_idx').on(t.companyId, t.views)],
);

/**
 * Which visitor hashes were already counted for a day and key: makes `daily_stats.visitors`
 * exact per day. Only today's (and yesterday's, for late events) rows are needed; older ones are pruned.
 */
export const dailyVisitors = pgTable(
  'daily_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    profileId: integer('profile_id').notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull().default(''),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.profileId, t.action, t.type, t.label, t.visitorHash] })],
);

/** Bot and link-preview hits, dropped from the statistics but counted so owners see how much was filtered. */
export const dailyFiltered = pgTable(
  'daily_filtered',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    profileId: integer('profile_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day] }), index('daily_filtered_company_day_idx').on(t.companyId, t.day)],
);

/**
 * Where a profile's views came from, per UTC day (issue 30, decision 032): views per dimension
 * (source, referrer, campaign, device, os, browser, country) and value, written by the same
 * statement as `daily_stats`. Only derived values: never an address or a whole User-Agent. At
 * most 50 referrers and 50 campaigns per profile and day; more count as 'other'.
 */
export const dailyViewSources = pgTable(
  'daily_view_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    profileId: integer('profile_id').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day, t.dimension, t.value] })],
);

/** `daily_view_sources` summed over a division's profiles: what division-wide reports read. */
export const companyViewSources = pgTable(
  'company_view_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.dimension, t.value] })],
);

/** Billing history of a user (spec §7 GET /purchase-histories, §3 billing). Written by the billing provider's integration. */
export const purchaseHistories = pgTable(
  'purchase_histories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    /** Minor units (cents), so money is never a float. */
    amountGross: integer('amount_gross').notNull(),
    currency: text('currency').notNull().default('ZAR'),
    billingDate: timestamp('billing_date', { withTimezone: true }).notNull(),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('purchase_histories_user_idx').on(t.userId, t.billingDate)],
);

/** Every publish of a profile, newest last: lets a supervisor roll back to the previously published version. */
export const profilePublications = pgTable(
  'profile_publications',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The profile's own content (overrides for a child) and the effective content as published. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    publishedContent: jsonb('published_content').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('profile_publications_profile_idx').on(t.profileId, t.publishedAt)],
);

/** Abuse-limit counters shared by every server on one PostgreSQL (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * Changes to what a division's published pages show, appended by triggers on `profiles` and
 * `companies` (migration 0044, decision 036): every server's page cache reads the changes
 * committed since it last looked, instead of checking each page it holds. `xid` is the writing
 * transaction's id (`pg_current_xact_id()`), so a change that commits late is still found (its id
 * is never below the oldest transaction running when the cache last looked). Appended, never
 * updated: a trigger takes no row lock that two transactions could wait on in turn; one row per
 * transaction and division. Rows older than ten minutes are deleted by the upkeep job. No foreign key: a deleted division's change counts.
 */
export const pageChanges = pgTable(
  'page_changes',
  {
    companyId: integer('company_id').notNull(),
    xid: bigint('xid', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_changes_xid_idx').on(t.xid)],
);

/** Facts about this database that start-up reads under its advisory lock (e.g. the demo seed ran once, ever). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Id tokens (Google, company OpenID) and SAML assertion IDs already used to sign in: each works once, until it expires anyway. */
export const usedIdTokens = pgTable('used_id_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Exports of all of a division's data (a zip in the upload store, made by a job), kept
 * DIVISION_EXPORT_TTL_DAYS. `company_id` has no foreign key on purpose: the export outlives
 * the division it was made to keep, until it expires.
 */
export const divisionExports = pgTable(
  'division_exports',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    fileName: text('file_name').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    phase: text('phase', { enum: ['queued', 'data', 'uploads', 'storing', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** When the job began reading: a change of the division after this is not in the zip. */
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    /** Moved on every step of the job: a queued or running export that stopped moving is dead. */
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('division_exports_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * A staff import (issue #26) run as a job: the uploaded file until it is done, who started it
 * and the divisions its rows address (who may see it), and its progress. Any copy of the
 * server runs it and any serves its status and result.
 */
export const importJobs = pgTable('import_jobs', {
  id: serial('id').primaryKey(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The divisions the file's rows name that the starter may import into: a supervisor sees the job when they supervise all of them. */
  companyIds: integer('company_ids').array().notNull(),
  /** The starter as the policy saw them (role and divisions), for the checks the job makes. */
  actor: jsonb('actor').$type<{ userId: number; role: string; companyIds: number[]; supervisedCompanyIds: number[] }>().notNull(),
  fileName: text('file_name').notNull(),
  /** The file, base64; cleared once the import is done. */
  file: text('file'),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  notify: boolean('notify').notNull(),
  /** queued, running, done or failed. */
  state: text('state').notNull().default('queued'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A template's rebuild of its published children started from the editor (decision 034): the
 * progress the editor follows, on whichever copy it asks. `afterId` is the last child whose
 * batch is written, so a retried job goes on after it rather than from the start.
 */
export const templateRebuilds = pgTable('template_rebuilds', {
  id: serial('id').primaryKey(),
  /** The template's division: who may follow the job is asked of the template, in that division's scope. */
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  masterId: integer('master_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** queued, running, done or failed. */
  state: text('state').notNull().default('queued'),
  /** Published children when the job started; done counts those looked at (rebuilt, failed, or unpublished meanwhile). */
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  rebuilt: integer('rebuilt').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  afterId: integer('after_id').notNull().default(0),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Each row's outcome, written in the transaction that imports it: a row with an outcome is never imported again. */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    email: text('email').notNull(),
    /** created, updated or skipped. */
    outcome: text('outcome').notNull(),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.row] })],
);

/**
 * One deactivation of a person in a division (issue #28, decision 022), and exactly what it moved to the
 * successor's profile: the lead submissions by id, and the statistics rows as they were, so a reactivation
 * takes back what was added and puts the original rows back. `reactivated_at` set: it was undone.
 */
export const offboardings = pgTable(
  'offboardings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['successor', 'company', 'gone'] }).notNull(),
    successorProfileId: integer('successor_profile_id'),
    moved: jsonb('moved').$type<OffboardingMoved>().notNull(),
    deactivatedBy: integer('deactivated_by').references(() => users.id, { onDelete: 'set null' }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }).notNull().defaultNow(),
    reactivatedBy: integer('reactivated_by').references(() => users.id, { onDelete: 'set null' }),
    reactivatedAt: timestamp('reactivated_at', { withTimezone: true }),
  },
  (t) => [
    index('offboardings_member_idx').on(t.userId, t.companyId),
    // At most one deactivation in force per membership.
    uniqueIndex('offboardings_one_open').on(t.userId, t.companyId).where(sql`${t.reactivatedAt} is null`),
  ],
);

/** What a deactivation moved to the successor (empty lists for 'company' and 'gone'). */
export type OffboardingMoved = {
  /** The person's profiles in the division. */
  profileIds: number[];
  /** Lead submissions moved, with the profile each came from. */
  leads: { id: number; profileId: number }[];
  /** daily_stats rows of those profiles as they were (added into the successor's rows). */
  dailyStats: { day: string; profileId: number; action: string; type: string; label: string; count: number; visitors: number }[];
  /** profile_totals rows of those profiles as they were. */
  totals: { profileId: number; views: number }[];
  /** daily_view_sources rows of those profiles as they were; absent in records from before view sources (issue #30). */
  viewSources?: { day: string; profileId: number; dimension: string; value: string; count: number }[];
};

/**
 * A division's company single sign-on (issue #28): its OpenID provider, our client there (the
 * secret AES-256-GCM-encrypted, docs/decisions/021), the email domains it signs in, and whether
 * passwords and emailed codes are refused for those domains.
 */
export const divisionSso = pgTable('division_sso', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** 'oidc' | 'saml': which of the two protocols the division's provider speaks; the rest is shared. */
  protocol: text('protocol').$type<'oidc' | 'saml'>().notNull().default('oidc'),
  /** OpenID Connect: issuer, client and its sealed secret (decision 021); empty for SAML. */
  issuer: text('issuer').notNull().default(''),
  clientId: text('client_id').notNull().default(''),
  clientSecretEncrypted: text('client_secret_encrypted').notNull().default(''),
  /** SAML 2.0: the identity provider's entity ID, its redirect-binding sign-in URL and signing certificates (PEM), from its metadata. */
  samlIdpEntityId: text('saml_idp_entity_id'),
  samlSsoUrl: text('saml_sso_url'),
  samlIdpCerts: text('saml_idp_certs').array(),
  /** Where the metadata was fetched from, when it was not pasted. */
  samlMetadataUrl: text('saml_metadata_url'),
  /** Lower-case domains, each claimed by one division only (the service refuses a second). */
  allowedDomains: text('allowed_domains').array().notNull(),
  required: boolean('required').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * A started SSO sign-in: the state (its hash is the key), nonce and PKCE verifier, kept server-side
 * until the provider sends the browser back; the callback deletes the row, so each state works once.
 */
export const ssoLogins = pgTable('sso_logins', {
  stateHash: text('state_hash').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * SCIM provisioning tokens (issue #28, decision 023): a bearer token decides the division. Only
 * the SHA-256 of the token is kept; the token is shown once, at creation. A revoked token stays
 * listed. The token acts as its creator (audit lines name them); it goes with their account.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's last four characters, so an operator can tell tokens apart. */
    hint: text('hint').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('scim_tokens_company_idx').on(t.companyId)],
);

/**
 * The public REST API's keys (issue #29, decision 027): a key of one division, with the scopes it
 * was given, calls the hub's own routes as its maker limited to that division. Only the SHA-256
 * of the key is kept (looked up by that hash); the key is shown once, at creation. A revoked key
 * stays listed. Offboarding the maker in the division revokes it; it goes with their account.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters (`phk_` and eight more), so an operator can tell keys apart. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_company_idx').on(t.companyId), index('api_keys_created_by_idx').on(t.createdBy)],
);

/**
 * A division's webhook subscriptions (issue #29): a URL told of the chosen events, signed per the
 * Standard Webhooks scheme with a secret the hub must read back to sign, so sealed (secret-box,
 * decision 021; context `webhook:{id}`), never hashed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** One event sent to one endpoint, and how its tries went (the hub's delivery log); the job retries it. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The webhook-id header: the same on every try, so a receiver can drop duplicates. */
    messageId: text('message_id').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    lastStatusCode: integer('last_status_code'),
    lastResponseMs: integer('last_response_ms'),
    lastError: text('last_error'),
    /** When a pending delivery is due (its next try); null once delivered or failed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The lease of the copy sending it (decision 033): until then no other copy claims it; a copy
     * that dies leaves it to be claimed again once this has passed.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The copy that holds the lease (or held it last): its results are recorded only while it holds it. */
    claimedBy: text('claimed_by'),
  },
  (t) => [
    index('webhook_deliveries_log_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Phones that hold a card's Apple Wallet pass and asked to hear of its new versions (issue #30,
 * Apple's PassKit web service). A publish of the card after `pushed_at` is pushed to the phone
 * (wallet.service.ts), which then fetches the new pass. Gone with the profile.
 */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    id: serial('id').primaryKey(),
    deviceLibraryId: text('device_library_id').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: createdAt(),
    /** The publish this phone was last told of (registration time at first). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_registrations_device_profile_idx').on(t.deviceLibraryId, t.profileId), index('wallet_registrations_profile_idx').on(t.profileId)],
);
