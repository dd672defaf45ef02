/**
 * Request and response shapes of the profiles API (spec §7 Profiles, Approvals,
 * permissions calls; themes). The profile document itself is in
 * `profile/content.ts`; a route validates `content` against the schema that fits
 * the profile (a child's overrides or a whole document), so here it is an object.
 */
import { z } from 'zod';
import { EDITOR_ALIAS_MAX } from './aliases.ts';
import { CompanySchema, WhiteLabelSchema } from './companies.schemas.ts';
import { MAX_ROW_ID } from './companies.ts';
import { ErrorBodySchema } from './errors.schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './errors.ts';
import { PROFILE_BOUNDS } from './profile/constants.ts';
import type { EditorContent } from './profile/inherit.ts';
import { PermissionEntriesSchema, PermissionSetSchema } from './profile/permissions.schemas.ts';

const rowId = z.number().int().positive().max(MAX_ROW_ID);
/** A row id in a path or query string. */
const rowIdParam = z.coerce.number().int().positive().max(MAX_ROW_ID);
const isoDate = z.string();

/**
 * Spec §7 "body is the profile, or {data}": a body may come wrapped in `data`.
 * Unwraps it before validation, so both forms give the same errors.
 */
const dataOrBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => {
    if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body && Object.keys(body).length === 1) return (body as { data: unknown }).data;
    return body;
  }, schema);

/** A profile's content as sent or read: checked against the profile document schemas by the route. */
const ContentObjectSchema = z.record(z.string(), z.unknown(), { error: 'content must be an object.' });

/** `/{id}` of a profile, theme, permission record or approval. */
export const IdParamsSchema = z.object({ id: rowIdParam });

export const ProfileQuerySchema = z.object({
  /** `self-service`: the editor's view (content, permissions, company context); without it the basic record. */
  populate: z.enum(['self-service'], { error: 'populate can only be self-service.' }).optional(),
});

/** GET /profiles/{id} without populate: the profile record. */
export const ProfileBasicSchema = z.object({
  id: z.number(),
  alias: z.string().nullable(),
  userId: z.number().nullable(),
  companyId: z.number(),
  isMaster: z.boolean(),
  masterProfileId: z.number().nullable(),
  publishedAt: z.string().nullable(),
});
export type ProfileBasic = z.infer<typeof ProfileBasicSchema>;

/** Where a published profile lives (spec §3 `domain{siteId,domainName}`). */
export const SiteSchema = z.object({ siteId: z.string(), domainName: z.string() });
export type Site = z.infer<typeof SiteSchema>;

/** The record-level fields of a profile the editor needs (its content is beside it). */
export const ProfileRecordSchema = ProfileBasicSchema.extend({
  templateName: z.string().nullable(),
  /** Optimistic concurrency: send it back with the next save. */
  version: z.number().int(),
  updatedAt: z.string(),
  site: SiteSchema.nullable(),
  stylingId: z.number().nullable(),
  /** Spec §4: a pending approval (approved null) exists. */
  pendingApproval: z.boolean(),
  /** The pending approval to re-request with PUT /approvals/single/{id}. */
  pendingApprovalId: z.number().nullable(),
  /** The supervisor's answer to the latest request, shown in the editor until a new request is made (none while one is pending). */
  lastDecision: z.object({ approved: z.boolean(), message: z.string().nullable(), respondedAt: z.string() }).nullable(),
  /**
   * The live page is a rollback: a supervisor put the previously published version back (on
   * the page and in the editor). Who did it (a name, null when the account is gone) and when;
   * null once the profile is published again, and while a request is pending.
   */
  rolledBack: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
});

/** The division as the editor needs it (spec §3 Division subset) plus where its pages live. */
export const EditorCompanySchema = CompanySchema.pick({
  id: true,
  name: true,
  title: true,
  subdomain: true,
  customDomain: true,
  customDomainUrl: true,
  feature_flags: true,
  limits: true,
  consent: true,
}).extend({
  /** The host of the division's public pages: its custom domain, else `{subdomain}.{PUBLIC_DOMAIN}`. */
  profileDomain: z.string(),
  /** Who "Request edits" writes to: the division's supervisors (spec §2 Personal details). */
  editRequestsTo: z.array(z.string()).default([]),
  /** The white-label parts the division's pages show (brand colour, custom CSS, logo): the preview draws them like the page. */
  whiteLabel: WhiteLabelSchema.pick({ logo: true, css: true, brand_color: true }).nullable().default(null),
  /** The wallets this install puts cards in (issue #30): the page offers "Add to Apple Wallet" / "Save to Google Wallet" for each. */
  wallets: z.object({ apple: z.boolean(), google: z.boolean() }).default({ apple: false, google: false }),
});

