// Generated from /api/docs/json by openapi-typescript: `UPDATE_OPENAPI_TYPES=1 npx vitest run apps/server/src/test/openapi-client.test.ts`.
export interface paths {
  "/api/health": {
    /** Whether the server, its database and its limits answer */
    get: operations["getHealth"];
  };
  "/api/events": {
    /** Records one visitor interaction on a public page; 204 once it is committed with its rollups (group commit), 503 when it could not be */
    post: operations["postEvents"];
  };
  "/api/lead-forms": {
    /** Lead forms of the profiles the caller may edit (owner, supervisor of the division, superadmin), by form_id or profileId */
    get: operations["getLeadForms"];
    /**
     * A new lead form for a profile {data:{profileId, title?, fields?, enabled?, form_submitted_message?, subject?}}
     * @description Without a title the form is named after the profile’s person with !@#$%^&*() stripped, plus "Lead Form"; form_id is the title plus a timestamp; fields default to name, email and message required, mobile not. An enabled form needs the profile’s "Send to email" and a thank-you message.
     */
    post: operations["postLeadForms"];
  };
  "/api/lead-forms/{id}": {
    /**
     * Change a lead form {data:{title?, fields?, enabled?, form_submitted_message?, subject?}}; its form_id stays
     * @description Published pages whose contact form uses the form are re-rendered from their published content with its new fields — unless the division approves changes and the caller does not: then the change goes live with the next approved publish.
     */
    put: operations["putLeadForm"];
  };
  "/api/lead-forms/submit/{profileId}": {
    /** Submits the lead form of a published profile (public) */
    post: operations["postLeadFormsSubmitByProfileId"];
  };
  "/api/contacts/exchange/{profileId}": {
    /** What a published page's exchange form shows: the owner's first name and the division's consent text when it asks for consent (public) */
    get: operations["getContactsExchangeByProfileId"];
    /** A visitor shares their details with a published profile's owner (public): kept as a contact with source exchange */
    post: operations["postContactsExchangeByProfileId"];
  };
  "/api/contacts": {
    /** The contacts the actor sees, newest first: q (name, email, phone, company), companyId, profileId, source, from, to (days, UTC), page (from 0), pageSize 10, 25, 50 or 100 */
    get: operations["getContacts"];
    /** Add a contact the person confirmed (a scanned card), kept on their own profile or on profileId, with the card's photo (cardUploadId) */
    post: operations["postContacts"];
  };
  "/api/contacts/export": {
    /** The filtered contacts as a streamed .xlsx, or CSV with format=csv (formula-safe) */
    get: operations["getContactsExport"];
  };
  "/api/contacts/vcard": {
    /** The chosen contacts (ids, comma-joined) as one .vcf */
    get: operations["getContactsVcard"];
  };
  "/api/contacts/erase": {
    /** Delete-on-request: erases every contact of a visitor's email address the actor sees (audited without the address) */
    post: operations["postContactsErase"];
  };
  "/api/contacts/{id}": {
    /** A contact with its message and notes */
    get: operations["getContact"];
    /** Deletes a contact (audited) */
    delete: operations["deleteContact"];
    /** Saves the contact's notes */
    patch: operations["patchContact"];
  };
  "/api/contacts/scan": {
    /**
     * Read a photo of a business card or event badge into contact fields, each with the text it came from, for the person to confirm
     * @description multipart/form-data with one part `file`: a JPEG, PNG or WebP photo (the type is decided by the content), at most 2 MB and 40 megapixels. The text is read on the server, offline, with at most a few cards at once; when too many wait, 503 with Retry-After. `country` (two letters, e.g. GB) reads phone numbers written without their +code. The photo is kept, private, for POST /contacts (cardUploadId); one never saved is deleted after a day.
     */
    post: operations["postContactsScan"];
  };
  "/api/contacts/{id}/card": {
    /** A scanned contact's card photo (who sees the contact) */
    get: operations["getContactCard"];
  };
  "/api/users": {
    /** Profile list fetch of the users list: filter, companyId (comma list), order, orderBy, page (zero-based, 10 a page), isLive (tab); with tab counts */
    get: operations["getUsers"];
    /** The add-user call of the invite dialog (spec §3 New user payload {email, name, company, masterProfile, profileAlias}): creates the account and its profile; emails the invitation unless notify_user=false */
    post: operations["postUsers"];
  };
  "/api/users/divisions": {
    /** Divisions for the invite dialog and the list filters: a supervisor’s own; a superadmin’s matching filter (title or description), limit 10 by default; with the public-page host and first template */
    get: operations["getUsersDivisions"];
  };
  "/api/users/alias-available": {
    /** Alias test of the invite dialog (spec §5 invite alias rules): success with the cleaned alias as message when it is free; otherwise success false and why. Rate limited per IP */
    get: operations["getUsersAliasAvailable"];
  };
  "/api/profiles/create-profile": {
    /** Invite a user: creates the account and a profile under the division’s template; emails the invitation when notify_user is true */
    post: operations["postProfilesCreateProfile"];
  };
  "/api/users/import/preview": {
    /** Staff import preview (supervisor: their divisions; superadmin: any): a CSV or .xlsx file (base64) and, once chosen, its column mapping; every row with its errors in the invite dialog’s words */
    post: operations["postUsersImportPreview"];
  };
  "/api/users/import": {
    /** Staff import: checks the file and queues its import as a job (202 with its status); the job creates each valid row’s person as an invitation would (emailed when notify is true) or updates the one already in that division (by email), in batches */
    post: operations["postUsersImport"];
  };
  "/api/users/import/{id}": {
    /** A staff import’s progress: rows done of the total, created, updated and skipped (another division’s import answers 404) */
    get: operations["getUsersImportById"];
  };
  "/api/users/import/{id}/result": {
    /** A finished staff import’s result: a CSV of every row with its outcome (created, updated or skipped) and the reason (409 while it runs) */
    get: operations["getUsersImportByIdResult"];
  };
  "/api/auth/local": {
    /** Password sign-in: a session, or {secondFactor: {ticket}} when the account asks for a passkey or an emailed code next */
    post: operations["postAuthLocal"];
  };
  "/api/auth/second-factor/code": {
    /** Emails the second step's 4-digit code */
    post: operations["postAuthSecondFactorCode"];
  };
  "/api/auth/second-factor/verify": {
    /** The emailed code finishes the sign-in */
    post: operations["postAuthSecondFactorVerify"];
  };
  "/api/auth/logout": {
    /** Signs this session out */
    get: operations["getAuthLogout"];
  };
  "/api/jwts/verify": {
    /** Whether the token is a live session, and whose */
    get: operations["getJwtsVerify"];
  };
  "/api/profiles/register-completed": {
    /** Registration check: 401 not invited, 402 incomplete, 403 needs an emailed code; with ?alias= a bare boolean */
    get: operations["getProfilesRegisterCompleted"];
  };
  "/api/profiles/generate-otp": {
    /** Mails a registration code */
    post: operations["postProfilesGenerateOtp"];
  };
  "/api/profiles/generate-login-otp": {
    /** Mails a sign-in code */
    post: operations["postProfilesGenerateLoginOtp"];
  };
  "/api/profiles/verify-otp": {
    /** Signs in with a mailed code */
    post: operations["postProfilesVerifyOtp"];
  };
  "/api/profiles/link": {
    /** Signs in through a linked provider (Google) */
    post: operations["postProfilesLink"];
  };
  "/api/profiles/setup": {
    /** Sets the first password of an invited account */
    post: operations["postProfilesSetup"];
  };
  "/api/auth/forgot-password": {
    /** Mails a password reset link */
    post: operations["postAuthForgotPassword"];
  };
  "/api/auth/reset-password": {
    /** Sets a new password with a reset link and signs in */
    post: operations["postAuthResetPassword"];
  };
  "/api/companies/users/me": {
    /** The signed-in user, with their divisions */
    get: operations["getCompaniesUsersMe"];
  };
  "/api/auth/google/callback": {
    /** Signs in with a Google ID token */
    get: operations["getAuthGoogleCallback"];
  };
  "/api/auth/google/ticket": {
    /** Trades the one-time ticket of the browser's Google sign-in (/authenticate/google?ticket=) for a session */
    post: operations["postAuthGoogleTicket"];
  };
  "/api/connect/google": {
    /** Starts Google sign-in (redirects to the provider) */
    get: operations["getConnectGoogle"];
  };
  "/api/connect/google/callback": {
    /** The provider's redirect back; sends the browser on to /authenticate/google with a one-time ticket, or with an error */
    get: operations["getConnectGoogleCallback"];
  };
  "/api/companies/{id}/sso": {
    /** A division's single sign-on settings (never the secret) */
    get: operations["getCompanySso"];
    /** Sets a division's single sign-on; the issuer must answer OpenID discovery. Leave clientSecret out to keep the stored one */
    put: operations["putCompanySso"];
    /** Removes a division's single sign-on */
    delete: operations["deleteCompanySso"];
  };
  "/api/auth/sso/discover": {
    /** Whether an email signs in with its company provider, and whether only so */
    post: operations["postAuthSsoDiscover"];
  };
  "/api/auth/sso/start": {
    /** Starts single sign-on for this email (redirects to the division's provider) */
    get: operations["getAuthSsoStart"];
  };
  "/api/auth/sso/callback": {
    /** The provider's redirect back; sends the browser on to /authenticate/sso with a one-time ticket, or an error */
    get: operations["getAuthSsoCallback"];
  };
  "/api/auth/saml/{companyId}/metadata": {
    /** The hub's SAML service provider metadata for a division (entity ID, ACS URL) */
    get: operations["getAuthSamlByCompanyIdMetadata"];
  };
  "/api/auth/saml/acs": {
    /** The SAML identity provider's form post (assertion consumer service); sends the browser on to /authenticate/sso with a one-time ticket, or an error */
    post: operations["postAuthSamlAcs"];
  };
  "/api/auth/sso/ticket": {
    /** Trades the one-time ticket of an SSO sign-in for a session */
    post: operations["postAuthSsoTicket"];
  };
  "/api/companies/{id}/scim-tokens": {
    /** A division's SCIM tokens (never the tokens themselves) and the SCIM base URL */
    get: operations["getCompanyScimTokens"];
    /** Makes a SCIM token for the division; the answer holds the token, shown this once */
    post: operations["postCompanyScimTokens"];
  };
  "/api/companies/{id}/scim-tokens/{tokenId}": {
    /** Revokes a SCIM token at once */
    delete: operations["deleteCompanyScimToken"];
  };
  "/api/companies/{id}/api-keys": {
    /** A division's API keys (never the keys themselves: their prefix, name, scopes, maker and last use) */
    get: operations["getCompanyApiKeys"];
    /** Makes an API key for the division with the scopes given; the answer holds the key, shown this once */
    post: operations["postCompanyApiKeys"];
  };
  "/api/companies/{id}/api-keys/{keyId}": {
    /** Revokes an API key: it is refused from its next request */
    delete: operations["deleteCompanyApiKey"];
  };
  "/api/companies/{id}/webhooks": {
    /** A division's webhooks (never their secrets) */
    get: operations["getCompanyWebhooks"];
    /** Subscribes a URL to events of the division; the answer holds its signing secret, shown this once */
    post: operations["postCompanyWebhooks"];
  };
  "/api/companies/{id}/webhooks/{hookId}": {
    /** Deletes a webhook and its delivery log */
    delete: operations["deleteCompanyWebhook"];
    /** Changes a webhook's URL, events or whether it is on */
    patch: operations["patchCompanyWebhook"];
  };
  "/api/companies/{id}/webhooks/{hookId}/rotate-secret": {
    /** A new signing secret, shown this once; the old one stops at once */
    post: operations["postCompanyWebhookRotateSecret"];
  };
  "/api/companies/{id}/webhooks/{hookId}/test": {
    /** Queues a webhook.test event to this webhook */
    post: operations["postCompanyWebhookTest"];
  };
  "/api/companies/{id}/webhooks/{hookId}/deliveries": {
    /** A webhook's delivery log, newest first */
    get: operations["getCompanyWebhookDeliveries"];
  };
  "/api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}": {
    /** A phone registers for updates of a pass it holds (Authorization: ApplePass {authenticationToken}) */
    post: operations["postWalletAppleV1DeviceRegistration"];
    /** A phone no longer wants updates of a pass (it was removed) */
    delete: operations["deleteWalletAppleV1DeviceRegistration"];
  };
  "/api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}": {
    /** The serial numbers of a phone's passes updated since the tag it was given; 204 when none */
    get: operations["getWalletAppleV1DeviceRegistration"];
  };
  "/api/wallet/apple/v1/passes/{passTypeIdentifier}/{serialNumber}": {
    /** The current version of a pass (application/vnd.apple.pkpass); 304 when the phone has it */
    get: operations["getWalletAppleV1Passe"];
  };
  "/api/wallet/apple/v1/log": {
    /** Wallet's messages about the hub's web service, for the operator's log */
    post: operations["postWalletAppleV1Log"];
  };
  "/api/setup": {
    /** Whether the hub still needs its first superadmin */
    get: operations["getSetup"];
    /** Create the first superadmin and division with the one-time setup token */
    post: operations["postSetup"];
  };
  "/api/account/delete-code": {
    /** Mail the signed-in person a 4-digit code that confirms deleting their own account (not for a superadmin) */
    post: operations["postAccountDeleteCode"];
  };
  "/api/account/delete": {
    /** Delete the signed-in account with the mailed code; its profiles stay with the division, unlinked and offline */
    post: operations["postAccountDelete"];
  };
  "/api/account/notifications": {
    /** The mails the signed-in person chose to get (approval requests, approval decisions, lead messages) */
    get: operations["getAccountNotifications"];
    /** Save which mails the signed-in person gets; sign-in codes, reset links and invitations always go */
    put: operations["putAccountNotifications"];
  };
  "/api/account/passkeys": {
    /** The signed-in person’s passkeys, and whether a second step follows their password */
    get: operations["getAccountPasskeys"];
    /** Adds the passkey the browser made for the options */
    post: operations["postAccountPasskeys"];
  };
  "/api/account/passkeys/options": {
    /** WebAuthn options to add a passkey on this hub host */
    post: operations["postAccountPasskeysOptions"];
  };
  "/api/account/passkeys/{id}": {
    /** Removes one of one’s own passkeys (another’s answers 404) */
    delete: operations["deleteAccountPasskey"];
    /** Renames one of one’s own passkeys */
    patch: operations["patchAccountPasskey"];
  };
  "/api/account/second-factor": {
    /** Whether a passkey or an emailed code must follow the password */
    put: operations["putAccountSecondFactor"];
  };
  "/api/auth/passkey/options": {
    /** WebAuthn options to sign in with a passkey (any of this hub; with a ticket, that account’s) */
    post: operations["postAuthPasskeyOptions"];
  };
  "/api/auth/passkey": {
    /** Signs in with the passkey’s answer */
    post: operations["postAuthPasskey"];
  };
  "/api/companies": {
    /** Divisions the caller may see, with the query language of spec §7 */
    get: operations["getCompanies"];
    /** Create a division with its first master template (superadmin) */
    post: operations["postCompanies"];
  };
  "/api/companies/console": {
    /** The divisions console: every division, searched and paged (superadmin) */
    get: operations["getCompaniesConsole"];
  };
  "/api/companies/console/{id}": {
    /** One division with every setting (superadmin) */
    get: operations["getCompaniesConsoleById"];
  };
  "/api/companies/{id}": {
    /** Delete a division and all its data for good: needs its name typed and a finished export made after its last change, within 24 hours (409 otherwise) (superadmin) */
    delete: operations["deleteCompany"];
    /** Change a division’s settings; refused (409) if it changed since `updatedAt` (superadmin) */
    patch: operations["patchCompany"];
  };
  "/api/companies/{id}/preview": {
    /** How the division’s sign-in page and a sample public page look with unsaved settings: HTML for sandboxed frames (superadmin) */
    post: operations["postCompanyPreview"];
  };
  "/api/companies/{id}/archive": {
    /** Archive a division: its pages answer 410 and its members cannot sign in until it is restored (superadmin) */
    post: operations["postCompanyArchive"];
  };
  "/api/companies/{id}/restore": {
    /** Restore an archived division: its pages and sign-in work again (superadmin) */
    post: operations["postCompanyRestore"];
  };
  "/api/companies/training-video/{companyId}": {
    /** A division's training video */
    get: operations["getCompaniesTrainingVideoByCompanyId"];
  };
  "/api/white-label": {
    /** White-label of the hub host the browser is on, and which sign-in methods it offers (before sign-in) */
    get: operations["getWhiteLabel"];
  };
  "/api/companies/{id}/domain": {
    /** A division’s own domain: none, pending (DNS record, check URL) or verified (superadmin) */
    get: operations["getCompanyDomain"];
    /** Sets a division’s own domain, to verify next (superadmin) */
    put: operations["putCompanyDomain"];
    /** Removes a division’s own domain (superadmin) */
    delete: operations["deleteCompanyDomain"];
  };
  "/api/companies/{id}/domain/verify": {
    /** Fetches the verification token from the domain over HTTP; the domain serves the division once it answers (superadmin) */
    post: operations["postCompanyDomainVerify"];
  };
  "/api/domains/ask": {
    /** Caddy’s on-demand TLS ask: 200 for a verified division domain, 404 otherwise; answers this machine only */
    get: operations["getDomainsAsk"];
  };
  "/api/companies/{id}/exports": {
    /** The division’s latest exports, newest first (superadmin) */
    get: operations["getCompanyExports"];
    /** Start an export of all of a division’s data (a zip of JSON files and its uploads); answers one already running (superadmin) */
    post: operations["postCompanyExports"];
  };
  "/api/companies/{id}/exports/{exportId}": {
    /** Where an export stands: status, phase and progress (done of total steps) (superadmin) */
    get: operations["getCompanyExport"];
  };
  "/api/companies/{id}/exports/{exportId}/download": {
    /** The finished export as a zip (attachment); 409 while it runs, 410 once expired (superadmin) */
    get: operations["getCompanyExportDownload"];
  };
  "/api/profiles/validateAlias": {
    /** Whether an alias (cleaned as the editor cleans it, spec §5) is well formed and free; rate limited per IP */
    get: operations["getProfilesValidateAlias"];
  };
  "/api/profiles/{id}": {
    /** A profile: the record, or with populate=self-service the editor view (content, permissions, division); another division’s profile answers 404 */
    get: operations["getProfile"];
    /**
     * Save the profile: {version, content} (or {data}); a stale version answers 409 with currentVersion and content, nothing written
     * @description A child’s edits to hidden or locked keys are dropped (the stored value stays); subscriptionType and limits from non-managers and cssPlug without style editing are dropped the same way. Empty values are dropped (spec §5).
     */
    put: operations["putProfile"];
    /** Delete an unpublished profile (supervisor or superadmin) */
    delete: operations["deleteProfile"];
    /**
     * Autosave: {version, changes} with only the changed top-level fields (null clears one); same rules and 409 as PUT
     * @description The changes are laid over the stored editor view, then saved like PUT /profiles/{id}: a child’s edits to hidden or locked keys are dropped, a stale version answers 409 with currentVersion and content.
     */
    patch: operations["patchProfile"];
  };
  "/api/profiles": {
    /** Create a template (master), standalone or child profile in a division the caller supervises */
    post: operations["postProfiles"];
  };
  "/api/profiles/{id}/alias/test": {
    /** Alias test: 200 {success, message: cleaned alias} when this profile may take it; 400 bad format, 409 taken or already set */
    post: operations["postProfileAliasTest"];
  };
  "/api/profiles/{id}/alias": {
    /** Set-alias: once only (409 when already set to another alias, 409 when taken) */
    put: operations["putProfileAlias"];
  };
  "/api/profiles/{id}/publish": {
    /** Publish (build): 400 with `missing` when required items are missing or no alias; 409 approval_required when the division approves changes; 409 declined_changes for declined changes of someone else unless confirm=declined */
    put: operations["putProfilePublish"];
  };
  "/api/profiles/{id}/unpublish": {
    /** Take the public page down (supervisor or superadmin); it then answers 404 */
    put: operations["putProfileUnpublish"];
  };
  "/api/profiles/rebuild-children/{id}": {
    /** Republish every published child of a template with the template’s current content: queued as a job (202 with its progress, followed at GET /profiles/rebuilds/{id}) */
    post: operations["postProfilesRebuildChildrenById"];
  };
  "/api/profiles/rebuilds/{id}": {
    /** A template rebuild’s progress: children done of the total, rebuilt and failed (another division’s rebuild answers 404) */
    get: operations["getProfilesRebuild"];
  };
  "/api/profiles/{id}/signature": {
    /** A published profile’s email signature (HTML and plain text) with the layouts it may use; 409 when not published */
    get: operations["getProfileSignature"];
  };
  "/api/companies/{id}/signatures.zip": {
    /** Every email signature of a division’s published profiles as a zip of HTML and text files (supervisor, superadmin) */
    get: operations["getCompanySignaturesZip"];
  };
  "/api/profile-banners/{id}": {
    /**
     * One banner of a profile (?profileId=)
     * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
     */
    get: operations["getProfileBanner"];
    /**
     * Replace a banner’s type and slides: {data:{profileId, version?, type, slider}}
     * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
     */
    put: operations["putProfileBanner"];
    /**
     * Remove a banner (?profileId=&version=)
     * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
     */
    delete: operations["deleteProfileBanner"];
  };
  "/api/profile-banners": {
    /**
     * Add a banner to a profile: {data:{profileId, version?, type, slider:[{url, id}]}}; at most 5 banners
     * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
     */
    post: operations["postProfileBanners"];
  };
  "/api/purchase-histories": {
    /**
     * Payments, newest first, of one user (_where[user.id]) or of everyone the caller may see; amountGross in cents
     * @description A user sees their own; a supervisor those of the members of their divisions; a superadmin all. Others’ payments are left out (an empty list).
     */
    get: operations["getPurchaseHistories"];
  };
  "/api/profile-stylings/default-themes": {
    /** Themes the caller may use: the default themes and their divisions’ (companyId narrows to one division) */
    get: operations["getProfileStylingsDefaultThemes"];
  };
  "/api/profile-stylings/{id}": {
    /** Edit a theme {data:{id, cssPlug, layout, fontFamily}}: superadmin, or a supervisor of its division with style editing */
    put: operations["putProfileStyling"];
  };
  "/api/permissions": {
    /**
     * Save a template’s permission record {data:{permissions, title, profileId, kind}} (created, or replaced when it exists)
     * @description Supervisors of the template’s division with the permissions flag edit the child set; the master set is the superadmin’s.
     */
    post: operations["postPermissions"];
  };
  "/api/permissions/{id}": {
    /** Replace a record’s entries {data:{permissions}} */
    put: operations["putPermission"];
  };
  "/api/permissions/{id}/entries": {
    /** Reset: clear a record’s entries (spec §4 "Reset clears the list") */
    delete: operations["deletePermissionEntries"];
  };
  "/api/approvals": {
    /** The approvals queue: status active (pending) or resolved; filter (name or alias), companyId (comma list), orderBy NAME / DIVISION / ALIAS / REQUESTDATE (default, newest first), order, page (zero-based, 25 a page). Supervisors: their divisions; superadmins: all; users: 403 */
    get: operations["getApprovals"];
    /** Request approval to publish {targetProfile, requestedAt, company, profileId}; re-requests the pending one when it exists */
    post: operations["postApprovals"];
  };
  "/api/approvals/count": {
    /** Pending approvals the caller answers (the side navigation badge) */
    get: operations["getApprovalsCount"];
  };
  "/api/approvals/single/{id}": {
    /** Re-request an approval {approved: null, requestedAt} */
    put: operations["putApprovalsSingleById"];
  };
  "/api/approvals/respond/{id}": {
    /** Answer an approval {approved, message, rebuild}: approved with rebuild publishes at once; declined mails the owner */
    put: operations["putApprovalsRespondById"];
  };
  "/api/reports/query/{report}": {
    /** A statistics report over UTC days start..end (yyyy-MM-dd; no start = lifetime): visits, monthly visits, interactions, top interactions (≤ 30), profile views, top viewed profiles (≤ 15), industry average (superadmin) */
    get: operations["getReportsQueryByReport"];
  };
  "/api/reports/overview": {
    /** Who a statistics page is about: one profile (name, picture) or divisions, and how many profiles are in view */
    get: operations["getReportsOverview"];
  };
  "/api/reports/lead-forms": {
    /** Lead-form submissions in a range; format=xlsx downloads 'Lead form submissions {start}-{end} for {who}.xlsx' */
    get: operations["getReportsLeadForms"];
  };
  "/api/reports/view-sources": {
    /** Where views came from in a range: per dimension (source, referrer, campaign, device, os, browser, country) its top values with count and share; format=xlsx downloads every value as 'Where views come from {start}-{end}.xlsx' */
    get: operations["getReportsViewSources"];
  };
  "/api/users/export": {
    /** Excel data of the filtered users list (filter, companyId, isLive): a streamed .xlsx, or CSV with format=csv; user text never becomes a formula */
    get: operations["getUsersExport"];
  };
  "/api/users/suggestions": {
    /** User suggestions: profiles whose name or email matches filter, a zero-based page of 10 */
    get: operations["getUsersSuggestions"];
  };
  "/api/profiles/{id}/rollback": {
    /** Roll a published profile back to its previously published version and publish it (supervisor of its division or superadmin) */
    post: operations["postProfileRollback"];
  };
  "/api/users/{id}/role": {
    /** Make the person (user id) a supervisor of the division, or a plain user of it again: a superadmin, or a supervisor of that division; never a superadmin, never oneself. Recorded in the audit log */
    put: operations["putUserRole"];
  };
  "/api/users/{id}/deactivate": {
    /** Offboarding: deactivate the person (user id) in the division. Their page redirects to the successor’s page (outcome successor: their contacts and statistics move there), shows the division’s card (company) or says they are no longer with the company (gone); the division’s default outcome when none is given. Their access to the division ends at once, and every session when no active division is left. A superadmin, or a supervisor of that division; never oneself, never a superadmin by a supervisor. Recorded in the audit log */
    post: operations["postUserDeactivate"];
  };
  "/api/users/{id}/reactivate": {
    /** Reactivate a person deactivated in the division: their access, page, and exactly the contacts and statistics moved to the successor come back. Same rules as deactivate; recorded in the audit log */
    post: operations["postUserReactivate"];
  };
  "/api/superadmins": {
    /** The platform staff (superadmins): superadmins only */
    get: operations["getSuperadmins"];
    /** Make an existing account (by email) a superadmin: superadmins only; recorded in the audit log */
    post: operations["postSuperadmins"];
  };
  "/api/superadmins/{id}": {
    /** Remove a superadmin (never oneself, never the last one); their divisions’ roles stay. Superadmins only; recorded in the audit log */
    delete: operations["deleteSuperadmin"];
  };
  "/api/audit": {
    /** The audit log, newest first: actor (user id, or part of an email or name), action (comma list), companyId (comma list), from and to (yyyy-MM-dd, UTC, inclusive), q (free text); a zero-based page. Superadmins only */
    get: operations["getAudit"];
  };
  "/api/audit/export": {
    /** The filtered audit log (same filters, every row) as a streamed .xlsx, or CSV with format=csv; text never becomes a formula. Superadmins only */
    get: operations["getAuditExport"];
  };
  "/api/templates": {
    /** Templates list: filter (case-insensitive on template name, else profile name), companyId (comma list), orderBy A-Z / DIVISION / LINKED_PROFILES, order, page (zero-based, 50 a page) */
    get: operations["getTemplates"];
  };
  "/api/upload": {
    /**
     * Upload one or more files (multipart/form-data)
     * @description Fields, in this order: `purpose` (profile-photo | logo | background | mobile-banner | desktop-banner | banner | gallery | rich-text | general), optional `profileId` (a profile the caller may edit; its division owns the files), then one to ten `files` parts. `purpose` and `profileId` may also be given in the query string. The type is decided by the content, never the name: images are checked against the purpose (spec §5), limited to 2 MB and 40 megapixels, re-encoded without metadata and fitted to the crop size of spec §9; SVG (rich-text only) is sanitised; banner videos (MP4, MOV) may be 20 MB. Errors: 413 too large, 415 type not allowed here, 400 unreadable. Returns the stored files.
     */
    post: operations["postUpload"];
  };
  "/api/upload/files/{id}": {
    /**
     * Remove an uploaded file (its uploader, a supervisor of its division, or a superadmin)
     * @description The file is no longer offered for editing; its bytes are deleted once no draft, live page, pending approval or rollback target shows it (a replaced photo stays on the live page until the change is published).
     */
    delete: operations["deleteUploadFile"];
  };
  "/api/profile-modifications/images": {
    /**
     * Register a rich-text image: link an upload to the profile whose text shows it
     * @description Body {profile, img_url, img_id} (spec §7). The caller must be able to edit the profile and manage the upload; otherwise 404.
     */
    post: operations["postProfileModificationsImages"];
    /**
     * Remove a rich-text image: unlink it from the profile (the file itself stays until deleted)
     * @description Body {img_url, profile} (spec §7). 404 when the caller cannot edit the profile or the image is not linked to it.
     */
    delete: operations["deleteProfileModificationsImages"];
  };
  "/scim/v2/ServiceProviderConfig": {
    /** SCIM: what the hub supports */
    get: operations["getScimServiceProviderConfig"];
  };
  "/scim/v2/ResourceTypes": {
    /** SCIM: User and Group */
    get: operations["getScimResourceTypes"];
  };
  "/scim/v2/ResourceTypes/{id}": {
    /** SCIM: one resource type */
    get: operations["getScimResourceType"];
  };
  "/scim/v2/Schemas": {
    /** SCIM: the User and Group schemas as the hub keeps them */
    get: operations["getScimSchemas"];
  };
  "/scim/v2/Schemas/{id}": {
    /** SCIM: one schema */
    get: operations["getScimSchema"];
  };
  "/scim/v2/Users": {
    /** SCIM: the division's members; filter userName eq or externalId eq; startIndex and count */
    get: operations["getScimUsers"];
    /** SCIM: makes the account, its membership and its card under the first template */
    post: operations["postScimUsers"];
  };
  "/scim/v2/Users/{id}": {
    /** SCIM: one member */
    get: operations["getScimUser"];
    /** SCIM: replaces a member (active false offboards, true restores) */
    put: operations["putScimUser"];
    /** SCIM: offboards the member with the division's outcome and ends the membership */
    delete: operations["deleteScimUser"];
    /** SCIM: changes a member (active false offboards, true restores) */
    patch: operations["patchScimUser"];
  };
  "/scim/v2/Groups": {
    /** SCIM: the division's templates; filter displayName eq */
    get: operations["getScimGroups"];
    /** SCIM: not supported (groups are the division's templates): 501 */
    post: operations["postScimGroups"];
  };
  "/scim/v2/Groups/{id}": {
    /** SCIM: one template and whose card inherits it */
    get: operations["getScimGroup"];
    /** SCIM: not supported: 501 */
    put: operations["putScimGroup"];
    /** SCIM: not supported: 501 */
    delete: operations["deleteScimGroup"];
    /** SCIM: adding a member moves their card under this template */
    patch: operations["patchScimGroup"];
  };
  "/scim/v2/Bulk": {
    /** SCIM: bulk is not supported: 501 */
    post: operations["postScimBulk"];
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
    ErrorBody: {
      statusCode: number;
      code: string;
      message: string;
      errors: {
          path?: string;
          message: string;
        }[];
    };
    ScimError: {
      schemas: "urn:ietf:params:scim:api:messages:2.0:Error"[];
      status: string;
      scimType?: string;
      detail: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export interface operations {

  /** Whether the server, its database and its limits answer */
  getHealth: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ok";
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Records one visitor interaction on a public page; 204 once it is committed with its rollups (group commit), 503 when it could not be */
  postEvents: {
    requestBody: {
      content: {
        "application/json": {
          profileId: number;
          /** @enum {string} */
          action: "view" | "click" | "open" | "view-media" | "scroll" | "share" | "submit";
          /** @enum {string} */
          type: "page" | "url" | "phone" | "email" | "dropdown" | "modal" | "socialmedia" | "image" | "video" | "section" | "testimonial" | "lead-form" | "pwa-install" | "save-to-contacts" | "copy-link" | "whatsapp" | "sms";
          label?: string;
          value?: string;
          source?: string;
          referrer?: string;
          campaign?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Lead forms of the profiles the caller may edit (owner, supervisor of the division, superadmin), by form_id or profileId */
  getLeadForms: {
    parameters: {
      query?: {
        form_id?: string;
        profileId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                profileId: number;
                companyId: number;
                form_id: string;
                title: string;
                fields: ({
                    label: string;
                    required: boolean;
                    /** @enum {string} */
                    type: "text" | "email" | "tel" | "textarea";
                    field_name: string;
                    enabled: boolean;
                  })[];
                enabled: boolean;
                form_submitted_message: string | null;
                subject: string | null;
                createdAt: string;
                updatedAt: string;
              })[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A new lead form for a profile {data:{profileId, title?, fields?, enabled?, form_submitted_message?, subject?}}
   * @description Without a title the form is named after the profile’s person with !@#$%^&*() stripped, plus "Lead Form"; form_id is the title plus a timestamp; fields default to name, email and message required, mobile not. An enabled form needs the profile’s "Send to email" and a thank-you message.
   */
  postLeadForms: {
    requestBody: {
      content: {
        "application/json": {
          data: {
            profileId: number;
            title?: string;
            fields?: ({
                label: string;
                required: boolean;
                /** @enum {string} */
                type: "text" | "email" | "tel" | "textarea";
                field_name: string;
                enabled: boolean;
              })[];
            enabled?: boolean;
            form_submitted_message?: string;
            subject?: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
              id: number;
              profileId: number;
              companyId: number;
              form_id: string;
              title: string;
              fields: ({
                  label: string;
                  required: boolean;
                  /** @enum {string} */
                  type: "text" | "email" | "tel" | "textarea";
                  field_name: string;
                  enabled: boolean;
                })[];
              enabled: boolean;
              form_submitted_message: string | null;
              subject: string | null;
              createdAt: string;
              updatedAt: string;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Change a lead form {data:{title?, fields?, enabled?, form_submitted_message?, subject?}}; its form_id stays
   * @description Published pages whose contact form uses the form are re-rendered from their published content with its new fields — unless the division approves changes and the caller does not: then the change goes live with the next approved publish.
   */
  putLeadForm: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          data: {
            title?: string;
            fields?: ({
                label: string;
                required: boolean;
                /** @enum {string} */
                type: "text" | "email" | "tel" | "textarea";
                field_name: string;
                enabled: boolean;
              })[];
            enabled?: boolean;
            form_submitted_message?: string;
            subject?: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
              id: number;
              profileId: number;
              companyId: number;
              form_id: string;
              title: string;
              fields: ({
                  label: string;
                  required: boolean;
                  /** @enum {string} */
                  type: "text" | "email" | "tel" | "textarea";
                  field_name: string;
                  enabled: boolean;
                })[];
              enabled: boolean;
              form_submitted_message: string | null;
              subject: string | null;
              createdAt: string;
              updatedAt: string;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Submits the lead form of a published profile (public) */
  postLeadFormsSubmitByProfileId: {
    parameters: {
      path: {
        profileId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          profileId?: number;
          formId?: string;
          fields: {
            name?: string;
            email?: string;
            mobile?: string;
            message?: string;
            website?: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** What a published page's exchange form shows: the owner's first name and the division's consent text when it asks for consent (public) */
  getContactsExchangeByProfileId: {
    parameters: {
      path: {
        profileId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            firstName: string;
            consentHtml: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A visitor shares their details with a published profile's owner (public): kept as a contact with source exchange */
  postContactsExchangeByProfileId: {
    parameters: {
      path: {
        profileId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          email: string;
          phone?: string;
          company?: string;
          jobTitle?: string;
          note?: string;
          consent?: boolean;
          website?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The contacts the actor sees, newest first: q (name, email, phone, company), companyId, profileId, source, from, to (days, UTC), page (from 0), pageSize 10, 25, 50 or 100 */
  getContacts: {
    parameters: {
      query?: {
        q?: string;
        companyId?: string;
        profileId?: number;
        source?: "lead_form" | "exchange" | "imported" | "scanned";
        from?: string;
        to?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                name: string;
                email: string;
                phone: string;
                company: string;
                jobTitle: string;
                /** @enum {string} */
                source: "lead_form" | "exchange" | "imported" | "scanned";
                profileId: number;
                profileName: string;
                companyId: number;
                createdAt: string;
              })[];
            page: number;
            pageSize: number;
            total: number;
            totalCapped: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Add a contact the person confirmed (a scanned card), kept on their own profile or on profileId, with the card's photo (cardUploadId) */
  postContacts: {
    requestBody: {
      content: {
        "application/json": {
          profileId?: number;
          /** @default */
          name?: string;
          /** @default */
          jobTitle?: string;
          /** @default */
          company?: string;
          /** @default */
          phone?: string;
          /** @default */
          email?: "" | string;
          /** @default */
          website?: "" | string;
          /** @default */
          notes?: string;
          cardUploadId?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        content: {
          "application/json": {
            id: number;
            name: string;
            email: string;
            phone: string;
            company: string;
            jobTitle: string;
            /** @enum {string} */
            source: "lead_form" | "exchange" | "imported" | "scanned";
            profileId: number;
            profileName: string;
            companyId: number;
            createdAt: string;
            message: string;
            notes: string;
            website: string;
            cardUrl: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The filtered contacts as a streamed .xlsx, or CSV with format=csv (formula-safe) */
  getContactsExport: {
    parameters: {
      query?: {
        q?: string;
        companyId?: string;
        profileId?: number;
        source?: "lead_form" | "exchange" | "imported" | "scanned";
        from?: string;
        to?: string;
        format?: "xlsx" | "csv";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The chosen contacts (ids, comma-joined) as one .vcf */
  getContactsVcard: {
    parameters: {
      query: {
        ids: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Delete-on-request: erases every contact of a visitor's email address the actor sees (audited without the address) */
  postContactsErase: {
    requestBody: {
      content: {
        "application/json": {
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            erased: number;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A contact with its message and notes */
  getContact: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            email: string;
            phone: string;
            company: string;
            jobTitle: string;
            /** @enum {string} */
            source: "lead_form" | "exchange" | "imported" | "scanned";
            profileId: number;
            profileName: string;
            companyId: number;
            createdAt: string;
            message: string;
            notes: string;
            website: string;
            cardUrl: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Deletes a contact (audited) */
  deleteContact: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Saves the contact's notes */
  patchContact: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          notes: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            email: string;
            phone: string;
            company: string;
            jobTitle: string;
            /** @enum {string} */
            source: "lead_form" | "exchange" | "imported" | "scanned";
            profileId: number;
            profileName: string;
            companyId: number;
            createdAt: string;
            message: string;
            notes: string;
            website: string;
            cardUrl: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Read a photo of a business card or event badge into contact fields, each with the text it came from, for the person to confirm
   * @description multipart/form-data with one part `file`: a JPEG, PNG or WebP photo (the type is decided by the content), at most 2 MB and 40 megapixels. The text is read on the server, offline, with at most a few cards at once; when too many wait, 503 with Retry-After. `country` (two letters, e.g. GB) reads phone numbers written without their +code. The photo is kept, private, for POST /contacts (cardUploadId); one never saved is deleted after a day.
   */
  postContactsScan: {
    parameters: {
      query?: {
        country?: string;
        profileId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            fields: {
              name: {
                value: string;
                source: string;
              } | null;
              jobTitle: {
                value: string;
                source: string;
              } | null;
              company: {
                value: string;
                source: string;
              } | null;
              phones: {
                  value: string;
                  source: string;
                }[];
              emails: {
                  value: string;
                  source: string;
                }[];
              links: {
                  value: string;
                  source: string;
                }[];
            };
            lines: string[];
            cardUploadId: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A scanned contact's card photo (who sees the contact) */
  getContactCard: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Profile list fetch of the users list: filter, companyId (comma list), order, orderBy, page (zero-based, 10 a page), isLive (tab); with tab counts */
  getUsers: {
    parameters: {
      query?: {
        filter?: string;
        companyId?: string;
        order?: "asc" | "desc";
        orderBy?: "NAME" | "DIVISION" | "TEMPLATE" | "UPDATED_AT" | "VIEWS";
        page?: number;
        pageSize?: number;
        isLive?: "true" | "false";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                userId: number | null;
                fullName: string;
                jobTitle: string | null;
                profileThumbnail: string | null;
                url: string | null;
                alias: string | null;
                email: string | null;
                companyId: number;
                companyName: string;
                templateName: string | null;
                updatedAt: string;
                count: number;
                publishedAt: string | null;
                /** @enum {string} */
                role: "user" | "supervisor";
                deactivatedAt: string | null;
              })[];
            page: number;
            pageSize: number;
            total: number;
            counts: {
              published: number;
              unpublished: number;
              all: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The add-user call of the invite dialog (spec §3 New user payload {email, name, company, masterProfile, profileAlias}): creates the account and its profile; emails the invitation unless notify_user=false */
  postUsers: {
    parameters: {
      query?: {
        notify_user?: "true" | "false";
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
          name: string;
          company: number | null;
          masterProfile?: number | null;
          profileAlias?: string | null;
          /**
           * @default user
           * @enum {string}
           */
          role?: "user" | "supervisor";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            userId: number;
            profileId: number;
            companyId: number;
            alias: string | null;
            emailed: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Divisions for the invite dialog and the list filters: a supervisor’s own; a superadmin’s matching filter (title or description), limit 10 by default; with the public-page host and first template */
  getUsersDivisions: {
    parameters: {
      query?: {
        filter?: string;
        limit?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                name: string;
                title: string;
                description: string;
                profileDomain: string;
                masterProfileId: number | null;
                canInvite: boolean;
              })[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Alias test of the invite dialog (spec §5 invite alias rules): success with the cleaned alias as message when it is free; otherwise success false and why. Rate limited per IP */
  getUsersAliasAvailable: {
    parameters: {
      query: {
        alias: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            success: boolean;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Invite a user: creates the account and a profile under the division’s template; emails the invitation when notify_user is true */
  postProfilesCreateProfile: {
    parameters: {
      query?: {
        notify_user?: "true" | "false";
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          subscriptionType?: "enterprise" | "lite";
          company: number;
          masterProfile?: number;
          person: {
            first_name: string;
          };
          profileAlias?: string;
          contacts?: {
            email?: string;
          };
          /** Format: email */
          userAccountEmail: string;
          profileName?: string;
          /**
           * @default user
           * @enum {string}
           */
          role?: "user" | "supervisor";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            userId: number;
            profileId: number;
            companyId: number;
            alias: string | null;
            emailed: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Staff import preview (supervisor: their divisions; superadmin: any): a CSV or .xlsx file (base64) and, once chosen, its column mapping; every row with its errors in the invite dialog’s words */
  postUsersImportPreview: {
    requestBody: {
      content: {
        "application/json": {
          fileName: string;
          file: string;
          mapping?: {
            fullName?: string;
            email?: string;
            alias?: string;
            division?: string;
            jobTitle?: string;
            phone?: string;
          };
          /** @default true */
          notify?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            headers: string[];
            mapping: {
              fullName?: string;
              email?: string;
              alias?: string;
              division?: string;
              jobTitle?: string;
              phone?: string;
            };
            rows: {
                row: number;
                values: {
                  [key: string]: string;
                };
                errors: string[];
              }[];
            valid: number;
            invalid: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Staff import: checks the file and queues its import as a job (202 with its status); the job creates each valid row’s person as an invitation would (emailed when notify is true) or updates the one already in that division (by email), in batches */
  postUsersImport: {
    requestBody: {
      content: {
        "application/json": {
          fileName: string;
          file: string;
          mapping?: {
            fullName?: string;
            email?: string;
            alias?: string;
            division?: string;
            jobTitle?: string;
            phone?: string;
          };
          /** @default true */
          notify?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      202: {
        content: {
          "application/json": {
            id: number;
            fileName: string;
            /** @enum {string} */
            state: "queued" | "running" | "done" | "failed";
            notify: boolean;
            total: number;
            done: number;
            created: number;
            updated: number;
            skipped: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A staff import’s progress: rows done of the total, created, updated and skipped (another division’s import answers 404) */
  getUsersImportById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            fileName: string;
            /** @enum {string} */
            state: "queued" | "running" | "done" | "failed";
            notify: boolean;
            total: number;
            done: number;
            created: number;
            updated: number;
            skipped: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A finished staff import’s result: a CSV of every row with its outcome (created, updated or skipped) and the reason (409 while it runs) */
  getUsersImportByIdResult: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Password sign-in: a session, or {secondFactor: {ticket}} when the account asks for a passkey or an emailed code next */
  postAuthLocal: {
    requestBody: {
      content: {
        "application/json": {
          identifier: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": ({
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          }) | {
            secondFactor: {
              ticket: string;
              passkey: boolean;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Emails the second step's 4-digit code */
  postAuthSecondFactorCode: {
    requestBody: {
      content: {
        "application/json": {
          ticket: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The emailed code finishes the sign-in */
  postAuthSecondFactorVerify: {
    requestBody: {
      content: {
        "application/json": {
          ticket: string;
          otp: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Signs this session out */
  getAuthLogout: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Whether the token is a live session, and whose */
  getJwtsVerify: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            valid: true;
            userId: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Registration check: 401 not invited, 402 incomplete, 403 needs an emailed code; with ?alias= a bare boolean */
  getProfilesRegisterCompleted: {
    parameters: {
      query?: {
        email?: string;
        alias?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": boolean | {
            /** @enum {boolean} */
            success: true;
            /** @enum {string} */
            message: "registered";
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Mails a registration code */
  postProfilesGenerateOtp: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            success: boolean;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Mails a sign-in code */
  postProfilesGenerateLoginOtp: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Signs in with a mailed code */
  postProfilesVerifyOtp: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
          otp: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Signs in through a linked provider (Google) */
  postProfilesLink: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
          otp?: string;
          password?: string;
          /** @enum {string} */
          provider?: "google";
          id_token?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sets the first password of an invited account */
  postProfilesSetup: {
    requestBody: {
      content: {
        "application/json": {
          password: string;
          currentPassword?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Mails a password reset link */
  postAuthForgotPassword: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sets a new password with a reset link and signs in */
  postAuthResetPassword: {
    requestBody: {
      content: {
        "application/json": {
          code: string;
          password: string;
          passwordConfirmation: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The signed-in user, with their divisions */
  getCompaniesUsersMe: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            email: string;
            username: string;
            title: string | null;
            confirmed: boolean;
            hasPassword: boolean;
            /** @enum {string} */
            role: "superadmin" | "supervisor" | "user";
            person: {
              first_name: string | null;
              last_name: string | null;
            };
            profile: ({
              id: number;
              alias: string | null;
            }) | null;
            company: ({
              id: number;
              name: string;
              title: string;
              description: string;
              subdomain: string;
              customDomain: string | null;
              customDomainUrl: string | null;
              masterProfiles: {
                  id: number;
                }[];
              limits: {
                imageGallery: number;
              };
              feature_flags: {
                approvals: boolean;
                templates: boolean;
                permissions: boolean;
                rte: boolean;
                corporate: boolean;
                invite_users: boolean;
                style_editing: boolean;
              };
              customSupportLink: string | null;
              /** @enum {string} */
              paymentStructure: "individual" | "corporate";
              /** @enum {string} */
              publicationState: "live" | "preview";
              whiteLabel: ({
                title: string;
                logo?: string | null;
                light_logo?: string | null;
                icon?: string | null;
                light_icon?: string | null;
                profile_placeholder_image?: string | null;
                brand_color?: string | null;
                brand_dark_color?: string | null;
                brand_color_success?: string | null;
                brand_color_error?: string | null;
                css?: string | null;
                domain?: string | null;
                profile_domain?: string | null;
                tut_video?: string | null;
                faq?: {
                    question: string;
                    answer: string;
                  }[] | null;
                legal?: string | null;
                updatedAt?: string | null;
              }) | null;
              consent: {
                enable: boolean;
                text: string;
              };
            }) | null;
            companies: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              })[];
            supervisedCompanyIds: number[];
            pendingApprovals: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Signs in with a Google ID token */
  getAuthGoogleCallback: {
    parameters: {
      query: {
        id_token: string;
        access_token?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Trades the one-time ticket of the browser's Google sign-in (/authenticate/google?ticket=) for a session */
  postAuthGoogleTicket: {
    requestBody: {
      content: {
        "application/json": {
          ticket: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Starts Google sign-in (redirects to the provider) */
  getConnectGoogle: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The provider's redirect back; sends the browser on to /authenticate/google with a one-time ticket, or with an error */
  getConnectGoogleCallback: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        error?: string;
        iss?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A division's single sign-on settings (never the secret) */
  getCompanySso: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            config: ({
              companyId: number;
              /** @enum {string} */
              protocol: "oidc" | "saml";
              saml: ({
                entityId: string;
                ssoUrl: string;
                metadataUrl: string | null;
                certificates: number;
              }) | null;
              issuer: string;
              clientId: string;
              clientSecretSet: boolean;
              allowedDomains: string[];
              required: boolean;
              enabled: boolean;
              redirectUri: string;
              updatedAt: string;
            }) | null;
            redirectUri: string;
            samlSp: {
              entityId: string;
              acsUrl: string;
              metadataUrl: string;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sets a division's single sign-on; the issuer must answer OpenID discovery. Leave clientSecret out to keep the stored one */
  putCompanySso: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @default oidc
           * @enum {string}
           */
          protocol?: "oidc" | "saml";
          issuer?: string;
          clientId?: string;
          clientSecret?: string;
          samlMetadataUrl?: string;
          samlMetadataXml?: string;
          allowedDomains: string[];
          required: boolean;
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            companyId: number;
            /** @enum {string} */
            protocol: "oidc" | "saml";
            saml: ({
              entityId: string;
              ssoUrl: string;
              metadataUrl: string | null;
              certificates: number;
            }) | null;
            issuer: string;
            clientId: string;
            clientSecretSet: boolean;
            allowedDomains: string[];
            required: boolean;
            enabled: boolean;
            redirectUri: string;
            updatedAt: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Removes a division's single sign-on */
  deleteCompanySso: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Whether an email signs in with its company provider, and whether only so */
  postAuthSsoDiscover: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            sso: boolean;
            required: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Starts single sign-on for this email (redirects to the division's provider) */
  getAuthSsoStart: {
    parameters: {
      query: {
        email: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The provider's redirect back; sends the browser on to /authenticate/sso with a one-time ticket, or an error */
  getAuthSsoCallback: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        error?: string;
        iss?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The hub's SAML service provider metadata for a division (entity ID, ACS URL) */
  getAuthSamlByCompanyIdMetadata: {
    parameters: {
      path: {
        companyId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The SAML identity provider's form post (assertion consumer service); sends the browser on to /authenticate/sso with a one-time ticket, or an error */
  postAuthSamlAcs: {
    requestBody: {
      content: {
        "application/json": {
          SAMLResponse: string;
          RelayState?: string;
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Trades the one-time ticket of an SSO sign-in for a session */
  postAuthSsoTicket: {
    requestBody: {
      content: {
        "application/json": {
          ticket: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A division's SCIM tokens (never the tokens themselves) and the SCIM base URL */
  getCompanyScimTokens: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            tokens: ({
                id: number;
                companyId: number;
                name: string;
                hint: string;
                createdBy: number;
                createdAt: string;
                lastUsedAt: string | null;
                revokedAt: string | null;
              })[];
            baseUrl: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Makes a SCIM token for the division; the answer holds the token, shown this once */
  postCompanyScimTokens: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        content: {
          "application/json": {
            id: number;
            companyId: number;
            name: string;
            hint: string;
            createdBy: number;
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            token: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Revokes a SCIM token at once */
  deleteCompanyScimToken: {
    parameters: {
      path: {
        id: number;
        tokenId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A division's API keys (never the keys themselves: their prefix, name, scopes, maker and last use) */
  getCompanyApiKeys: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            keys: ({
                id: number;
                companyId: number;
                name: string;
                prefix: string;
                scopes: ("profiles:read" | "contacts:read" | "users:invite" | "profiles:publish")[];
                createdBy: number;
                createdByEmail: string;
                createdAt: string;
                lastUsedAt: string | null;
                revokedAt: string | null;
              })[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Makes an API key for the division with the scopes given; the answer holds the key, shown this once */
  postCompanyApiKeys: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          scopes: ("profiles:read" | "contacts:read" | "users:invite" | "profiles:publish")[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        content: {
          "application/json": {
            id: number;
            companyId: number;
            name: string;
            prefix: string;
            scopes: ("profiles:read" | "contacts:read" | "users:invite" | "profiles:publish")[];
            createdBy: number;
            createdByEmail: string;
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            key: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Revokes an API key: it is refused from its next request */
  deleteCompanyApiKey: {
    parameters: {
      path: {
        id: number;
        keyId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A division's webhooks (never their secrets) */
  getCompanyWebhooks: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            webhooks: {
                id: number;
                companyId: number;
                url: string;
                events: string[];
                enabled: boolean;
                createdAt: string;
                updatedAt: string;
              }[];
            events: string[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Subscribes a URL to events of the division; the answer holds its signing secret, shown this once */
  postCompanyWebhooks: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          url: string;
          events: ("contact.created" | "profile.published" | "profile.unpublished" | "approval.requested" | "approval.decided" | "user.invited")[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        content: {
          "application/json": {
            id: number;
            companyId: number;
            url: string;
            events: string[];
            enabled: boolean;
            createdAt: string;
            updatedAt: string;
            secret: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Deletes a webhook and its delivery log */
  deleteCompanyWebhook: {
    parameters: {
      path: {
        id: number;
        hookId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Changes a webhook's URL, events or whether it is on */
  patchCompanyWebhook: {
    parameters: {
      path: {
        id: number;
        hookId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          url?: string;
          events?: ("contact.created" | "profile.published" | "profile.unpublished" | "approval.requested" | "approval.decided" | "user.invited")[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            companyId: number;
            url: string;
            events: string[];
            enabled: boolean;
            createdAt: string;
            updatedAt: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A new signing secret, shown this once; the old one stops at once */
  postCompanyWebhookRotateSecret: {
    parameters: {
      path: {
        id: number;
        hookId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            companyId: number;
            url: string;
            events: string[];
            enabled: boolean;
            createdAt: string;
            updatedAt: string;
            secret: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Queues a webhook.test event to this webhook */
  postCompanyWebhookTest: {
    parameters: {
      path: {
        id: number;
        hookId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A webhook's delivery log, newest first */
  getCompanyWebhookDeliveries: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      path: {
        id: number;
        hookId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            deliveries: ({
                id: number;
                eventType: string;
                messageId: string;
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
                lastStatusCode: number | null;
                lastResponseMs: number | null;
                lastError: string | null;
                createdAt: string;
                deliveredAt: string | null;
                nextAttemptAt: string | null;
              })[];
            total: number;
            page: number;
            pageSize: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A phone registers for updates of a pass it holds (Authorization: ApplePass {authenticationToken}) */
  postWalletAppleV1DeviceRegistration: {
    parameters: {
      path: {
        passTypeIdentifier: string;
        serialNumber: string;
        deviceLibraryIdentifier: string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          pushToken: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": Record<string, never>;
        };
      };
      /** @description Default Response */
      201: {
        content: {
          "application/json": Record<string, never>;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A phone no longer wants updates of a pass (it was removed) */
  deleteWalletAppleV1DeviceRegistration: {
    parameters: {
      path: {
        passTypeIdentifier: string;
        serialNumber: string;
        deviceLibraryIdentifier: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": Record<string, never>;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The serial numbers of a phone's passes updated since the tag it was given; 204 when none */
  getWalletAppleV1DeviceRegistration: {
    parameters: {
      query?: {
        passesUpdatedSince?: string;
      };
      path: {
        deviceLibraryIdentifier: string;
        passTypeIdentifier: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            serialNumbers: string[];
            lastUpdated: string;
          };
        };
      };
      /** @description Default Response */
      204: {
        content: {
          "application/json": null;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The current version of a pass (application/vnd.apple.pkpass); 304 when the phone has it */
  getWalletAppleV1Passe: {
    parameters: {
      path: {
        passTypeIdentifier: string;
        serialNumber: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": unknown;
        };
      };
      /** @description Default Response */
      304: {
        content: {
          "application/json": null;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Wallet's messages about the hub's web service, for the operator's log */
  postWalletAppleV1Log: {
    requestBody: {
      content: {
        "application/json": {
          logs: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": Record<string, never>;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Whether the hub still needs its first superadmin */
  getSetup: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            needed: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Create the first superadmin and division with the one-time setup token */
  postSetup: {
    requestBody: {
      content: {
        "application/json": {
          token: string;
          firstName: string;
          lastName: string;
          /** Format: email */
          email: string;
          password: string;
          division: {
            title: string;
            subdomain: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Mail the signed-in person a 4-digit code that confirms deleting their own account (not for a superadmin) */
  postAccountDeleteCode: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Delete the signed-in account with the mailed code; its profiles stay with the division, unlinked and offline */
  postAccountDelete: {
    requestBody: {
      content: {
        "application/json": {
          otp: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The mails the signed-in person chose to get (approval requests, approval decisions, lead messages) */
  getAccountNotifications: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            approvalRequests: boolean;
            approvalDecisions: boolean;
            leadMessages: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Save which mails the signed-in person gets; sign-in codes, reset links and invitations always go */
  putAccountNotifications: {
    requestBody: {
      content: {
        "application/json": {
          approvalRequests: boolean;
          approvalDecisions: boolean;
          leadMessages: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            prefs: {
              approvalRequests: boolean;
              approvalDecisions: boolean;
              leadMessages: boolean;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The signed-in person’s passkeys, and whether a second step follows their password */
  getAccountPasskeys: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            passkeys: ({
                id: number;
                name: string;
                createdAt: string;
                lastUsedAt: string | null;
              })[];
            /** @enum {string|null} */
            secondFactor: "passkey_or_code" | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Adds the passkey the browser made for the options */
  postAccountPasskeys: {
    requestBody: {
      content: {
        "application/json": {
          response: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: "public-key";
            clientExtensionResults: {
              [key: string]: unknown;
            };
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            response: {
              clientDataJSON: string;
              attestationObject: string;
              transports?: string[];
              [key: string]: unknown;
            };
          };
          name?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            createdAt: string;
            lastUsedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** WebAuthn options to add a passkey on this hub host */
  postAccountPasskeysOptions: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            challenge: string;
            [key: string]: unknown;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Removes one of one’s own passkeys (another’s answers 404) */
  deleteAccountPasskey: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Renames one of one’s own passkeys */
  patchAccountPasskey: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            createdAt: string;
            lastUsedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Whether a passkey or an emailed code must follow the password */
  putAccountSecondFactor: {
    requestBody: {
      content: {
        "application/json": {
          required: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** WebAuthn options to sign in with a passkey (any of this hub; with a ticket, that account’s) */
  postAuthPasskeyOptions: {
    requestBody: {
      content: {
        "application/json": {
          ticket?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            challenge: string;
            [key: string]: unknown;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Signs in with the passkey’s answer */
  postAuthPasskey: {
    requestBody: {
      content: {
        "application/json": {
          response: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: "public-key";
            clientExtensionResults: {
              [key: string]: unknown;
            };
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            response: {
              clientDataJSON: string;
              authenticatorData: string;
              signature: string;
              userHandle?: string;
              [key: string]: unknown;
            };
          };
          ticket?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            jwt: string;
            user: {
              id: number;
              email: string;
              username: string;
              title: string | null;
              confirmed: boolean;
              hasPassword: boolean;
              /** @enum {string} */
              role: "superadmin" | "supervisor" | "user";
              person: {
                first_name: string | null;
                last_name: string | null;
              };
              profile: ({
                id: number;
                alias: string | null;
              }) | null;
              company: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              }) | null;
              companies: ({
                  id: number;
                  name: string;
                  title: string;
                  description: string;
                  subdomain: string;
                  customDomain: string | null;
                  customDomainUrl: string | null;
                  masterProfiles: {
                      id: number;
                    }[];
                  limits: {
                    imageGallery: number;
                  };
                  feature_flags: {
                    approvals: boolean;
                    templates: boolean;
                    permissions: boolean;
                    rte: boolean;
                    corporate: boolean;
                    invite_users: boolean;
                    style_editing: boolean;
                  };
                  customSupportLink: string | null;
                  /** @enum {string} */
                  paymentStructure: "individual" | "corporate";
                  /** @enum {string} */
                  publicationState: "live" | "preview";
                  whiteLabel: ({
                    title: string;
                    logo?: string | null;
                    light_logo?: string | null;
                    icon?: string | null;
                    light_icon?: string | null;
                    profile_placeholder_image?: string | null;
                    brand_color?: string | null;
                    brand_dark_color?: string | null;
                    brand_color_success?: string | null;
                    brand_color_error?: string | null;
                    css?: string | null;
                    domain?: string | null;
                    profile_domain?: string | null;
                    tut_video?: string | null;
                    faq?: {
                        question: string;
                        answer: string;
                      }[] | null;
                    legal?: string | null;
                    updatedAt?: string | null;
                  }) | null;
                  consent: {
                    enable: boolean;
                    text: string;
                  };
                })[];
              supervisedCompanyIds: number[];
              pendingApprovals: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Divisions the caller may see, with the query language of spec §7 */
  getCompanies: {
    parameters: {
      query?: {
        "filters[description][$containsi]"?: string;
        "pagination[page]"?: number;
        "pagination[pageSize]"?: number;
        sort?: "description:asc" | "description:desc" | "name:asc" | "name:desc" | "id:asc" | "id:desc";
        publicationState?: "live" | "preview";
        populate?: string | string[];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
              })[];
            meta: {
              pagination: {
                page: number;
                pageSize: number;
                pageCount: number;
                total: number;
              };
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Create a division with its first master template (superadmin) */
  postCompanies: {
    requestBody: {
      content: {
        "application/json": {
          title: string;
          subdomain: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            title: string;
            description: string;
            subdomain: string;
            customDomain: string | null;
            customDomainUrl: string | null;
            masterProfiles: {
                id: number;
              }[];
            limits: {
              imageGallery: number;
            };
            feature_flags: {
              approvals: boolean;
              templates: boolean;
              permissions: boolean;
              rte: boolean;
              corporate: boolean;
              invite_users: boolean;
              style_editing: boolean;
            };
            customSupportLink: string | null;
            /** @enum {string} */
            paymentStructure: "individual" | "corporate";
            /** @enum {string} */
            publicationState: "live" | "preview";
            whiteLabel: ({
              title: string;
              logo?: string | null;
              light_logo?: string | null;
              icon?: string | null;
              light_icon?: string | null;
              profile_placeholder_image?: string | null;
              brand_color?: string | null;
              brand_dark_color?: string | null;
              brand_color_success?: string | null;
              brand_color_error?: string | null;
              css?: string | null;
              domain?: string | null;
              profile_domain?: string | null;
              tut_video?: string | null;
              faq?: {
                  question: string;
                  answer: string;
                }[] | null;
              legal?: string | null;
              updatedAt?: string | null;
            }) | null;
            consent: {
              enable: boolean;
              text: string;
            };
            trainingVideoUrl: string | null;
            mailFromName: string | null;
            mailFromAddress: string | null;
            /** @enum {string} */
            offboardingOutcome: "successor" | "company" | "gone";
            contactRetentionMonths: number | null;
            exchangeFollowUp: boolean;
            updatedAt: string;
            members: number;
            profiles: number;
            archivedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The divisions console: every division, searched and paged (superadmin) */
  getCompaniesConsole: {
    parameters: {
      query?: {
        search?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                name: string;
                title: string;
                description: string;
                subdomain: string;
                customDomain: string | null;
                customDomainUrl: string | null;
                masterProfiles: {
                    id: number;
                  }[];
                limits: {
                  imageGallery: number;
                };
                feature_flags: {
                  approvals: boolean;
                  templates: boolean;
                  permissions: boolean;
                  rte: boolean;
                  corporate: boolean;
                  invite_users: boolean;
                  style_editing: boolean;
                };
                customSupportLink: string | null;
                /** @enum {string} */
                paymentStructure: "individual" | "corporate";
                /** @enum {string} */
                publicationState: "live" | "preview";
                whiteLabel: ({
                  title: string;
                  logo?: string | null;
                  light_logo?: string | null;
                  icon?: string | null;
                  light_icon?: string | null;
                  profile_placeholder_image?: string | null;
                  brand_color?: string | null;
                  brand_dark_color?: string | null;
                  brand_color_success?: string | null;
                  brand_color_error?: string | null;
                  css?: string | null;
                  domain?: string | null;
                  profile_domain?: string | null;
                  tut_video?: string | null;
                  faq?: {
                      question: string;
                      answer: string;
                    }[] | null;
                  legal?: string | null;
                  updatedAt?: string | null;
                }) | null;
                consent: {
                  enable: boolean;
                  text: string;
                };
                trainingVideoUrl: string | null;
                mailFromName: string | null;
                mailFromAddress: string | null;
                /** @enum {string} */
                offboardingOutcome: "successor" | "company" | "gone";
                contactRetentionMonths: number | null;
                exchangeFollowUp: boolean;
                updatedAt: string;
                members: number;
                profiles: number;
                archivedAt: string | null;
              })[];
            meta: {
              pagination: {
                page: number;
                pageSize: number;
                pageCount: number;
                total: number;
              };
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** One division with every setting (superadmin) */
  getCompaniesConsoleById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            title: string;
            description: string;
            subdomain: string;
            customDomain: string | null;
            customDomainUrl: string | null;
            masterProfiles: {
                id: number;
              }[];
            limits: {
              imageGallery: number;
            };
            feature_flags: {
              approvals: boolean;
              templates: boolean;
              permissions: boolean;
              rte: boolean;
              corporate: boolean;
              invite_users: boolean;
              style_editing: boolean;
            };
            customSupportLink: string | null;
            /** @enum {string} */
            paymentStructure: "individual" | "corporate";
            /** @enum {string} */
            publicationState: "live" | "preview";
            whiteLabel: ({
              title: string;
              logo?: string | null;
              light_logo?: string | null;
              icon?: string | null;
              light_icon?: string | null;
              profile_placeholder_image?: string | null;
              brand_color?: string | null;
              brand_dark_color?: string | null;
              brand_color_success?: string | null;
              brand_color_error?: string | null;
              css?: string | null;
              domain?: string | null;
              profile_domain?: string | null;
              tut_video?: string | null;
              faq?: {
                  question: string;
                  answer: string;
                }[] | null;
              legal?: string | null;
              updatedAt?: string | null;
            }) | null;
            consent: {
              enable: boolean;
              text: string;
            };
            trainingVideoUrl: string | null;
            mailFromName: string | null;
            mailFromAddress: string | null;
            /** @enum {string} */
            offboardingOutcome: "successor" | "company" | "gone";
            contactRetentionMonths: number | null;
            exchangeFollowUp: boolean;
            updatedAt: string;
            members: number;
            profiles: number;
            archivedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Delete a division and all its data for good: needs its name typed and a finished export made after its last change, within 24 hours (409 otherwise) (superadmin) */
  deleteCompany: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          confirm: string;
          /** Format: uuid */
          exportId?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            usersDeleted: number;
            filesDeleted: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Change a division’s settings; refused (409) if it changed since `updatedAt` (superadmin) */
  patchCompany: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: date-time */
          updatedAt: string;
          title?: string;
          description?: string;
          subdomain?: string;
          feature_flags?: {
            approvals?: boolean;
            templates?: boolean;
            permissions?: boolean;
            rte?: boolean;
            corporate?: boolean;
            invite_users?: boolean;
            style_editing?: boolean;
          };
          /** @enum {string} */
          paymentStructure?: "individual" | "corporate";
          limits?: {
            imageGallery: number;
          };
          customSupportLink?: string | null;
          trainingVideoUrl?: string | null;
          whiteLabel?: ({
            title: string;
            logo?: string | null;
            light_logo?: string | null;
            icon?: string | null;
            light_icon?: string | null;
            profile_placeholder_image?: string | null;
            brand_color?: string | null;
            brand_dark_color?: string | null;
            brand_color_success?: string | null;
            brand_color_error?: string | null;
            css?: string | null;
            domain?: string | null;
            profile_domain?: string | null;
            tut_video?: string | null;
            faq?: {
                question: string;
                answer: string;
              }[] | null;
            legal?: string | null;
            updatedAt?: string | null;
          }) | null;
          consent?: {
            enable: boolean;
            text: string;
          };
          /** @enum {string} */
          offboardingOutcome?: "successor" | "company" | "gone";
          contactRetentionMonths?: number | null;
          exchangeFollowUp?: boolean;
          mailFromName?: string | null;
          mailFromAddress?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            title: string;
            description: string;
            subdomain: string;
            customDomain: string | null;
            customDomainUrl: string | null;
            masterProfiles: {
                id: number;
              }[];
            limits: {
              imageGallery: number;
            };
            feature_flags: {
              approvals: boolean;
              templates: boolean;
              permissions: boolean;
              rte: boolean;
              corporate: boolean;
              invite_users: boolean;
              style_editing: boolean;
            };
            customSupportLink: string | null;
            /** @enum {string} */
            paymentStructure: "individual" | "corporate";
            /** @enum {string} */
            publicationState: "live" | "preview";
            whiteLabel: ({
              title: string;
              logo?: string | null;
              light_logo?: string | null;
              icon?: string | null;
              light_icon?: string | null;
              profile_placeholder_image?: string | null;
              brand_color?: string | null;
              brand_dark_color?: string | null;
              brand_color_success?: string | null;
              brand_color_error?: string | null;
              css?: string | null;
              domain?: string | null;
              profile_domain?: string | null;
              tut_video?: string | null;
              faq?: {
                  question: string;
                  answer: string;
                }[] | null;
              legal?: string | null;
              updatedAt?: string | null;
            }) | null;
            consent: {
              enable: boolean;
              text: string;
            };
            trainingVideoUrl: string | null;
            mailFromName: string | null;
            mailFromAddress: string | null;
            /** @enum {string} */
            offboardingOutcome: "successor" | "company" | "gone";
            contactRetentionMonths: number | null;
            exchangeFollowUp: boolean;
            updatedAt: string;
            members: number;
            profiles: number;
            archivedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** How the division’s sign-in page and a sample public page look with unsaved settings: HTML for sandboxed frames (superadmin) */
  postCompanyPreview: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          title?: string;
          customSupportLink?: string | null;
          whiteLabel?: ({
            title: string;
            logo?: string | null;
            light_logo?: string | null;
            icon?: string | null;
            light_icon?: string | null;
            profile_placeholder_image?: string | null;
            brand_color?: string | null;
            brand_dark_color?: string | null;
            brand_color_success?: string | null;
            brand_color_error?: string | null;
            css?: string | null;
            domain?: string | null;
            profile_domain?: string | null;
            tut_video?: string | null;
            faq?: {
                question: string;
                answer: string;
              }[] | null;
            legal?: string | null;
            updatedAt?: string | null;
          }) | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            signIn: string;
            page: string;
            contrast: {
              ratio: number;
              readable: boolean;
            } | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Archive a division: its pages answer 410 and its members cannot sign in until it is restored (superadmin) */
  postCompanyArchive: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            title: string;
            description: string;
            subdomain: string;
            customDomain: string | null;
            customDomainUrl: string | null;
            masterProfiles: {
                id: number;
              }[];
            limits: {
              imageGallery: number;
            };
            feature_flags: {
              approvals: boolean;
              templates: boolean;
              permissions: boolean;
              rte: boolean;
              corporate: boolean;
              invite_users: boolean;
              style_editing: boolean;
            };
            customSupportLink: string | null;
            /** @enum {string} */
            paymentStructure: "individual" | "corporate";
            /** @enum {string} */
            publicationState: "live" | "preview";
            whiteLabel: ({
              title: string;
              logo?: string | null;
              light_logo?: string | null;
              icon?: string | null;
              light_icon?: string | null;
              profile_placeholder_image?: string | null;
              brand_color?: string | null;
              brand_dark_color?: string | null;
              brand_color_success?: string | null;
              brand_color_error?: string | null;
              css?: string | null;
              domain?: string | null;
              profile_domain?: string | null;
              tut_video?: string | null;
              faq?: {
                  question: string;
                  answer: string;
                }[] | null;
              legal?: string | null;
              updatedAt?: string | null;
            }) | null;
            consent: {
              enable: boolean;
              text: string;
            };
            trainingVideoUrl: string | null;
            mailFromName: string | null;
            mailFromAddress: string | null;
            /** @enum {string} */
            offboardingOutcome: "successor" | "company" | "gone";
            contactRetentionMonths: number | null;
            exchangeFollowUp: boolean;
            updatedAt: string;
            members: number;
            profiles: number;
            archivedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Restore an archived division: its pages and sign-in work again (superadmin) */
  postCompanyRestore: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            name: string;
            title: string;
            description: string;
            subdomain: string;
            customDomain: string | null;
            customDomainUrl: string | null;
            masterProfiles: {
                id: number;
              }[];
            limits: {
              imageGallery: number;
            };
            feature_flags: {
              approvals: boolean;
              templates: boolean;
              permissions: boolean;
              rte: boolean;
              corporate: boolean;
              invite_users: boolean;
              style_editing: boolean;
            };
            customSupportLink: string | null;
            /** @enum {string} */
            paymentStructure: "individual" | "corporate";
            /** @enum {string} */
            publicationState: "live" | "preview";
            whiteLabel: ({
              title: string;
              logo?: string | null;
              light_logo?: string | null;
              icon?: string | null;
              light_icon?: string | null;
              profile_placeholder_image?: string | null;
              brand_color?: string | null;
              brand_dark_color?: string | null;
              brand_color_success?: string | null;
              brand_color_error?: string | null;
              css?: string | null;
              domain?: string | null;
              profile_domain?: string | null;
              tut_video?: string | null;
              faq?: {
                  question: string;
                  answer: string;
                }[] | null;
              legal?: string | null;
              updatedAt?: string | null;
            }) | null;
            consent: {
              enable: boolean;
              text: string;
            };
            trainingVideoUrl: string | null;
            mailFromName: string | null;
            mailFromAddress: string | null;
            /** @enum {string} */
            offboardingOutcome: "successor" | "company" | "gone";
            contactRetentionMonths: number | null;
            exchangeFollowUp: boolean;
            updatedAt: string;
            members: number;
            profiles: number;
            archivedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A division's training video */
  getCompaniesTrainingVideoByCompanyId: {
    parameters: {
      path: {
        companyId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            success: boolean;
            url: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** White-label of the hub host the browser is on, and which sign-in methods it offers (before sign-in) */
  getWhiteLabel: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            whiteLabel: ({
              title: string;
              logo?: string | null;
              light_logo?: string | null;
              icon?: string | null;
              light_icon?: string | null;
              profile_placeholder_image?: string | null;
              brand_color?: string | null;
              brand_dark_color?: string | null;
              brand_color_success?: string | null;
              brand_color_error?: string | null;
              css?: string | null;
              domain?: string | null;
              profile_domain?: string | null;
              tut_video?: string | null;
              faq?: {
                  question: string;
                  answer: string;
                }[] | null;
              legal?: string | null;
              updatedAt?: string | null;
            }) | null;
            supportHref: string;
            googleSignIn: boolean;
            closed: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A division’s own domain: none, pending (DNS record, check URL) or verified (superadmin) */
  getCompanyDomain: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "none" | "pending" | "verified";
            domain: string | null;
            target: string;
            checkUrl: string | null;
            token: string | null;
            verifiedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sets a division’s own domain, to verify next (superadmin) */
  putCompanyDomain: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          domain: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "none" | "pending" | "verified";
            domain: string | null;
            target: string;
            checkUrl: string | null;
            token: string | null;
            verifiedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Removes a division’s own domain (superadmin) */
  deleteCompanyDomain: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "none" | "pending" | "verified";
            domain: string | null;
            target: string;
            checkUrl: string | null;
            token: string | null;
            verifiedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Fetches the verification token from the domain over HTTP; the domain serves the division once it answers (superadmin) */
  postCompanyDomainVerify: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "none" | "pending" | "verified";
            domain: string | null;
            target: string;
            checkUrl: string | null;
            token: string | null;
            verifiedAt: string | null;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Caddy’s on-demand TLS ask: 200 for a verified division domain, 404 otherwise; answers this machine only */
  getDomainsAsk: {
    parameters: {
      query: {
        domain: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The division’s latest exports, newest first (superadmin) */
  getCompanyExports: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                /** Format: uuid */
                id: string;
                companyId: number;
                /** @enum {string} */
                status: "queued" | "running" | "ready" | "failed";
                /** @enum {string} */
                phase: "queued" | "data" | "uploads" | "storing" | "done" | "failed";
                done: number;
                total: number;
                size: number | null;
                fileName: string;
                createdAt: string;
                finishedAt: string | null;
                expiresAt: string;
              })[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Start an export of all of a division’s data (a zip of JSON files and its uploads); answers one already running (superadmin) */
  postCompanyExports: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            companyId: number;
            /** @enum {string} */
            status: "queued" | "running" | "ready" | "failed";
            /** @enum {string} */
            phase: "queued" | "data" | "uploads" | "storing" | "done" | "failed";
            done: number;
            total: number;
            size: number | null;
            fileName: string;
            createdAt: string;
            finishedAt: string | null;
            expiresAt: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Where an export stands: status, phase and progress (done of total steps) (superadmin) */
  getCompanyExport: {
    parameters: {
      path: {
        id: number;
        exportId: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            companyId: number;
            /** @enum {string} */
            status: "queued" | "running" | "ready" | "failed";
            /** @enum {string} */
            phase: "queued" | "data" | "uploads" | "storing" | "done" | "failed";
            done: number;
            total: number;
            size: number | null;
            fileName: string;
            createdAt: string;
            finishedAt: string | null;
            expiresAt: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The finished export as a zip (attachment); 409 while it runs, 410 once expired (superadmin) */
  getCompanyExportDownload: {
    parameters: {
      path: {
        id: number;
        exportId: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Whether an alias (cleaned as the editor cleans it, spec §5) is well formed and free; rate limited per IP */
  getProfilesValidateAlias: {
    parameters: {
      query: {
        alias: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": boolean;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A profile: the record, or with populate=self-service the editor view (content, permissions, division); another division’s profile answers 404 */
  getProfile: {
    parameters: {
      query?: {
        populate?: "self-service";
      };
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": ({
            profile: {
              id: number;
              alias: string | null;
              userId: number | null;
              companyId: number;
              isMaster: boolean;
              masterProfileId: number | null;
              publishedAt: string | null;
              templateName: string | null;
              version: number;
              updatedAt: string;
              site: {
                siteId: string;
                domainName: string;
              } | null;
              stylingId: number | null;
              pendingApproval: boolean;
              pendingApprovalId: number | null;
              lastDecision: ({
                approved: boolean;
                message: string | null;
                respondedAt: string;
              }) | null;
              rolledBack: ({
                at: string;
                by: string | null;
              }) | null;
            };
            content: {
              [key: string]: unknown;
            };
            permissions: {
              /** @default [] */
              masterPermissions: {
                  key: string;
                  /** @default true */
                  show: boolean;
                  /** @default true */
                  edit: boolean;
                  /** @default true */
                  optional: boolean;
                  /** @default true */
                  sortable: boolean;
                }[];
              /** @default [] */
              childPermissions: {
                  key: string;
                  /** @default true */
                  show: boolean;
                  /** @default true */
                  edit: boolean;
                  /** @default true */
                  optional: boolean;
                  /** @default true */
                  sortable: boolean;
                }[];
              masterPermissionId?: (number | null) | (string | null);
              childPermissionId?: (number | null) | (string | null);
              profileId?: number | string;
              profileName?: string;
            };
            company: {
              id: number;
              name: string;
              title: string;
              subdomain: string;
              customDomain: string | null;
              customDomainUrl: string | null;
              feature_flags: {
                approvals: boolean;
                templates: boolean;
                permissions: boolean;
                rte: boolean;
                corporate: boolean;
                invite_users: boolean;
                style_editing: boolean;
              };
              limits: {
                imageGallery: number;
              };
              consent: {
                enable: boolean;
                text: string;
              };
              profileDomain: string;
              /** @default [] */
              editRequestsTo: string[];
              /** @default null */
              whiteLabel: ({
                logo?: string | null;
                css?: string | null;
                brand_color?: string | null;
              }) | null;
              /**
               * @default {
               *   "apple": false,
               *   "google": false
               * }
               */
              wallets: {
                apple: boolean;
                google: boolean;
              };
            };
            master: ({
              id: number;
              templateName: string | null;
              stylingId: number | null;
              publishedAt: string | null;
              /** @default {} */
              textValues: {
                [key: string]: string;
              };
              /** @default [] */
              inheritedKeys: string[];
              /** @default {} */
              content: {
                [key: string]: unknown;
              };
            }) | null;
            access: {
              canManage: boolean;
              canEditStyling: boolean;
              canManagePermissions: boolean;
              needsApproval: boolean;
            };
          }) | ({
            id: number;
            alias: string | null;
            userId: number | null;
            companyId: number;
            isMaster: boolean;
            masterProfileId: number | null;
            publishedAt: string | null;
          });
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Save the profile: {version, content} (or {data}); a stale version answers 409 with currentVersion and content, nothing written
   * @description A child’s edits to hidden or locked keys are dropped (the stored value stays); subscriptionType and limits from non-managers and cssPlug without style editing are dropped the same way. Empty values are dropped (spec §5).
   */
  putProfile: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          content: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: number;
            companyId: number;
            hideNotification: boolean;
            version: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Default Response */
      409: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            currentVersion: number;
            content: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Delete an unpublished profile (supervisor or superadmin) */
  deleteProfile: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Autosave: {version, changes} with only the changed top-level fields (null clears one); same rules and 409 as PUT
   * @description The changes are laid over the stored editor view, then saved like PUT /profiles/{id}: a child’s edits to hidden or locked keys are dropped, a stale version answers 409 with currentVersion and content.
   */
  patchProfile: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          changes: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: number;
            companyId: number;
            hideNotification: boolean;
            version: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Default Response */
      409: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            currentVersion: number;
            content: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Create a template (master), standalone or child profile in a division the caller supervises */
  postProfiles: {
    requestBody: {
      content: {
        "application/json": {
          companyId: number;
          /** @default false */
          isMaster?: boolean;
          templateName?: string;
          userId?: number;
          masterProfileId?: number;
          content?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            profile: {
              id: number;
              alias: string | null;
              userId: number | null;
              companyId: number;
              isMaster: boolean;
              masterProfileId: number | null;
              publishedAt: string | null;
              templateName: string | null;
              version: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Alias test: 200 {success, message: cleaned alias} when this profile may take it; 400 bad format, 409 taken or already set */
  postProfileAliasTest: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          alias: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            success: boolean;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Set-alias: once only (409 when already set to another alias, 409 when taken) */
  putProfileAlias: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          alias: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            alias: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Publish (build): 400 with `missing` when required items are missing or no alias; 409 approval_required when the division approves changes; 409 declined_changes for declined changes of someone else unless confirm=declined */
  putProfilePublish: {
    parameters: {
      query?: {
        confirm?: "declined";
      };
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            site: {
              netlifySiteID: string;
              siteId: string;
              domainName: string;
            };
            publishedAt: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            missing?: {
                key: string;
                label: string;
              }[];
          };
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Default Response */
      409: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            pendingApprovalId?: number | null;
          };
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Take the public page down (supervisor or superadmin); it then answers 404 */
  putProfileUnpublish: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Republish every published child of a template with the template’s current content: queued as a job (202 with its progress, followed at GET /profiles/rebuilds/{id}) */
  postProfilesRebuildChildrenById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      202: {
        content: {
          "application/json": {
            id: number;
            templateId: number;
            /** @enum {string} */
            state: "queued" | "running" | "done" | "failed";
            total: number;
            done: number;
            rebuilt: number;
            failed: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A template rebuild’s progress: children done of the total, rebuilt and failed (another division’s rebuild answers 404) */
  getProfilesRebuild: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            templateId: number;
            /** @enum {string} */
            state: "queued" | "running" | "done" | "failed";
            total: number;
            done: number;
            rebuilt: number;
            failed: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A published profile’s email signature (HTML and plain text) with the layouts it may use; 409 when not published */
  getProfileSignature: {
    parameters: {
      query?: {
        layout?: "classic" | "compact" | "card";
      };
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            layout: "classic" | "compact" | "card";
            locked: boolean;
            layouts: ({
                /** @enum {string} */
                value: "classic" | "compact" | "card";
                title: string;
              })[];
            html: string;
            text: string;
            cardUrl: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Every email signature of a division’s published profiles as a zip of HTML and text files (supervisor, superadmin) */
  getCompanySignaturesZip: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": unknown;
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One banner of a profile (?profileId=)
   * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
   */
  getProfileBanner: {
    parameters: {
      query: {
        profileId: number;
        version?: number;
        "populate[0]"?: string;
      };
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
              id?: number | string;
              /** @enum {string} */
              type?: "image" | "video";
              slider?: ({
                  url?: string;
                  id?: number | string;
                })[];
            };
            profileId: number;
            version: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Replace a banner’s type and slides: {data:{profileId, version?, type, slider}}
   * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
   */
  putProfileBanner: {
    parameters: {
      query?: {
        "populate[0]"?: string;
      };
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          data: {
            /** @enum {string} */
            type?: "image" | "video";
            slider?: ({
                url?: string;
                id?: number | string;
              })[];
            profileId: number;
            version?: number;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
              id?: number | string;
              /** @enum {string} */
              type?: "image" | "video";
              slider?: ({
                  url?: string;
                  id?: number | string;
                })[];
            };
            profileId: number;
            version: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Default Response */
      409: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            currentVersion: number;
          };
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Remove a banner (?profileId=&version=)
   * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
   */
  deleteProfileBanner: {
    parameters: {
      query: {
        profileId: number;
        version?: number;
        "populate[0]"?: string;
      };
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
              id?: number | string;
              /** @enum {string} */
              type?: "image" | "video";
              slider?: ({
                  url?: string;
                  id?: number | string;
                })[];
            };
            profileId: number;
            version: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Default Response */
      409: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            currentVersion: number;
          };
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Add a banner to a profile: {data:{profileId, version?, type, slider:[{url, id}]}}; at most 5 banners
   * @description A banner lives in its profile’s document (content.banners); `id` is its id there. Changes go through the profile save: the same access rules, template permissions (a child cannot change locked banners: 403) and version check as PUT /profiles/{id}. With `version` a stale edit answers 409 with currentVersion; without it the change is applied to the current version.
   */
  postProfileBanners: {
    parameters: {
      query?: {
        "populate[0]"?: string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          data: {
            /** @enum {string} */
            type?: "image" | "video";
            slider?: ({
                url?: string;
                id?: number | string;
              })[];
            profileId: number;
            version?: number;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
              id?: number | string;
              /** @enum {string} */
              type?: "image" | "video";
              slider?: ({
                  url?: string;
                  id?: number | string;
                })[];
            };
            profileId: number;
            version: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Default Response */
      409: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            currentVersion: number;
          };
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Payments, newest first, of one user (_where[user.id]) or of everyone the caller may see; amountGross in cents
   * @description A user sees their own; a supervisor those of the members of their divisions; a superadmin all. Others’ payments are left out (an empty list).
   */
  getPurchaseHistories: {
    parameters: {
      query?: {
        "_where[user.id]"?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": ({
              id: number;
              userId: number;
              companyId: number | null;
              provider: string;
              status: string;
              amountGross: number;
              currency: string;
              billingDate: string;
              expirationDate: string | null;
              createdAt: string;
            })[];
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Themes the caller may use: the default themes and their divisions’ (companyId narrows to one division) */
  getProfileStylingsDefaultThemes: {
    parameters: {
      query?: {
        companyId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                name: string;
                cssPlug: string;
                layout: string;
                fontFamily: string | null;
                previewImage: {
                  url: string | null;
                };
                companyId: number | null;
                isDefault: boolean;
              })[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Edit a theme {data:{id, cssPlug, layout, fontFamily}}: superadmin, or a supervisor of its division with style editing */
  putProfileStyling: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          data: {
            id?: number;
            cssPlug?: string;
            layout?: string;
            fontFamily?: string | null;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
              cssPlug: string;
              layout: string;
              fontFamily: string | null;
              previewImage: {
                url: string | null;
              };
              companyId: number | null;
              isDefault: boolean;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Save a template’s permission record {data:{permissions, title, profileId, kind}} (created, or replaced when it exists)
   * @description Supervisors of the template’s division with the permissions flag edit the child set; the master set is the superadmin’s.
   */
  postPermissions: {
    requestBody: {
      content: {
        "application/json": {
          data: {
            title: string;
            permissions: {
                key: string;
                /** @default true */
                show?: boolean;
                /** @default true */
                edit?: boolean;
                /** @default true */
                optional?: boolean;
                /** @default true */
                sortable?: boolean;
              }[];
            profileId: number;
            /**
             * @default child
             * @enum {string}
             */
            kind?: "child" | "master";
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              profileId: number;
              /** @enum {string} */
              kind: "child" | "master";
              title: string;
              permissions: {
                  key: string;
                  /** @default true */
                  show: boolean;
                  /** @default true */
                  edit: boolean;
                  /** @default true */
                  optional: boolean;
                  /** @default true */
                  sortable: boolean;
                }[];
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Replace a record’s entries {data:{permissions}} */
  putPermission: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          data: {
            permissions: {
                key: string;
                /** @default true */
                show?: boolean;
                /** @default true */
                edit?: boolean;
                /** @default true */
                optional?: boolean;
                /** @default true */
                sortable?: boolean;
              }[];
            title?: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              profileId: number;
              /** @enum {string} */
              kind: "child" | "master";
              title: string;
              permissions: {
                  key: string;
                  /** @default true */
                  show: boolean;
                  /** @default true */
                  edit: boolean;
                  /** @default true */
                  optional: boolean;
                  /** @default true */
                  sortable: boolean;
                }[];
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Reset: clear a record’s entries (spec §4 "Reset clears the list") */
  deletePermissionEntries: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              profileId: number;
              /** @enum {string} */
              kind: "child" | "master";
              title: string;
              permissions: {
                  key: string;
                  /** @default true */
                  show: boolean;
                  /** @default true */
                  edit: boolean;
                  /** @default true */
                  optional: boolean;
                  /** @default true */
                  sortable: boolean;
                }[];
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The approvals queue: status active (pending) or resolved; filter (name or alias), companyId (comma list), orderBy NAME / DIVISION / ALIAS / REQUESTDATE (default, newest first), order, page (zero-based, 25 a page). Supervisors: their divisions; superadmins: all; users: 403 */
  getApprovals: {
    parameters: {
      query?: {
        filter?: string;
        companyId?: string;
        order?: "asc" | "desc";
        orderBy?: "NAME" | "DIVISION" | "ALIAS" | "REQUESTDATE";
        page?: number;
        pageSize?: number;
        status?: "active" | "resolved";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                profileId: number;
                targetProfile: number;
                company: {
                  id: number;
                };
                requestedAt: string;
                approved: boolean | null;
                message: string | null;
                respondedAt: string | null;
                profileChanges: ({
                    /** @enum {string} */
                    actionType: "added" | "removed" | "updated";
                    fieldTitle: string;
                    oldValue: ({
                      value?: string | number | boolean;
                      url?: string;
                      title?: string;
                      description?: string;
                      review?: string;
                      name?: string;
                    }) | null;
                    newValue: ({
                      value?: string | number | boolean;
                      url?: string;
                      title?: string;
                      description?: string;
                      review?: string;
                      name?: string;
                    }) | null;
                  })[];
                approvalId: number;
                fullName: string;
                jobTitle: string | null;
                profileThumbnail: string | null;
                url: string | null;
                companyName: string;
                companyId: number;
                alias: string | null;
                publishedAt: string | null;
                respondedBy: string | null;
              })[];
            page: number;
            pageSize: number;
            total: number;
            pending: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Request approval to publish {targetProfile, requestedAt, company, profileId}; re-requests the pending one when it exists */
  postApprovals: {
    requestBody: {
      content: {
        "application/json": {
          profileId?: number;
          targetProfile?: number;
          company?: number | {
            id: number;
          };
          requestedAt?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              profileId: number;
              targetProfile: number;
              company: {
                id: number;
              };
              requestedAt: string;
              approved: boolean | null;
              message: string | null;
              respondedAt: string | null;
              profileChanges: ({
                  /** @enum {string} */
                  actionType: "added" | "removed" | "updated";
                  fieldTitle: string;
                  oldValue: ({
                    value?: string | number | boolean;
                    url?: string;
                    title?: string;
                    description?: string;
                    review?: string;
                    name?: string;
                  }) | null;
                  newValue: ({
                    value?: string | number | boolean;
                    url?: string;
                    title?: string;
                    description?: string;
                    review?: string;
                    name?: string;
                  }) | null;
                })[];
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Pending approvals the caller answers (the side navigation badge) */
  getApprovalsCount: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            pending: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Re-request an approval {approved: null, requestedAt} */
  putApprovalsSingleById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string|null} */
          approved: null;
          requestedAt?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              profileId: number;
              targetProfile: number;
              company: {
                id: number;
              };
              requestedAt: string;
              approved: boolean | null;
              message: string | null;
              respondedAt: string | null;
              profileChanges: ({
                  /** @enum {string} */
                  actionType: "added" | "removed" | "updated";
                  fieldTitle: string;
                  oldValue: ({
                    value?: string | number | boolean;
                    url?: string;
                    title?: string;
                    description?: string;
                    review?: string;
                    name?: string;
                  }) | null;
                  newValue: ({
                    value?: string | number | boolean;
                    url?: string;
                    title?: string;
                    description?: string;
                    review?: string;
                    name?: string;
                  }) | null;
                })[];
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Answer an approval {approved, message, rebuild}: approved with rebuild publishes at once; declined mails the owner */
  putApprovalsRespondById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          approved: boolean;
          message?: string | null;
          /** @default true */
          rebuild?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              profileId: number;
              targetProfile: number;
              company: {
                id: number;
              };
              requestedAt: string;
              approved: boolean | null;
              message: string | null;
              respondedAt: string | null;
              profileChanges: ({
                  /** @enum {string} */
                  actionType: "added" | "removed" | "updated";
                  fieldTitle: string;
                  oldValue: ({
                    value?: string | number | boolean;
                    url?: string;
                    title?: string;
                    description?: string;
                    review?: string;
                    name?: string;
                  }) | null;
                  newValue: ({
                    value?: string | number | boolean;
                    url?: string;
                    title?: string;
                    description?: string;
                    review?: string;
                    name?: string;
                  }) | null;
                })[];
            };
          };
        };
      };
      /** @description Default Response */
      400: {
        content: {
          "application/json": {
            statusCode: number;
            code: string;
            message: string;
            errors: {
                path?: string;
                message: string;
              }[];
            missing?: {
                key: string;
                label: string;
              }[];
          };
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A statistics report over UTC days start..end (yyyy-MM-dd; no start = lifetime): visits, monthly visits, interactions, top interactions (≤ 30), profile views, top viewed profiles (≤ 15), industry average (superadmin) */
  getReportsQueryByReport: {
    parameters: {
      query?: {
        start?: string;
        end?: string;
        companyId?: string;
        profileId?: number;
        action?: "view" | "click" | "open" | "view-media" | "scroll" | "share" | "submit";
        type?: "page" | "url" | "phone" | "email" | "dropdown" | "modal" | "socialmedia" | "image" | "video" | "section" | "testimonial" | "lead-form" | "pwa-install" | "save-to-contacts" | "copy-link" | "whatsapp" | "sms";
        values?: string;
        orderBy?: "data" | "label";
        order?: "asc" | "desc";
        limit?: number;
        page?: number;
        filter?: string;
        isLive?: "true" | "false";
        isTemplate?: "true" | "false";
      };
      path: {
        report: "all_visits" | "monthly_visits" | "interactions" | "average_interactions" | "top_interactions" | "profile_views" | "profile_with_count";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                label: string;
                data: number;
                value?: string | number;
                type?: string;
                title?: string;
                action?: string;
                visitors?: number;
                percentage?: number;
                profileId?: number;
                companyId?: number;
                alias?: string | null;
                picture?: string | null;
              })[];
            total: number;
            visitors: number;
            filtered?: number;
            previous?: number | null;
            start: string | null;
            end: string;
            /** @enum {string} */
            interval?: "day" | "month";
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Who a statistics page is about: one profile (name, picture) or divisions, and how many profiles are in view */
  getReportsOverview: {
    parameters: {
      query?: {
        companyId?: string;
        profileId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            kind: "profile" | "company";
            name: string;
            picture: string | null;
            profile: ({
              id: number;
              companyId: number;
              alias: string | null;
              published: boolean;
              isMaster: boolean;
            }) | null;
            profileCount: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Lead-form submissions in a range; format=xlsx downloads 'Lead form submissions {start}-{end} for {who}.xlsx' */
  getReportsLeadForms: {
    parameters: {
      query?: {
        start?: string;
        end?: string;
        companyId?: string;
        profileId?: number;
        format?: "json" | "xlsx";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
                id: number;
                createdAt: string;
                profileId: number;
                profileName: string;
                name: string;
                email: string;
                mobile: string;
                message: string;
              }[];
            total: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Where views came from in a range: per dimension (source, referrer, campaign, device, os, browser, country) its top values with count and share; format=xlsx downloads every value as 'Where views come from {start}-{end}.xlsx' */
  getReportsViewSources: {
    parameters: {
      query?: {
        start?: string;
        end?: string;
        companyId?: string;
        profileId?: number;
        format?: "json" | "xlsx";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            dimensions: ({
                /** @enum {string} */
                dimension: "source" | "referrer" | "campaign" | "device" | "os" | "browser" | "country";
                total: number;
                items: {
                    value: string;
                    label: string;
                    count: number;
                    percentage: number;
                  }[];
              })[];
            start: string | null;
            end: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Excel data of the filtered users list (filter, companyId, isLive): a streamed .xlsx, or CSV with format=csv; user text never becomes a formula */
  getUsersExport: {
    parameters: {
      query?: {
        filter?: string;
        companyId?: string;
        isLive?: "true" | "false";
        order?: "asc" | "desc";
        orderBy?: "NAME" | "DIVISION" | "TEMPLATE" | "UPDATED_AT" | "VIEWS";
        format?: "xlsx" | "csv";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** User suggestions: profiles whose name or email matches filter, a zero-based page of 10 */
  getUsersSuggestions: {
    parameters: {
      query?: {
        filter?: string;
        page?: number;
        companyId?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                fullName: string;
                alias: string | null;
                companyId: number;
                companyName: string;
              })[];
            page: number;
            hasMore: boolean;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Roll a published profile back to its previously published version and publish it (supervisor of its division or superadmin) */
  postProfileRollback: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            publishedAt: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Make the person (user id) a supervisor of the division, or a plain user of it again: a superadmin, or a supervisor of that division; never a superadmin, never oneself. Recorded in the audit log */
  putUserRole: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          companyId: number;
          /** @enum {string} */
          role: "user" | "supervisor";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            userId: number;
            companyId: number;
            /** @enum {string} */
            role: "user" | "supervisor";
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Offboarding: deactivate the person (user id) in the division. Their page redirects to the successor’s page (outcome successor: their contacts and statistics move there), shows the division’s card (company) or says they are no longer with the company (gone); the division’s default outcome when none is given. Their access to the division ends at once, and every session when no active division is left. A superadmin, or a supervisor of that division; never oneself, never a superadmin by a supervisor. Recorded in the audit log */
  postUserDeactivate: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          companyId: number;
          /** @enum {string} */
          outcome?: "successor" | "company" | "gone";
          successorProfileId?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            userId: number;
            companyId: number;
            /** @enum {string|null} */
            outcome: "successor" | "company" | "gone" | null;
            moved: {
              leads: number;
              statistics: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Reactivate a person deactivated in the division: their access, page, and exactly the contacts and statistics moved to the successor come back. Same rules as deactivate; recorded in the audit log */
  postUserReactivate: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          companyId: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
            userId: number;
            companyId: number;
            /** @enum {string|null} */
            outcome: "successor" | "company" | "gone" | null;
            moved: {
              leads: number;
              statistics: number;
            };
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The platform staff (superadmins): superadmins only */
  getSuperadmins: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: {
                id: number;
                email: string;
                name: string;
              }[];
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Make an existing account (by email) a superadmin: superadmins only; recorded in the audit log */
  postSuperadmins: {
    requestBody: {
      content: {
        "application/json": {
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Remove a superadmin (never oneself, never the last one); their divisions’ roles stay. Superadmins only; recorded in the audit log */
  deleteSuperadmin: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The audit log, newest first: actor (user id, or part of an email or name), action (comma list), companyId (comma list), from and to (yyyy-MM-dd, UTC, inclusive), q (free text); a zero-based page. Superadmins only */
  getAudit: {
    parameters: {
      query?: {
        actor?: string;
        action?: string;
        companyId?: string;
        from?: string;
        to?: string;
        q?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                at: string;
                actor: {
                  id: number;
                  name: string;
                  email: string;
                } | null;
                actorId: number | null;
                action: string;
                target: string | null;
                company: {
                  id: number;
                  title: string;
                } | null;
                changes: {
                    field: string;
                    before: unknown;
                    after: unknown;
                  }[];
                details: {
                  [key: string]: unknown;
                };
              })[];
            page: number;
            pageSize: number;
            total: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The filtered audit log (same filters, every row) as a streamed .xlsx, or CSV with format=csv; text never becomes a formula. Superadmins only */
  getAuditExport: {
    parameters: {
      query?: {
        actor?: string;
        action?: string;
        companyId?: string;
        from?: string;
        to?: string;
        q?: string;
        format?: "xlsx" | "csv";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Templates list: filter (case-insensitive on template name, else profile name), companyId (comma list), orderBy A-Z / DIVISION / LINKED_PROFILES, order, page (zero-based, 50 a page) */
  getTemplates: {
    parameters: {
      query?: {
        filter?: string;
        companyId?: string;
        order?: "asc" | "desc";
        orderBy?: "A-Z" | "DIVISION" | "LINKED_PROFILES";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            data: ({
                id: number;
                templateName: string | null;
                profileName: string | null;
                companyName: string;
                companyId: number;
                linkedProfiles: number;
                profileThumbnail: string | null;
                /** @enum {boolean} */
                isMaster: true;
                isLive: boolean;
                fullName: string;
                profilePicture: string | null;
                url: string | null;
              })[];
            page: number;
            pageSize: number;
            total: number;
            all: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Upload one or more files (multipart/form-data)
   * @description Fields, in this order: `purpose` (profile-photo | logo | background | mobile-banner | desktop-banner | banner | gallery | rich-text | general), optional `profileId` (a profile the caller may edit; its division owns the files), then one to ten `files` parts. `purpose` and `profileId` may also be given in the query string. The type is decided by the content, never the name: images are checked against the purpose (spec §5), limited to 2 MB and 40 megapixels, re-encoded without metadata and fitted to the crop size of spec §9; SVG (rich-text only) is sanitised; banner videos (MP4, MOV) may be 20 MB. Errors: 413 too large, 415 type not allowed here, 400 unreadable. Returns the stored files.
   */
  postUpload: {
    parameters: {
      query?: {
        purpose?: "profile-photo" | "logo" | "background" | "mobile-banner" | "desktop-banner" | "banner" | "gallery" | "rich-text" | "general";
        profileId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": ({
              id: number;
              url: string;
              mime: string;
              width: number | null;
              height: number | null;
              size: number;
            })[];
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Remove an uploaded file (its uploader, a supervisor of its division, or a superadmin)
   * @description The file is no longer offered for editing; its bytes are deleted once no draft, live page, pending approval or rollback target shows it (a replaced photo stays on the live page until the change is published).
   */
  deleteUploadFile: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            url: string;
            mime: string;
            width: number | null;
            height: number | null;
            size: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Register a rich-text image: link an upload to the profile whose text shows it
   * @description Body {profile, img_url, img_id} (spec §7). The caller must be able to edit the profile and manage the upload; otherwise 404.
   */
  postProfileModificationsImages: {
    requestBody: {
      content: {
        "application/json": {
          profile: number;
          img_url: string;
          img_id: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            url: string;
            profile: number;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Remove a rich-text image: unlink it from the profile (the file itself stays until deleted)
   * @description Body {img_url, profile} (spec §7). 404 when the caller cannot edit the profile or the image is not linked to it.
   */
  deleteProfileModificationsImages: {
    requestBody: {
      content: {
        "application/json": {
          profile: number;
          img_url: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            success: true;
          };
        };
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description Not allowed: this user may not do this (or this account may not sign in this way, or this API key lacks the scope). */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** SCIM: what the hub supports */
  getScimServiceProviderConfig: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: User and Group */
  getScimResourceTypes: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: one resource type */
  getScimResourceType: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: the User and Group schemas as the hub keeps them */
  getScimSchemas: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: one schema */
  getScimSchema: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: the division's members; filter userName eq or externalId eq; startIndex and count */
  getScimUsers: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: makes the account, its membership and its card under the first template */
  postScimUsers: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: one member */
  getScimUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: replaces a member (active false offboards, true restores) */
  putScimUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: offboards the member with the division's outcome and ends the membership */
  deleteScimUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: changes a member (active false offboards, true restores) */
  patchScimUser: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: the division's templates; filter displayName eq */
  getScimGroups: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: not supported (groups are the division's templates): 501 */
  postScimGroups: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: one template and whose card inherits it */
  getScimGroup: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: not supported: 501 */
  putScimGroup: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: not supported: 501 */
  deleteScimGroup: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: adding a member moves their card under this template */
  patchScimGroup: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description No such thing, or one of another division (answered like a missing one). */
      404: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
  /** SCIM: bulk is not supported: 501 */
  postScimBulk: {
    responses: {
      /** @description Default Response */
      200: {
        content: never;
      };
      /** @description The request is malformed or a field is invalid (each wrong field is named in `errors`). */
      400: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Not signed in: no valid token (or SCIM token, or API key) came with the request, or the credentials given were refused. */
      401: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description Too many attempts from this address, for this account or with this token; `Retry-After` says when to try again. */
      429: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
      /** @description The database is away for a moment; `Retry-After` says when to try again. */
      503: {
        content: {
          "application/scim+json": components["schemas"]["ScimError"];
        };
      };
    };
  };
}
