import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AuthResponse, SETUP_MESSAGES, type SetupStatus } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import { audit } from '../audit/audit.service.ts';
import { buildMe, type RequestContext } from '../auth/auth.service.ts';
import { createDivision } from '../companies/companies.service.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { deleteSetupToken, hasSuperadmin, insertSuperadmin, saveSetupToken, setupTokenRow } from './setup.queries.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The one-time setup link of an empty install (no superadmin yet): a random token whose
 * hash is kept, so the link is only ever in the output of the process that made it.
 * Returns the new token, or null when the hub has a superadmin or a link was made
 * before (`replace` makes a new one; the old one stops working). Copies starting
 * together run this under the start-up lock: one of them makes the link.
 */
export async function issueSetupToken(db: Db, opts: { replace?: boolean } = {}): Promise<string | null> {
  if (await hasSuperadmin(db)) return null;
  const token = randomBytes(32).toString('base64url');
  const made = await saveSetupToken(db, { hash: hashOf(token), createdAt: new Date().toISOString() }, { replace: opts.replace ?? false });
  return made ? token : null;
}

/** Whether the hub still waits for its first superadmin (the setup page and the sign-in page ask). */
export async function setupStatus(db: Db): Promise<SetupStatus> {
  return { needed: !(await hasSuperadmin(db)) };
}

/**
 * The setup page's form: the first superadmin and the first division (with its first
 * master template), in one transaction that also spends the token, so two tabs
 * submitting at once make one superadmin. Signs the new superadmin in.
 */
export async function completeSetup(
  deps: Pick<Deps, 'db' | 'limiter' | 'passwords' | 'sessions'>,
  input: { token: string; firstName: string; lastName: string; email: string; password: string; division: { title: string; subdomain: string } },
  ctx: RequestContext,
): Promise<AuthResponse> {
  await deps.limiter.hit(LIMITS.setupPerIp, ctx.ip);
  const passwordHash = await deps.passwords.hash(input.password);
  const userId = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await setupTokenRow(tx, { forUpdate: true });
    if (await hasSuperadmin(tx)) throw new AppError(409, 'conflict', SETUP_MESSAGES.alreadySetUp);
    if (!row || !sameHash(row.hash, hashOf(input.token))) throw new AppError(403, 'forbidden', SETUP_MESSAGES.tokenInvalid, 'token');
    let id: number;
    try {
      id = await insertSuperadmin(tx, { email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'user_exists', 'An account with this email already exists.', 'email');
      throw err;
    }
    const division = await createDivision(tx, input.division, { path: 'division.subdomain' });
    await deleteSetupToken(tx);
    await audit(tx, id, 'setup.completed', `company:${division.id}`);
    return id;
  });
  await deps.limiter.reward(LIMITS.setupPerIp, ctx.ip);
  const jwt = await deps.sessions.create(userId, ctx.userAgent);
  return { jwt, user: await buildMe(deps.db, userId) };
}

/**
 * `npm run admin:create`: a superadmin made from the command line, for installs that are
 * scripted. Without a password the account registers with an emailed code, as an invited
 * person does. The setup link, if one is waiting, stops working.
 */
export async function createSuperadmin(
  db: Db,
  p: { email: string; firstName: string; lastName: string; passwordHash: string | null },
): Promise<'created' | 'exists'> {
  try {
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const id = await insertSuperadmin(tx, p);
      await deleteSetupToken(tx);
      await audit(tx, null, 'superadmin.created_by_cli', `user:${id}`);
    });
    return 'created';
  } catch (err) {
    if (isUniqueViolation(err)) return 'exists';
    throw err;
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