export const MasterSummarySchema = z.object({
  id: z.number(),
  templateName: z.string().nullable(),
  stylingId: z.number().nullable(),
  publishedAt: z.string().nullable(),
  /**
   * The template's own text values (top-level fields): what a child's page shows where
   * the child leaves the field empty, so the editor can say so while the person types.
   */
  textValues: z.record(z.string(), z.string()).default({}),
  /** Of those, the fields the person left empty: the value the editor shows there is the template's. */
  inheritedKeys: z.array(z.string()).default([]),
  /**
   * The template's own document: the preview lays the child's form over it exactly as
   * publishing does (`publishedContent`), so items the template hides from the child
   * (a footer disclaimer) show in the preview as on the page.
   */
  content: ContentObjectSchema.default({}),
});

/** What the caller may do with this profile (the server enforces the same rules). */
export const ProfileAccessSchema = z.object({
  /** Supervisor of the division or superadmin: publish without approval, unpublish, delete, admin-only fields. */
  canManage: z.boolean(),
  /** Custom CSS and theme editing (spec §6 style editing). */
  canEditStyling: z.boolean(),
  /** Permission records of a template (spec §6 permissions flag). */
  canManagePermissions: z.boolean(),
  /** Publishing goes through an approval request (spec §4 step 4). */
  needsApproval: z.boolean(),
});

/** GET /profiles/{id}?populate=self-service. */
export const ProfileEditorViewSchema = z.object({
  profile: ProfileRecordSchema,
  /** A child's effective content (master merged with its own, hidden keys left out); a master's or standalone profile's own document. */
  content: ContentObjectSchema,
  /** The entries that govern the profile: a child's master's child set; a master's child and master sets. */
  permissions: PermissionSetSchema,
  company: EditorCompanySchema,
  master: MasterSummarySchema.nullable(),
  access: ProfileAccessSchema,
});
export type ProfileEditorView = Omit<z.infer<typeof ProfileEditorViewSchema>, 'content'> & { content: EditorContent };

/** PUT /profiles/{id}: the version the edit started from and the whole edited document (the editor's view). */
export const SaveProfileSchema = dataOrBody(
  z.object({
    version: z.number({ error: 'version is required: send the version the edit started from.' }).int().min(1).max(MAX_ROW_ID),
    content: ContentObjectSchema,
  }),
);
export type SaveProfileInput = z.output<typeof SaveProfileSchema>;

/** Spec §7 Save-profile: success, message (the profile id), companyId, hideNotification; plus the new version. */
export const SaveProfileResponseSchema = z.object({
  success: z.literal(true),
  /** The profile id (spec §7). */
  message: z.number(),
  companyId: z.number(),
  /** True when nothing changed (the save was a no-op): no toast needed. */
  hideNotification: z.boolean(),
  version: z.number().int(),
});
export type SaveProfileResponse = z.infer<typeof SaveProfileResponseSchema>;

/** 409 of a stale save: nothing was written; here is what is stored now. */
export const StaleProfileBodySchema = ErrorBodySchema.extend({
  currentVersion: z.number().int(),
  content: ContentObjectSchema,
});
export type StaleProfileBody = Omit<z.infer<typeof StaleProfileBodySchema>, 'content'> & { content: EditorContent };

/** POST /profiles: a template (master) or a standalone profile, or a child of a master of the same division. */
export const CreateProfileSchema = dataOrBody(
  z.strictObject({
    companyId: rowId,
    isMaster: z.boolean().default(false),
    templateName: z.string().trim().min(1).max(PROFILE_BOUNDS.name).refine(hasNoNul, NUL_MESSAGE).optional(),
    /** The owner: a member of the division (none for a template). */
    userId: rowId.optional(),
    masterProfileId: rowId.optional(),
    content: ContentObjectSchema.optional(),
  }),
);
export type CreateProfileInput = z.output<typeof CreateProfileSchema>;

