import {
  AliasBodySchema,
  AliasTestResponseSchema,
  ApprovalRequiredBodySchema,
  CreateProfileResponseSchema,
  CreateProfileSchema,
  IdParamsSchema,
  PROFILE_API_MESSAGES as M,
  PatchProfileSchema,
  ProfileBasicSchema,
  ProfileEditorViewSchema,
  ProfileQuerySchema,
  PublishBlockedBodySchema,
  PublishQuerySchema,
  PublishResponseSchema,
  SaveProfileResponseSchema,
  SaveProfileSchema,
  SetAliasResponseSchema,
  StaleProfileBodySchema,
  SuccessSchema,
  TemplateRebuildSchema,
  ValidateAliasQuerySchema,
  ValidateAliasResponseSchema,
} from '@profilehub/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/auth.ts';
import { badRequest, errorBody, notFound } from '../../http/errors.ts';
import { needsApproval } from '../../http/policy.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { scopeOf } from '../../http/scope.ts';
import { settlePendingOnPublish } from '../approvals/approvals.service.ts';
import { audit } from '../audit/audit.service.ts';
import {
  publishBlock,
  publishProfile,
  queueTemplateRebuild,
  REBUILD_CHILDREN_JOB,
  rebuildStatus,
  templateRebuild,
  unpublishProfile,
} from '../publishing/publishing.service.ts';
import { emitWebhook, profileEvent, WEBHOOK_JOB } from '../webhooks/webhooks.service.ts';
import {
  aliasIsFree,
  basicOf,
  cleanAlias,
  createProfile,
  deleteProfile,
  editorView,
  patchProfile,
  pendingApprovalOf,
  profileTarget,
  requireManager,
  requireTemplateEditor,
  saveProfile,
  setAlias,
  testAlias,
  unsettledDecline,
  visibleProfile,
} from './profiles.service.ts';

const tags = ['profiles'];

