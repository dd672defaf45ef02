import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { analyzeGrownTables, refreshPlannerStatistics } from './db/statistics.ts';
import type { Deps } from './deps.ts';
import { authenticateUnlessPublic } from './http/auth.ts';
import { Background } from './http/background.ts';
import { errorBody, registerErrorHandler } from './http/errors.ts';
import { FastPath } from './http/fast-path.ts';
import { loggerOptions } from './http/logging.ts';
import { openapiOptions } from './http/openapi.ts';
import { type LimitStore, RateLimiter } from './http/rate-limit.ts';
import { hearRefusedBodies } from './http/refused-bodies.ts';
import { createSecretBox } from './http/secret-box.ts';
import { helmetHeaders, helmetOptions } from './http/security-headers.ts';
import { registerWellFormedGuard } from './http/well-formed.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeyStore } from './modules/api-keys/api-keys.store.ts';
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createCodeStore } from './modules/auth/codes.ts';
import { createGoogleVerifier } from './modules/auth/google.ts';
import { createPasswordHasher } from './modules/auth/passwords.ts';
import { createSessionStore, resolveJwtSecret } from './modules/auth/sessions.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { companyByHubDomain } from './modules/companies/companies.queries.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { divisionExportsRoutes } from './modules/companies/division-exports.routes.ts';
import { DIVISION_EXPORT_JOB, runExport, sweepExpiredExports } from './modules/companies/division-exports.service.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { expireContacts } from './modules/contacts/contacts.service.ts';
import { CardOcr } from './modules/contacts/scan/ocr.ts';
import { contactScanRoutes } from './modules/contacts/scan.routes.ts';
import { resolveByDns, resolveVia } from './modules/domains/domain-probe.ts';
import { domainsRoutes, domainVerificationRoutes } from './modules/domains/domains.routes.ts';
import { eventsFastRoute, eventsRoutes } from './modules/events/events.routes.ts';
import { EventIngest } from './modules/events/ingest.ts';
import { ensureEventPartitions } from './modules/events/partitions.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { failImport, runImportJob, STAFF_IMPORT_JOB } from './modules/invitations/staff-import.service.ts';
import { Jobs, type Schedule } from './modules/jobs/jobs.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { devMailRoutes } from './modules/mail/dev-mail.routes.ts';
import { createMailLogos } from './modules/mail/logo.ts';
import { createMailer, messageIdDomain } from './modules/mail/mailer.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { permissionsRoutes } from './modules/permissions/permissions.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createCardFiles } from './modules/public-pages/card-files.ts';
import { createOwnImages } from './modules/public-pages/own-images.ts';
import { PAGE_CHANGES_KEPT_MS, PageChanges } from './modules/public-pages/page-changes.ts';
import { publicPageFastRoute, refuseUnknownHosts, servePublicPage } from './modules/public-pages/public-pages.handler.ts';
import { prunePageChanges } from './modules/public-pages/public-pages.queries.ts';
import { PublicSites, PublishedPageCache } from './modules/public-pages/public-pages.service.ts';
import { createSiteFiles } from './modules/public-pages/site-files.ts';
import {
  failTemplateRebuild,
  forgetFinishedRebuilds,
  PAGES_DUE_JOB,
  REBUILD_CHILDREN_JOB,
  RERENDER_DIVISION_JOB,
  type RebuildChildrenData,
  type RebuildCounts,
  rebuildChildrenJob,
  rerenderAllPublished,
  rerenderDuePages,
} from './modules/publishing/publishing.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { scimRoutes } from './modules/scim/scim.routes.ts';
import { scimTokensRoutes } from './modules/scim/scim-tokens.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { signaturesRoutes } from './modules/signatures/signatures.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { stylingsRoutes } from './modules/stylings/stylings.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import type { FileStore } from './modules/uploads/file-store.ts';
import { UploadMemory } from './modules/uploads/memory.ts';
import { uploadsServeRoutes } from './modules/uploads/serve.routes.ts';
import { createFileStore } from './modules/uploads/store.ts';
import { sweepUploads } from './modules/uploads/sweep.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { pushPassUpdates } from './modules/wallet/wallet.service.ts';
import { loadWalletKeys, type WalletKeys } from './modules/wallet/wallet-keys.ts';
import { WebhookDeliveryWorker } from './modules/webhooks/webhook-worker.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { WEBHOOK_JOB } from './modules/webhooks/webhooks.service.ts';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: { stream?: { write(line: string): void }; level?: string };
  /** Tests swap in a cheaper hasher or a fake clock-free limiter when a test is about something else. */
  overrides?: Partial<Pick<Deps, 'passwords' | 'limiter' | 'mailer' | 'google' | 'resolveDomain' | 'ssoFetch'>> & { fileStore?: FileStore };
  /** Run the periodic upkeep (event partitions, unused uploads): the server does; tests call the tasks themselves. */
  upkeep?: boolean;
};