export const CreateProfileResponseSchema = z.object({
  success: z.literal(true),
  profile: ProfileBasicSchema.extend({ templateName: z.string().nullable(), version: z.number().int() }),
});

export const SuccessSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessSchema>;

/** An alias as typed: cleaned (spec §5 editor alias) by the server before it is checked. */
const aliasInput = z
  .string({ error: 'alias is required.' })
  .max(EDITOR_ALIAS_MAX * 4, 'That alias is too long.')
  .refine(hasNoNul, NUL_MESSAGE);

export const ValidateAliasQuerySchema = z.object({ alias: aliasInput });
/** GET /profiles/validateAlias: spec §5 "Alias validity is checked by the server (true or false)". */
export const ValidateAliasResponseSchema = z.boolean();
export const AliasBodySchema = dataOrBody(z.object({ alias: aliasInput }));

/** Alias test (spec §7): success and a message; the message is truthy (the cleaned alias) when it is available. */
export const AliasTestResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type AliasTestResponse = z.infer<typeof AliasTestResponseSchema>;
export const SetAliasResponseSchema = z.object({ success: z.literal(true), alias: z.string() });
export type SetAliasResponse = z.infer<typeof SetAliasResponseSchema>;

/** Spec §7 publish: success and site{netlifySiteID, domainName} (siteId too). */
export const PublishResponseSchema = z.object({
  success: z.literal(true),
  site: z.object({ netlifySiteID: z.string(), siteId: z.string(), domainName: z.string() }),
  publishedAt: z.string(),
});
export type PublishResponse = z.infer<typeof PublishResponseSchema>;

/** One line of the Profile Checklist (spec §4 step 1). */
export const MissingItemSchema = z.object({ key: z.string(), label: z.string() });
/** 400 of a publish: with `missing` when required items are missing (spec §4 step 1), or no alias yet (step 3). */
export const PublishBlockedBodySchema = ErrorBodySchema.extend({ missing: z.array(MissingItemSchema).optional() });
export type PublishBlockedBody = z.infer<typeof PublishBlockedBodySchema>;
/**
 * PUT /profiles/{id}/publish?confirm=declined: someone else's profile whose last request was
 * declined is published only with this confirmation (409 `declined_changes` without it).
 */
export const PublishQuerySchema = z.object({ confirm: z.literal('declined').optional() });
export type PublishQuery = z.infer<typeof PublishQuerySchema>;
/** 409 of a publish that needs an approval request instead (spec §4 step 4); names the pending one, if any. */
export const ApprovalRequiredBodySchema = ErrorBodySchema.extend({ pendingApprovalId: z.number().nullable().optional() });

/**
 * POST /profiles/rebuild-children/{id} (202) and GET /profiles/rebuilds/{id}: a template's
 * rebuild of its published children as a job the editor follows (decision 034). `done` counts
 * the children looked at so far, of `total`; `rebuilt` those stored, `failed` those that could
 * not be rendered (a child unpublished or published again meanwhile is neither).
 */
export const TemplateRebuildSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  rebuilt: z.number().int(),
  failed: z.number().int(),
});
export type TemplateRebuild = z.infer<typeof TemplateRebuildSchema>;

/** What the editor's progress view says while a rebuild runs and when it has finished. */
export const TEMPLATE_REBUILD_TEXTS = {
  title: 'Updating published profiles',
  progress: (done: number, total: number) => `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} profiles updated`,
  queued: 'Waiting to start…',
  doneWithFailures: (rebuilt: number, failed: number) =>
    `${rebuilt.toLocaleString('en-US')} profiles updated; ${failed.toLocaleString('en-US')} could not be updated and keep their previous page.`,
  failed: 'The update stopped before every profile was updated. Profiles already updated keep their new page; please try again.',
  background: 'You can close this window: the update goes on without it.',
  reconnecting: 'Progress cannot be fetched right now; the update goes on and this view tries again.',
  close: 'Close',
} as const;

// ─── Themes ─────────────────────────────────────────────────────────────────

