/**
 * Mail as durable jobs (docs/decisions/014): queued with the write that causes it, sent
 * once, retried while the mail server is away, kept across a restart, run by exactly one
 * of several copies — against a real SMTP server and the real database.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { companies as companiesTable, companyMembers, leadSubmissions, mailOutbox, profiles, users } from '../../db/schema.ts';
import { childDetails, createCompany, createTemplateDivision, freshIp, getProfileRow } from '../../test/factories.ts';
import { cloneDatabase, testConfig } from '../../test/harness.ts';
import { rowsOf } from '../events/rollups.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { REBUILD_CHILDREN_JOB, type RebuildCounts } from '../publishing/publishing.service.ts';
import { Jobs, pendingJobs } from './jobs.ts';
import { JOB_SCHEMA } from './jobs-schema.ts';

// No app of its own: every copy here is built by the test, so no other worker takes the jobs.
let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await cloneDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ph-jobs-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = () => database.db;

/** A copy of the server on the shared database, with its own mailer and settings. */
async function copy(opts: { mailer?: Mailer; env?: Record<string, string>; upkeep?: boolean } = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, ...opts.env }),
    database,
    overrides: opts.mailer ? { mailer: opts.mailer } : {},
    upkeep: opts.upkeep,
  });
  await app.ready();
  return app;
}

/** A mailer that stores like the outbox, counts its tries, and fails while `down` says so. */
function countingMailer(down: (attempt: number) => boolean = () => false) {
  const sent: Mail[] = [];
  let attempts = 0;
  const mailer: Mailer = {
    kind: 'outbox',
    async send(mail) {
      attempts += 1;
      if (down(attempts)) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(mail);
      await db()
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, messageId: mail.messageId ?? null })
        .onConflictDoNothing();
    },
    close() {},
  };
  return { mailer, sent, attempts: () => attempts };
}

const waitFor = async (done: () => Promise<boolean> | boolean) => {
  while (!(await done())) await new Promise((r) => setTimeout(r, 25));
};
const mailsLike = async (subject: string) => (await db().select({ n: count() }).from(mailOutbox).where(like(mailOutbox.subject, subject)))[0]!.n;