/** The composition root: builds the whole app from its dependencies; server.ts only listens. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const fastPath = new FastPath(config.trustProxy);
  const app = Fastify({
    serverFactory: fastPath.serverFactory,
    // The redacting serializers always apply; a caller may send the lines elsewhere (the log test captures them).
    logger: { ...loggerOptions(config.LOG_LEVEL), ...opts.logger },
    // X-Forwarded-For only from the proxies named in TRUSTED_PROXIES: a client cannot pick its own IP.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // On close: requests in flight finish, and each open connection carries at most one more
    // request, served (not refused: the database is there until the last connection has closed)
    // and answered with `Connection: close` (`closeConnectionsAfterOneMoreAnswer`, http/fast-path.ts).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
  });
  // Draining, then shutting down: every answer (the fast path's too: it hands everything to
  // Fastify from now on) says `Connection: close`, so each kept-alive socket ends with its next
  // request instead of being closed under a client that is about to send one.
  let draining = false;
  app.decorate('draining', { getter: () => draining });
  app.decorate('drain', () => {
    draining = true;
    fastPath.close();
  });
  app.decorate('settle', () => fastPath.settle());
  app.addHook('preClose', async () => app.drain());
  // A 413 reaches a client still sending its body (before the hook below, which may close anyway).
  app.addHook('onSend', hearRefusedBodies);
  app.addHook('onSend', async (_req, reply) => {
    if (fastPath.closesConnections) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerWellFormedGuard(app);

  const secret = await resolveJwtSecret(config, database);
  const wallet = loadWalletKeys(config, secret);
  const fileStore = opts.overrides?.fileStore ?? createFileStore(config);
  const mailDomain = messageIdDomain(config);
  const mailer =
    opts.overrides?.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      messageIdDomain: mailDomain,
      logos: createMailLogos({ store: fileStore, webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST, log: app.log }),
      db: database.db,
      log: app.log,
      printMail: config.NODE_ENV === 'development',
    });
  // Which divisions' pages changed, read every half second, so held pages need no check per visit (decision 036).
  const pageChanges = new PageChanges(database.db);
  pageChanges.start();
  app.addHook('onClose', async () => pageChanges.stop());
  const deps: Deps = {
    config,
    database,
    db: database.db,
    sessions: createSessionStore(database.db, secret, config.SESSION_TTL_HOURS),
    apiKeys: createApiKeyStore(database.db),
    codes: createCodeStore(database.db, secret),
    passwords: opts.overrides?.passwords ?? createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES }),
    limiter: opts.overrides?.limiter ?? new RateLimiter(config.RATE_LIMITS, limitStoreOf(config, database), {}, app.log),
    mailer,
    google: opts.overrides?.google ?? createGoogleVerifier({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID }),
    secrets: createSecretBox(secret),
    ssoFetch: opts.overrides?.ssoFetch ?? fetch,
    visitorSecret: createHmac('sha256', secret).update('visitor-hash').digest('base64url'),
    publishedPages: new PublishedPageCache(database.db, new URL(config.PUBLIC_URL).origin, 1000, pageChanges),
    background: new Background(app.log),
    ingest: new EventIngest(database.db, app.log, { flushMs: config.EVENT_FLUSH_MS }),
    resolveDomain: opts.overrides?.resolveDomain ?? (config.DOMAIN_VERIFY_VIA ? resolveVia(config.DOMAIN_VERIFY_VIA) : resolveByDns),
    wallet,
    jobs: new Jobs({
      database,
      mailer,
      log: app.log,
      retrySeconds: config.MAIL_RETRY_SECONDS,
      pollSeconds: config.JOB_POLL_SECONDS,
      messageIdDomain: mailDomain,
      schedules: opts.upkeep
        ? upkeep(database, fileStore, wallet, app.log, () =>
            rerenderDuePages(deps, new Date(), (profileId, err) => app.log.error({ err, profileId }, 'a page due for its next change failed to render')),
          )
        : [],
    }),
  };
  deps.jobs.define<RebuildChildrenData, RebuildCounts>(
    REBUILD_CHILDREN_JOB,
    (data) => rebuildChildrenJob(deps, data, (profileId, err) => app.log.error({ err, profileId, masterId: data.masterId }, 'rebuilding a child failed')),
    { gaveUp: (data) => failTemplateRebuild(deps.db, data) },
  );
  deps.jobs.define<{ companyId: number }, { changed: number }>(
    RERENDER_DIVISION_JOB,
    async ({ companyId }) => ({ changed: await rerenderAllPublished(deps, new Date(), companyId) }),
    { policy: 'stately' },
  );
  deps.jobs.define<{ exportId: string }, { status: string }>(DIVISION_EXPORT_JOB, ({ exportId }) =>
    runExport({ db: deps.db, store: fileStore, dataDir: config.DATA_DIR, log: app.log }, exportId),
  );
  // Two imports at once on each copy: a small file is not stuck behind a 10,000-row one.
  deps.jobs.define<{ importId: number }, { importId: number }>(STAFF_IMPORT_JOB, ({ importId }) => runImportJob(deps, importId), {
    localConcurrency: 2,
    gaveUp: ({ importId }) => failImport(deps.db, importId),
  });
  // Webhook deliveries: claimed in batches with a lease and sent side by side (decision 033).
  deps.jobs.attach(WEBHOOK_JOB, new WebhookDeliveryWorker(deps, app.log));
  await deps.jobs.start();
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    // Mails being sent finish; queued ones wait in the database for the next start or another copy.
    await Promise.all([deps.background.idle(), deps.jobs.stop()]);
    deps.mailer.close();
  });
  app.addHook('onClose', async () => deps.limiter.close());
  // Acknowledged events are written before the database closes (server.ts closes the app first).
  app.addHook('onClose', async () => deps.ingest.close());
  if (database.kind === 'pglite') watchTableGrowth(app, database);

  const sites = new PublicSites({
    db: deps.db,
    publicDomain: config.PUBLIC_DOMAIN,
    hubHosts: ['localhost', '127.0.0.1', '[::1]', new URL(config.PUBLIC_URL).hostname],
    isHubDomain: async (host) => Boolean(await companyByHubDomain(deps.db, host)),
  });
  // Before every other hook: an unknown Host gets neither the hub nor its API.
  app.addHook('onRequest', refuseUnknownHosts(sites));
  // The beacon's fast route leaves an unknown Host to Fastify, whose hook above refuses it.
  fastPath.add(eventsFastRoute(deps, fastPath, app.log, (host) => sites.isKnown(PublicSites.hostOf(host))));

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, helmetOptions(config));

  await app.register(fastifySwagger, openapiOptions());
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // A page's files (its vCard, QR code, icons, wallet passes): served on its host; the vCard is attached to an exchange's follow-up mail.
  const images = createOwnImages({ db: deps.db, store: fileStore, webDist: config.WEB_DIST ?? DEFAULT_WEB_DIST, log: app.log });
  const cardFiles = createCardFiles({ db: deps.db, config, images, pages: deps.publishedPages, wallet: deps.wallet, log: app.log });

  // One budget for every upload's bytes in memory, card photos included (decision 013).
  const uploadMemory = new UploadMemory(config.UPLOAD_MEMORY_MB * 1024 * 1024);
  // Card-scan OCR (decision 030): workers start with the first scan and stop with the server.
  const cardOcr = new CardOcr({ workers: config.CARD_SCAN_WORKERS, queue: config.CARD_SCAN_QUEUE });
  app.addHook('onClose', async () => cardOcr.close());
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticateUnlessPublic);
      await api.register(healthRoutes);
      await api.register(eventsRoutes);
      await api.register(leadsRoutes);
      await api.register(contactsRoutes, { contactCard: cardFiles.contactCard });
      await api.register(contactScanRoutes, { store: fileStore, memory: uploadMemory, ocr: cardOcr });
      await api.register(invitationsRoutes);
      await api.register(authRoutes);
      await api.register(ssoRoutes);
      await api.register(scimTokensRoutes);
      await api.register(apiKeysRoutes);
      await api.register(webhooksRoutes);
      await api.register(walletRoutes, { env: deps, passOf: cardFiles.applePassOf });
      await api.register(setupRoutes);
      await api.register(accountRoutes);
      await api.register(passkeysRoutes, { sites });
      await api.register(companiesRoutes);
      await api.register(domainsRoutes, { sites });
      await api.register(divisionExportsRoutes, { store: fileStore, sites });
      await api.register(profilesRoutes);
      await api.register(signaturesRoutes);
      await api.register(bannersRoutes);
      await api.register(billingRoutes);
      await api.register(stylingsRoutes);
      await api.register(permissionsRoutes);
      await api.register(approvalsRoutes);
      await api.register(reportsRoutes);
      await api.register(usersRoutes);
      await api.register(auditRoutes);
      await api.register(templatesRoutes);
      await api.register(uploadsRoutes, { store: fileStore, memory: uploadMemory });
    },
    { prefix: '/api' },
  );
  // SCIM provisioning (decision 023): its own bearer tokens, outside the /api sign-in.
  await app.register(scimRoutes, { prefix: '/scim/v2' });
  await app.register(uploadsServeRoutes, { store: fileStore });
  await app.register(domainVerificationRoutes);
  if (deps.mailer.kind === 'outbox' && config.NODE_ENV !== 'production') await app.register(devMailRoutes, { publicUrl: config.PUBLIC_URL });

  fastPath.add(publicPageFastRoute({ sites, pages: deps.publishedPages, securityHeaders: helmetHeaders(helmetOptions(config)), fast: fastPath, log: app.log }));
  await registerWeb(app, config, sites, {
    cardFiles,
    siteFiles: createSiteFiles({ db: deps.db, images }),
  });
  return app;
}

/** How often the embedded database's tables are looked at for growth (db/statistics.ts). */
const GROWTH_CHECK_MS = 15_000;