/** Spec §3 Theme as listed: a default theme (no division) or one division's. */
export const ThemeListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  cssPlug: z.string(),
  layout: z.string(),
  fontFamily: z.string().nullable(),
  previewImage: z.object({ url: z.string().nullable() }),
  companyId: z.number().nullable(),
  isDefault: z.boolean(),
});
export type ThemeListItem = z.infer<typeof ThemeListItemSchema>;

export const ThemesQuerySchema = z.object({ companyId: rowIdParam.optional() });
export const ThemesResponseSchema = z.object({ data: z.array(ThemeListItemSchema) });
export type ThemesResponse = z.infer<typeof ThemesResponseSchema>;

/** PUT /profile-stylings/{id} {data} (spec §7: id, cssPlug, layout, fontFamily). */
export const UpdateThemeSchema = z.object({
  data: z.strictObject({
    id: rowId.optional(),
    cssPlug: z.string().max(PROFILE_BOUNDS.css, `CSS can be at most ${PROFILE_BOUNDS.css} characters.`).refine(hasNoNul, NUL_MESSAGE).optional(),
    layout: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'Unknown template layout.')
      .optional(),
    fontFamily: z
      .string()
      .trim()
      .max(PROFILE_BOUNDS.name)
      .regex(/^[\p{L}\p{N} ,_-]*$/u, 'Font names may only have letters, digits, spaces, commas, dashes and underscores.')
      .nullable()
      .optional(),
  }),
});
export const ThemeResponseSchema = z.object({ success: z.literal(true), data: ThemeListItemSchema });
export type ThemeResponse = z.infer<typeof ThemeResponseSchema>;

// ─── Permissions ────────────────────────────────────────────────────────────

export const PERMISSION_KINDS = ['child', 'master'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

/** POST /permissions {data:{permissions,title}}: creates (or replaces) the record of a template; `kind` master is the superadmin's set. */
export const CreatePermissionsSchema = z.object({
  data: z.strictObject({
    title: z.string().trim().min(1, 'Give the permissions a title.').max(250).refine(hasNoNul, NUL_MESSAGE),
    permissions: PermissionEntriesSchema,
    /** The template the entries belong to. */
    profileId: rowId,
    kind: z.enum(PERMISSION_KINDS).default('child'),
  }),
});
export const UpdatePermissionsSchema = z.object({
  data: z.strictObject({
    permissions: PermissionEntriesSchema,
    title: z.string().trim().min(1).max(250).refine(hasNoNul, NUL_MESSAGE).optional(),
  }),
});
export const PermissionRecordResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.number(),
    profileId: z.number(),
    kind: z.enum(PERMISSION_KINDS),
    title: z.string(),
    permissions: PermissionEntriesSchema,
  }),
});
export type PermissionRecordResponse = z.infer<typeof PermissionRecordResponseSchema>;

// ─── Approvals ──────────────────────────────────────────────────────────────

/** A value in a profile change: text (`value`) or the parts of an item (spec §3 Profile change). */
export const ChangeValueSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  url: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  review: z.string().optional(),
  name: z.string().optional(),
});
export type ChangeValue = z.infer<typeof ChangeValueSchema>;

export const PROFILE_CHANGE_ACTIONS = ['added', 'removed', 'updated'] as const;
/** Spec §3 Profile change: one field or item that differs from the published page. */
export const ProfileChangeSchema = z.object({
  actionType: z.enum(PROFILE_CHANGE_ACTIONS),
  fieldTitle: z.string(),
  oldValue: ChangeValueSchema.nullable(),
  newValue: ChangeValueSchema.nullable(),
});
export type ProfileChange = z.infer<typeof ProfileChangeSchema>;

/** Spec §3 Approval. */
export const ApprovalSchema = z.object({
  id: z.number(),
  profileId: z.number(),
  targetProfile: z.number(),
  company: z.object({ id: z.number() }),
  requestedAt: isoDate,
  /** null: pending; true / false: answered. */
  approved: z.boolean().nullable(),
  message: z.string().nullable(),
  respondedAt: isoDate.nullable(),
  profileChanges: z.array(ProfileChangeSchema),
});
export type Approval = z.infer<typeof ApprovalSchema>;

/**
 * POST /approvals {targetProfile, requestedAt, company, profileId}: the profile
 * to approve is `profileId` (or `targetProfile`); `requestedAt` is taken from
 * the server's clock, so a client cannot move itself up the queue.
 */