describe('a lead while the mail server is away (real SMTP)', () => {
  it('is stored once and answered at once; its mail arrives when the server takes it, exactly once, with one Message-ID', async () => {
    const received: { messageId: string | undefined; raw: string }[] = [];
    let refused = 0;
    // Refuses the first two deliveries with a temporary error, like a mail server that is restarting.
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          if (refused < 2) {
            refused += 1;
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          received.push({ messageId: raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim(), raw });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const port = (smtp.server.address() as AddressInfo).port;
    const app = await copy({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0' } });
    try {
      const db = app.deps.db;
      const company = await createCompany(db);
      const [owner] = await db.insert(users).values({ email: 'lead-owner@acme.test', username: 'lead-owner' }).returning();
      await db.insert(companyMembers).values({ userId: owner!.id, companyId: company.id });
      const [p] = await db
        .insert(profiles)
        .values({
          companyId: company.id,
          alias: `jobs-${company.subdomain}`,
          publishedAt: new Date(),
          publishedContent: { contactForm: { enabled: true, sendToMail: 'lead-owner@acme.test', thankYouMessage: 'Thanks!' } },
        })
        .returning();

      const res = await app.inject({
        method: 'POST',
        url: `/api/lead-forms/submit/${p!.id}`,
        remoteAddress: freshIp(),
        payload: { profileId: p!.id, formId: 'f', fields: { name: 'Vic', email: 'vic@example.test', message: 'Call me' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Thanks!' });
      expect(await db.select().from(leadSubmissions).where(eq(leadSubmissions.profileId, p!.id))).toHaveLength(1);

      await waitFor(async () => received.length > 0 && (await pendingJobs(db)) === 0);
      expect(refused).toBe(2);
      expect(received).toHaveLength(1);
      expect(received[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@hub\.test>$/);
      expect(received[0]!.raw).toContain('Call me');
    } finally {
      await app.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});

describe('a queued mail', () => {
  it('is queued only if its transaction commits', async () => {
    const app = await copy();
    try {
      await expect(
        app.deps.jobs.transaction(db(), async (_tx, mail) => {
          mail({ to: 'never@acme.test', subject: 'rolled back', text: 'x' });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(await pendingJobs(db())).toBe(0);
      await app.deps.jobs.transaction(db(), async (_tx, mail) => mail({ to: 'kept@acme.test', subject: 'committed', text: 'x' }));
      await app.deps.jobs.idle();
      expect(await mailsLike('rolled back')).toBe(0);
      expect(await mailsLike('committed')).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('survives a restart: queued on a copy that stops, sent by the next one', async () => {
    const broken = countingMailer(() => true);
    const first = await copy({ mailer: broken.mailer, env: { MAIL_RETRY_SECONDS: '1' } });
    await first.deps.jobs.transaction(first.deps.db, async (_tx, mail) => mail({ to: 'later@acme.test', subject: 'survives a restart', text: 'x' }));
    await waitFor(() => broken.attempts() >= 1);
    await first.close();
    expect(await mailsLike('survives a restart')).toBe(0);

    const working = countingMailer();
    const next = await copy({ mailer: working.mailer });
    try {
      await waitFor(() => working.sent.length === 1);
      await next.deps.jobs.idle();
      expect(await mailsLike('survives a restart')).toBe(1);
    } finally {
      await next.close();
    }
  });

  it('in a backlog goes out back to back, not one per poll (an import’s 15 invitations)', async () => {
    const box = countingMailer();
    // An hour between polls: only the worker fetching the next mail at once sends the 15 within the test.
    const app = await copy({ mailer: box.mailer, env: { JOB_POLL_SECONDS: '3600' } });
    try {
      await app.deps.jobs.transaction(db(), async (_tx, mail) => {
        for (let i = 0; i < 15; i++) mail({ to: `invitee${i}@acme.test`, subject: `backlog ${i}`, text: 'x' });
      });
      // No idle() here: it wakes the worker itself.
      await waitFor(() => box.sent.length === 15);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('is sent by exactly one of two copies (20 mails, 20 sends, none twice)', async () => {
    const a = countingMailer();
    const b = countingMailer();
    const [one, two] = await Promise.all([copy({ mailer: a.mailer }), copy({ mailer: b.mailer })]);
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? one : two).deps.jobs.transaction(db(), async (_tx, mail) => mail({ to: `m${i}@acme.test`, subject: `once across copies ${i}`, text: 'x' })),
        ),
      );
      await one.deps.jobs.idle();
      const ids = [...a.sent, ...b.sent].map((m) => m.messageId);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      expect(await mailsLike('once across copies %')).toBe(20);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('a template rebuild', () => {
  it('is a job: queued while no copy works rebuilds, done by the copy that starts next, its counts handed to the request', async () => {
    const d = await createTemplateDivision(db(), { flags: { templates: true } });
    const [child] = await db()
      .insert(profiles)
      .values({
        companyId: d.company.id,
        masterProfileId: d.masterId,
        alias: `rita-${d.company.subdomain}`,
        content: childDetails('Rita Rebuild'),
        publishedAt: new Date(),
        publishedHtml: '<p>the page before the rebuild</p>',
        publishedEtag: 'before-rebuild',
      })
      .returning();
    // A copy that queues rebuilds but defines none: the job waits in the database.
    const quiet = countingMailer();
    const producer = new Jobs({ database, mailer: quiet.mailer, log: pino({ level: 'silent' }), retrySeconds: 1, pollSeconds: 2, messageIdDomain: 'hub.test' });
    await producer.start();
    const worker: FastifyInstance[] = [];
    try {
      const counts = producer.run<{ masterId: number }, RebuildCounts>(REBUILD_CHILDREN_JOB, { masterId: d.masterId });
      await waitFor(async () => (await pendingJobs(db())) === 1);
      expect((await getProfileRow(db(), child!.id))!.publishedEtag).toBe('before-rebuild');
      worker.push(await copy());
      expect(await counts).toEqual({ total: 1, rebuilt: 1, failed: 0 });
      const row = (await getProfileRow(db(), child!.id))!;
      expect(row.publishedHtml).toContain('Rita Rebuild');
      expect(row.publishedHtml).toContain('Book a call');
      expect(row.publishedEtag).not.toBe('before-rebuild');
    } finally {
      await producer.stop();
      await Promise.all(worker.map((w) => w.close()));
    }
  });
});

describe('a job that fails every try', () => {
  it('is retried to its limit, then handed once, with its last error, to its gaveUp', async () => {
    const jobs = new Jobs({
      database,
      mailer: countingMailer().mailer,
      log: pino({ level: 'silent' }),
      retrySeconds: 1,
      pollSeconds: 2,
      messageIdDomain: 'hub.test',
    });
    let tries = 0;
    const gaveUp: { data: object; err: unknown }[] = [];
    jobs.define<{ importId: number }, object>(
      'always-fails',
      async () => {
        tries += 1;
        throw new Error(`try ${tries} failed`);
      },
      { gaveUp: async (data, err) => void gaveUp.push({ data, err }) },
    );
    await jobs.start();
    try {
      await db().transaction((tx) =>
        jobs.queue(tx as never, 'always-fails', { importId: 7 }, { expireInSeconds: 60, heartbeatSeconds: 30, retryLimit: 2, retryDelay: 0 }),
      );
      jobs.wakeWorker('always-fails');
      await waitFor(() => gaveUp.length > 0);
      await waitFor(async () => (await pendingJobs(db())) === 0);
      expect(tries).toBe(3);
      expect(gaveUp).toHaveLength(1);
      expect(gaveUp[0]!.data).toEqual({ importId: 7 });
      expect(String(gaveUp[0]!.err)).toContain('try 3 failed');
    } finally {
      await jobs.stop();
    }
  });
});

describe('the upkeep', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('on PGlite, refreshes the planner statistics as soon as a copy starts, not an hour later', async () => {
    const believed = async () =>
      rowsOf<{ n: number }>(await db().execute(sql`select reltuples::float8 as n from pg_class where oid = 'companies'::regclass`))[0]!.n;
    for (let i = 0; i < 6; i++) await createCompany(db());
    const companies = (await db().select({ n: count() }).from(companiesTable))[0]!.n;
    const app = await copy({ upkeep: true });
    try {
      await waitFor(async () => (await believed()) >= companies);
    } finally {
      await app.close();
    }
  });

  it('is one schedule per task on the shared database, however many copies start with it (UTC cron, a missed run made up once)', async () => {
    const copies = await Promise.all([copy({ upkeep: true }), copy({ upkeep: true })]);
    try {
      const rows = rowsOf<{ name: string; cron: string; timezone: string; options: { missed?: string } }>(
        await db().execute(sql.raw(`select name, cron, timezone, options from ${JOB_SCHEMA}.schedule order by name`)),
      );
      const expected = [
        'contact-retention',
        'event-partitions',
        'expired-exports',
        'finished-rebuilds',
        'page-changes',
        'published-pages-due',
        'unused-uploads',
        ...(database.kind === 'pglite' ? ['planner-statistics'] : []),
      ].sort();
      expect(rows.map((r) => r.name)).toEqual(expected);
      for (const row of rows) expect(row).toMatchObject({ timezone: 'UTC', options: { missed: 'once' } });
    } finally {
      await Promise.all(copies.map((c) => c.close()));
    }
  });
});