/**
 * PGlite's stand-in for autovacuum's analyze: every GROWTH_CHECK_MS the tables that have grown by a
 * tenth are analyzed (one check at a time). A process-local timer, not a pg-boss job: an embedded
 * store has one server, and a minute (cron's step) is too long for a day's rollups under load.
 */
function watchTableGrowth(app: FastifyInstance, database: Database): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    analyzeGrownTables(database.db)
      .catch((err: unknown) => app.log.warn({ err }, 'analyzing the tables that grew failed; the next check tries again'))
      .finally(() => {
        running = false;
      });
  }, GROWTH_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The server's periodic upkeep, each once per occurrence across every copy (pg-boss cron, UTC). */
function upkeep(database: Database, fileStore: FileStore, wallet: WalletKeys, log: FastifyBaseLogger, pagesDue: () => Promise<unknown>): Schedule[] {
  const apple = wallet.apple;
  return [
    // Issue #30, decision 028: pages whose buttons' windows open or close (or whose gallery item expires) are re-rendered at that minute.
    { name: PAGES_DUE_JOB, cron: '* * * * *', atStart: true, run: pagesDue },
    // Issue #30: phones holding a card's Apple Wallet pass hear of its new publish within the minute.
    ...(apple ? [{ name: 'wallet-push', cron: '* * * * *', run: () => pushPassUpdates({ db: database.db, apple, log }) }] : []),
    // Next month's partition of `events` is made well before it starts (the window runs two months ahead).
    { name: 'event-partitions', cron: '17 3 * * *', run: () => ensureEventPartitions(database.db) },
    { name: 'unused-uploads', cron: '7 * * * *', run: () => sweepUploads(database.db, fileStore, log) },
    // A template change's progress row (decision 034) is kept a week after it finished.
    { name: 'finished-rebuilds', cron: '57 4 * * *', run: () => forgetFinishedRebuilds(database.db) },
    // Decision 036: the page change feed's rows are read within a second; kept ten minutes.
    { name: 'page-changes', cron: '*/5 * * * *', run: () => prunePageChanges(database.db, PAGE_CHANGES_KEPT_MS) },
    // A division's export is kept DIVISION_EXPORT_TTL_DAYS, then its zip leaves the store.
    { name: 'expired-exports', cron: '47 * * * *', run: () => sweepExpiredExports({ db: database.db, store: fileStore, log }) },
    // Issue #29: a division's contacts older than its retention period (companies.contact_retention_months) are erased.
    { name: 'contact-retention', cron: '27 4 * * *', run: () => expireContacts({ db: database.db }) },
    // PGlite has no autovacuum to keep the planner's statistics (db/statistics.ts); without them a
    // report on a store opened fresh runs 20 times slower, so a start refreshes them at once too.
    ...(database.kind === 'pglite'
      ? [{ name: 'planner-statistics', cron: '37 * * * *', atStart: true, run: () => refreshPlannerStatistics(database.db) }]
      : []),
  ];
}