export const CreateApprovalSchema = dataOrBody(
  z
    .object({
      profileId: rowId.optional(),
      targetProfile: rowId.optional(),
      company: z.union([rowId, z.object({ id: rowId })]).optional(),
      requestedAt: z.string().max(40).optional(),
    })
    .refine((b) => b.profileId !== undefined || b.targetProfile !== undefined, { message: 'profileId is required.', path: ['profileId'] })
    .refine((b) => b.profileId === undefined || b.targetProfile === undefined || b.profileId === b.targetProfile, {
      message: 'targetProfile and profileId name different profiles.',
      path: ['targetProfile'],
    }),
);
export type CreateApprovalInput = z.output<typeof CreateApprovalSchema>;

/** PUT /approvals/single/{id} {approved:null, requestedAt}: re-request. */
export const ReRequestApprovalSchema = dataOrBody(
  z.object({
    approved: z.null({ error: 'approved must be null to re-request an approval.' }),
    requestedAt: z.string().max(40).optional(),
  }),
);

/** PUT /approvals/respond/{id} {approved, message, rebuild}: rebuild (publish at once) defaults to true. */
export const RespondApprovalSchema = dataOrBody(
  z.object({
    approved: z.boolean({ error: 'approved must be true or false.' }),
    message: z.string().trim().max(2000).refine(hasNoNul, NUL_MESSAGE).nullish(),
    rebuild: z.boolean().default(true),
  }),
);

export const ApprovalResponseSchema = z.object({ success: z.literal(true), data: ApprovalSchema });
export type ApprovalResponse = z.infer<typeof ApprovalResponseSchema>;

// ─── Messages ───────────────────────────────────────────────────────────────

/** Texts of the profiles API that the spec does not give word for word. */
export const PROFILE_API_MESSAGES = {
  notFound: 'Profile not found',
  stale: 'This profile was changed in another window or by someone else. Load the newest version, then make your change again.',
  aliasFormat: `A profile link can have up to ${EDITOR_ALIAS_MAX} letters, digits, dashes or underscores.`,
  aliasFixed: 'The profile link is already set and cannot be changed.',
  aliasRequired: 'Choose your profile link before publishing.',
  missingForPublish: (labels: readonly string[]) => `Complete these before publishing: ${labels.join(', ')}.`,
  approvalRequired: 'Changes in this division are approved before they go live: request approval instead.',
  declinedChanges: (date: string) =>
    `This person's last changes were declined on ${date} and have not been published since. Publishing now puts them live: confirm to publish anyway.`,
  approvalsOff: 'Approvals are not enabled for this division.',
  approvalForTemplate: 'Templates are published without approval.',
  approvalPendingExists: 'This profile already has a pending approval request.',
  approvalAnswered: 'This approval has already been answered.',
  wrongDivision: 'The profile is not in that division.',
  deletePublished: 'Unpublish the profile before deleting it.',
  deleteTemplateInUse: 'Profiles still use this template: move or delete them first.',
  notATemplate: 'Only a template (master profile) has children and permissions.',
  rebuildNotFound: 'This update of published profiles was not found.',
  templatesOff: 'Templates are not enabled for this division.',
  templateNoOwner: 'A template has no owner and no template of its own.',
  masterOfOtherDivision: 'Choose a template of the same division.',
  ownerNotMember: 'The owner must be a member of the division.',
  unknownTheme: 'Choose one of the available themes.',
  themeIdMismatch: 'data.id does not match the theme in the address.',
  styleEditingOff: 'Style editing is not enabled for this division.',
  permissionsOff: 'Permissions editing is not enabled for this division.',
  masterPermissionsSuperadmin: 'Only a superadmin can change the master permissions.',
  notAllowed: 'You do not have access to this.',
} as const;

/**
 * Aliases that would shadow paths the server answers on every host
 * (`/api`, the SPA's assets and demo files, the page's worker and manifest).
 */
export const RESERVED_ALIASES: readonly string[] = [
  'api',
  'assets',
  'demo',
  'dev',
  'uploads',
  'static',
  'admin',
  'sw',
  'manifest',
  'favicon',
  'preview-link',
  'robots',
];