export async function profilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;

  r.get(
    '/profiles/validateAlias',
    {
      schema: {
        tags,
        summary: 'Whether an alias (cleaned as the editor cleans it, spec §5) is well formed and free; rate limited per IP',
        querystring: ValidateAliasQuerySchema,
        response: { 200: ValidateAliasResponseSchema },
      },
    },
    async (req) => {
      await deps.limiter.hit(LIMITS.aliasCheckPerIp, req.ip);
      const alias = cleanAlias(req.query.alias);
      return alias !== null && (await aliasIsFree(deps, alias));
    },
  );

  r.get(
    '/profiles/:id',
    {
      config: { apiKeyScope: 'profiles:read' },
      schema: {
        tags,
        summary:
          'A profile: the record, or with populate=self-service the editor view (content, permissions, division); another division’s profile answers 404',
        params: IdParamsSchema,
        querystring: ProfileQuerySchema,
        response: { 200: ProfileEditorViewSchema.or(ProfileBasicSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const ctx = await visibleProfile(deps, actor, req.params.id);
      if (req.query.populate === 'self-service') return editorView(deps, actor, ctx);
      return basicOf(ctx.profile);
    },
  );

  r.put(
    '/profiles/:id',
    {
      schema: {
        tags,
        summary: 'Save the profile: {version, content} (or {data}); a stale version answers 409 with currentVersion and content, nothing written',
        description:
          'A child’s edits to hidden or locked keys are dropped (the stored value stays); subscriptionType and limits from non-managers and cssPlug without style editing are dropped the same way. Empty values are dropped (spec §5).',
        params: IdParamsSchema,
        body: SaveProfileSchema,
        response: { 200: SaveProfileResponseSchema, 409: StaleProfileBodySchema },
      },
    },
    async (req, reply) => {
      const result = await saveProfile(deps, actorOf(req), req.params.id, req.body);
      if (result.ok) return result.body;
      return reply.code(409).send({ ...errorBody(409, 'stale_version', M.stale), ...result.stale });
    },
  );

  r.patch(
    '/profiles/:id',
    {
      schema: {
        tags,
        summary: 'Autosave: {version, changes} with only the changed top-level fields (null clears one); same rules and 409 as PUT',
        description:
          'The changes are laid over the stored editor view, then saved like PUT /profiles/{id}: a child’s edits to hidden or locked keys are dropped, a stale version answers 409 with currentVersion and content.',
        params: IdParamsSchema,
        body: PatchProfileSchema,
        response: { 200: SaveProfileResponseSchema, 409: StaleProfileBodySchema },
      },
    },
    async (req, reply) => {
      const result = await patchProfile(deps, actorOf(req), req.params.id, req.body);
      if (result.ok) return result.body;
      return reply.code(409).send({ ...errorBody(409, 'stale_version', M.stale), ...result.stale });
    },
  );

  r.post(
    '/profiles',
    {
      schema: {
        tags,
        summary: 'Create a template (master), standalone or child profile in a division the caller supervises',
        body: CreateProfileSchema,
        response: { 200: CreateProfileResponseSchema },
      },
    },
    async (req) => {
      const row = await createProfile(deps, actorOf(req), req.body);
      return { success: true as const, profile: { ...basicOf(row), templateName: row.templateName, version: row.version } };
    },
  );

  r.delete(
    '/profiles/:id',
    {
      schema: { tags, summary: 'Delete an unpublished profile (supervisor or superadmin)', params: IdParamsSchema, response: { 200: SuccessSchema } },
    },
    async (req) => {
      await deleteProfile(deps, actorOf(req), req.params.id);
      return { success: true as const };
    },
  );

  r.post(
    '/profiles/:id/alias/test',
    {
      schema: {
        tags,
        summary: 'Alias test: 200 {success, message: cleaned alias} when this profile may take it; 400 bad format, 409 taken or already set',
        params: IdParamsSchema,
        body: AliasBodySchema,
        response: { 200: AliasTestResponseSchema },
      },
    },
    async (req) => {
      await deps.limiter.hit(LIMITS.aliasCheckPerIp, req.ip);
      return testAlias(deps, actorOf(req), req.params.id, req.body.alias);
    },
  );

  r.put(
    '/profiles/:id/alias',
    {
      schema: {
        tags,
        summary: 'Set-alias: once only (409 when already set to another alias, 409 when taken)',
        params: IdParamsSchema,
        body: AliasBodySchema,
        response: { 200: SetAliasResponseSchema },
      },
    },
    async (req) => ({ success: true as const, alias: await setAlias(deps, actorOf(req), req.params.id, req.body.alias) }),
  );

  r.put(
    '/profiles/:id/publish',
    {
      config: { apiKeyScope: 'profiles:publish' },
      schema: {
        tags,
        summary:
          'Publish (build): 400 with `missing` when required items are missing or no alias; 409 approval_required when the division approves changes; 409 declined_changes for declined changes of someone else unless confirm=declined',
        params: IdParamsSchema,
        querystring: PublishQuerySchema,
        response: { 200: PublishResponseSchema, 400: PublishBlockedBodySchema, 409: ApprovalRequiredBodySchema },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const ctx = await visibleProfile(deps, actor, req.params.id);
      requireTemplateEditor(actor, ctx);
      const blocked = publishBlock(ctx);
      if (blocked) return reply.code(400).send(blocked);
      if (!ctx.profile.isMaster && needsApproval(actor, ctx.profile, ctx.company)) {
        const pending = await pendingApprovalOf(deps, ctx.profile.id);
        return reply.code(409).send({ ...errorBody(409, 'approval_required', M.approvalRequired), pendingApprovalId: pending });
      }
      if (req.query.confirm !== 'declined') {
        const declinedAt = await unsettledDecline(db, actor, ctx.profile);
        if (declinedAt) return reply.code(409).send(errorBody(409, 'declined_changes', M.declinedChanges(declinedAt.slice(0, 10))));
      }
      const { site, publishedAt } = await publishProfile(deps, ctx);
      await audit(db, actor.userId, 'profile.published', profileTarget(ctx.profile), { companyId: ctx.company.id });
      await emitWebhook(deps, db, ctx.company.id, 'profile.published', profileEvent(ctx.profile, publishedAt));
      deps.jobs.wakeWorker(WEBHOOK_JOB);
      await settlePendingOnPublish(db, actor, ctx.profile);
      return { success: true as const, site: { netlifySiteID: site.siteId, ...site }, publishedAt: publishedAt.toISOString() };
    },
  );

  r.put(
    '/profiles/:id/unpublish',
    {
      config: { apiKeyScope: 'profiles:publish' },
      schema: {
        tags,
        summary: 'Take the public page down (supervisor or superadmin); it then answers 404',
        params: IdParamsSchema,
        response: { 200: SuccessSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const ctx = await visibleProfile(deps, actor, req.params.id);
      requireManager(actor, ctx);
      await unpublishProfile(deps, ctx.profile);
      await audit(db, actor.userId, 'profile.unpublished', profileTarget(ctx.profile), { companyId: ctx.company.id });
      await emitWebhook(deps, db, ctx.company.id, 'profile.unpublished', profileEvent(ctx.profile, new Date()));
      deps.jobs.wakeWorker(WEBHOOK_JOB);
      return { success: true as const };
    },
  );

  r.post(
    '/profiles/rebuild-children/:id',
    {
      schema: {
        tags,
        summary:
          'Republish every published child of a template with the template’s current content: queued as a job (202 with its progress, followed at GET /profiles/rebuilds/{id})',
        params: IdParamsSchema,
        response: { 202: TemplateRebuildSchema },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const ctx = await visibleProfile(deps, actor, req.params.id);
      if (!ctx.profile.isMaster) throw badRequest(M.notATemplate);
      requireManager(actor, ctx);
      requireTemplateEditor(actor, ctx);
      // A durable job the editor follows: a restart or a lost connection does not leave half the children stale.
      const row = await queueTemplateRebuild(deps.jobs, db, ctx.profile.id, ctx.company.id, actor.userId);
      deps.jobs.wakeWorker(REBUILD_CHILDREN_JOB);
      return reply.code(202).send(rebuildStatus(row));
    },
  );

  r.get(
    '/profiles/rebuilds/:id',
    {
      schema: {
        tags,
        summary: 'A template rebuild’s progress: children done of the total, rebuilt and failed (another division’s rebuild answers 404)',
        params: IdParamsSchema,
        response: { 200: TemplateRebuildSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await templateRebuild(db, req.params.id, scopeOf(actor));
      if (!row) throw notFound(M.rebuildNotFound);
      // Followed by those who may start it: the template's editors (another division's template answers 404).
      const ctx = await visibleProfile(deps, actor, row.masterId);
      requireManager(actor, ctx);
      requireTemplateEditor(actor, ctx);
      return rebuildStatus(row);
    },
  );
}