/** Abuse limits live where every copy of the server sees them: Redis, the shared PostgreSQL, or this one process. */
function limitStoreOf(config: Config, database: Database): LimitStore {
  if (config.REDIS_URL) return { kind: 'redis', url: config.REDIS_URL };
  return database.kind === 'postgres' ? { kind: 'postgres', db: database.db } : { kind: 'memory' };
}

/** A path that names a file (`/x.js`, `/foo.png`): the hub answers 404 for one it does not have, not its web app. */
const FILE_LIKE = /\/[^/]*\.[a-z0-9]{1,10}$/i;
/** The one hub route that looks like a file (apps/web's router, spec §2 Preview link). */
const SPA_FILE_ROUTES: ReadonlySet<string> = new Set(['/preview-link.html']);

/**
 * The hub SPA for hub hosts (history-API fallback to index.html, a 404 for a file it does
 * not have); other hosts are public profile pages. Every host has its robots.txt and favicon.
 */

async function registerWeb(
  app: FastifyInstance,
  config: Config,
  sites: PublicSites,
  files: { cardFiles: ReturnType<typeof createCardFiles>; siteFiles: ReturnType<typeof createSiteFiles> },
) {
  const dist = config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const indexFile = path.join(dist, 'index.html');
  // Read once: the shell is the same for every hub path, and a rebuild in progress must not break serving.
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const hasWeb = indexHtml !== null;
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Only hashed assets may be cached for good; everything else is revalidated.
      setHeaders: (reply, file) =>
        reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send(errorBody(404, 'not_found', `No route for ${req.method} ${url}`));
    if (url.startsWith('/api/') || url === '/api') return reply.code(404).send(errorBody(404, 'not_found', `No route for ${req.method} ${url}`));
    // Hub hosts get the web app; a division's subdomain or custom domain gets its public pages.
    const host = PublicSites.hostOf(req.headers.host);
    const site = await sites.siteOf(host);
    if (await files.siteFiles(url, reply, site ? { hub: false, companyId: site.companyId } : { hub: true, host })) return reply;
    if (site) return servePublicPage(app.deps.publishedPages, app.deps.db, req, reply, site.companyId, files.cardFiles);
    if (FILE_LIKE.test(url) && !SPA_FILE_ROUTES.has(url))
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    if (indexHtml === null) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
