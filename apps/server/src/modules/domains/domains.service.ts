import { randomBytes } from 'node:crypto';
import { DOMAIN_MESSAGES, DOMAIN_VERIFICATION_PATH, type DomainState } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { companyByHubDomain } from '../companies/companies.queries.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { queueDivisionRerender, RERENDER_DIVISION_JOB } from '../publishing/publishing.service.ts';
import { probeDomain } from './domain-probe.ts';
import { clearDomain, type DomainRow, domainHeldElsewhere, domainRowOf, markDomainVerified, setPendingDomain } from './domains.queries.ts';

type Env = Pick<Deps, 'db' | 'config' | 'resolveDomain' | 'jobs'>;

const hubHost = (env: Env) => new URL(env.config.PUBLIC_URL).hostname.toLowerCase();

function stateOf(env: Env, row: DomainRow): DomainState {
  const target = hubHost(env);
  if (row.pendingDomain && row.domainToken)
    return {
      status: 'pending',
      domain: row.pendingDomain,
      target,
      checkUrl: `http://${row.pendingDomain}${DOMAIN_VERIFICATION_PATH}${row.domainToken}`,
      token: row.domainToken,
      verifiedAt: null,
    };
  if (row.customDomain)
    return { status: 'verified', domain: row.customDomain, target, checkUrl: null, token: null, verifiedAt: row.verifiedAt?.toISOString() ?? null };
  return { status: 'none', domain: null, target, checkUrl: null, token: null, verifiedAt: null };
}

async function rowOf(env: Env, companyId: number): Promise<DomainRow> {
  const row = await domainRowOf(env.db, companyId);
  if (!row) throw notFound('This division does not exist.');
  return row;
}

export async function domainState(env: Env, companyId: number): Promise<DomainState> {
  return stateOf(env, await rowOf(env, companyId));
}

/** The hub's own names: its host, loopback, the public-pages domain and its subdomains, white-labelled hubs. */
async function isHubName(env: Env, domain: string): Promise<boolean> {
  const publicDomain = env.config.PUBLIC_DOMAIN.toLowerCase();
  if (domain === hubHost(env) || domain === 'localhost' || domain === publicDomain || domain.endsWith(`.${publicDomain}`)) return true;
  return Boolean(await companyByHubDomain(env.db, domain));
}

/**
 * A change of the division's domain and its audit line commit together. Pages carry their
 * address (canonical link, share links), so when the address they show changes, the job that
 * renders them again commits with it.
 */
async function commitChange(env: Env, companyId: number, addressChanged: boolean, change: (tx: Db) => Promise<void>): Promise<void> {
  await env.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await change(tx);
    if (addressChanged) await queueDivisionRerender(env.jobs, tx, companyId);
  });
  if (addressChanged) env.jobs.wakeWorker(RERENDER_DIVISION_JOB);
}

/**
 * The console's "Custom domain": the division's new domain waits for verification with a new
 * token. A domain verified before stops serving at once: the name is the division's again only
 * once it is proved (the same name entered again keeps its verified state).
 */
export async function setDomain(env: Env, actorId: number, companyId: number, domain: string, forget: (domain: string) => void): Promise<DomainState> {
  const row = await rowOf(env, companyId);
  if (row.customDomain === domain || row.pendingDomain === domain) return stateOf(env, row);
  if (await isHubName(env, domain)) throw badRequest(DOMAIN_MESSAGES.hubOwn, 'domain');
  if (await domainHeldElsewhere(env.db, domain, companyId)) throw new AppError(409, 'conflict', DOMAIN_MESSAGES.taken, 'domain');
  try {
    await commitChange(env, companyId, Boolean(row.customDomain), async (tx) => {
      await setPendingDomain(tx, companyId, domain, randomBytes(24).toString('base64url'));
      await audit(tx, actorId, 'company.domain_set', `company:${companyId}`, {
        before: { customDomain: row.customDomain, pendingDomain: row.pendingDomain },
        after: { customDomain: null, pendingDomain: domain },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'conflict', DOMAIN_MESSAGES.taken, 'domain');
    throw err;
  }
  if (row.customDomain) forget(row.customDomain);
  return domainState(env, companyId);
}

const PROBE_MESSAGES = { unreachable: DOMAIN_MESSAGES.unreachable, wrong: DOMAIN_MESSAGES.wrongAnswer, private: DOMAIN_MESSAGES.privateAddress } as const;

/** "Verify now": the hub fetches its token from the domain itself; on success the domain serves the division. */
export async function verifyDomain(env: Env, actorId: number, companyId: number, forget: (domain: string) => void): Promise<DomainState> {
  const row = await rowOf(env, companyId);
  if (!row.pendingDomain || !row.domainToken) {
    if (row.customDomain) return stateOf(env, row);
    throw badRequest(DOMAIN_MESSAGES.nothingToVerify);
  }
  const domain = row.pendingDomain;
  const result = await probeDomain(domain, `${DOMAIN_VERIFICATION_PATH}${row.domainToken}`, row.domainToken, {
    resolve: env.resolveDomain,
    allowPrivate: env.config.DOMAIN_VERIFY_ALLOW_PRIVATE,
  });
  if (result !== 'ok') throw new AppError(422, 'domain_not_verified', PROBE_MESSAGES[result]);
  try {
    await commitChange(env, companyId, true, async (tx) => {
      await markDomainVerified(tx, companyId, domain, new Date());
      await audit(tx, actorId, 'company.domain_verified', `company:${companyId}`, {
        before: { customDomain: row.customDomain, pendingDomain: domain },
        after: { customDomain: domain, pendingDomain: null },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'conflict', DOMAIN_MESSAGES.taken, 'domain');
    throw err;
  }
  forget(domain);
  return domainState(env, companyId);
}

export async function removeDomain(env: Env, actorId: number, companyId: number, forget: (domain: string) => void): Promise<DomainState> {
  const row = await rowOf(env, companyId);
  await commitChange(env, companyId, Boolean(row.customDomain), async (tx) => {
    await clearDomain(tx, companyId);
    await audit(tx, actorId, 'company.domain_removed', `company:${companyId}`, {
      before: { customDomain: row.customDomain, pendingDomain: row.pendingDomain },
      after: { customDomain: null, pendingDomain: null },
    });
  });
  if (row.customDomain) forget(row.customDomain);
  return domainState(env, companyId);
}
