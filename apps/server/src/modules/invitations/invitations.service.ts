import {
  aliasTakenMessage,
  cleanInviteAlias,
  INVITE_ALIAS_MESSAGE,
  INVITE_MESSAGES,
  type InviteDivision,
  type InviteSchema,
  isValidInviteAlias,
  ROLE_MESSAGES,
} from '@profilehub/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, administers, canAdminister, canInvite, canSeeCompany, canSetDivisionRole } from '../../http/policy.ts';
import { adminScope } from '../../http/scope.ts';
import { auditEach } from '../audit/audit.service.ts';
import { userByEmail } from '../auth/auth.queries.ts';
import { companyRowById, flagsOf } from '../companies/companies.queries.ts';
import { type Brand, brandedMail, brandOfDivision } from '../mail/branding.ts';
import type { Mail } from '../mail/mailer.ts';
import { profileDomainOf } from '../profiles/profile-content.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { aliasIsFree } from '../profiles/profiles.service.ts';
import { emitWebhook, WEBHOOK_JOB, type WebhookEmitter } from '../webhooks/webhooks.service.ts';
import { insertInviteeProfiles, insertMembers, insertUsers, inviteDivisionRows, inviteTemplateId } from './invitations.queries.ts';

type Invite = z.output<typeof InviteSchema>;

/** Splits "Mary Ann Smith" into first "Mary Ann" and last "Smith" (the editor shows both). */
function splitName(full: string): { firstName: string; lastName?: string } {
  const words = full.trim().split(/\s+/);
  if (words.length < 2) return { firstName: full.trim() };
  const lastName = words.pop()!;
  return { firstName: words.join(' '), lastName };
}

/** Where an invitee goes: the division, its template, and its brand when the invitation is emailed. */
type CompanyRow = NonNullable<Awaited<ReturnType<typeof companyRowById>>>;
export type InviteTarget = { company: CompanyRow; masterId: number; brand: Brand | null };
/** `role`: invited as a supervisor of the target division (user when absent). */
export type Invitee = { name: string; email: string; alias: string | null; content?: Record<string, string>; role?: 'user' | 'supervisor' };

/**
 * What invitations create (spec §4 Invite flow), inside the caller's transaction: for each
 * person the account, its membership, its profile under the template (with `content` on top
 * of the name and email) and the audit line; the invitation mail when the target's brand is
 * set. The invite dialog (one person) and the staff import (a batch, a few statements for
 * all of them) both create people through this, and so does a first company sign-in (SSO, no actor).
 * Emails must differ within one call.
 */
export async function createInvitees(
  tx: Db,
  mail: (m: Mail) => void,
  actor: Pick<Actor, 'userId'> | { userId: null },
  items: { target: InviteTarget; person: Invitee }[],
  /** Where the `user.invited` events go; the caller wakes WEBHOOK_JOB after its commit. */
  webhooks?: WebhookEmitter,
) {
  const userIds = await insertUsers(
    tx,
    items.map(({ person: { name, email, role } }) => ({
      email,
      username: email.split('@')[0]!,
      title: splitName(name).firstName,
      ...splitName(name),
      role: role ?? 'user',
    })),
  );
  const idOf = (email: string) => userIds.get(email)!;
  await insertMembers(
    tx,
    items.map((i) => ({
      userId: idOf(i.person.email),
      companyId: i.target.company.id,
      role: i.person.role === 'supervisor' ? ('supervisor' as const) : ('member' as const),
    })),
  );
  const profileIds = await insertInviteeProfiles(
    tx,
    items.map(({ target, person }) => ({
      userId: idOf(person.email),
      companyId: target.company.id,
      masterProfileId: target.masterId,
      alias: person.alias,
      content: { ...person.content, ...splitName(person.name), fullName: person.name, emailAddress: person.email },
    })),
  );
  // One line per invited person (into which division), and one per person invited as a supervisor.
  await auditEach(tx, actor.userId, [
    ...items.map(({ target, person }) => ({
      action: 'user.invited',
      target: `user:${idOf(person.email)}`,
      record: { companyId: target.company.id, details: { userId: idOf(person.email), companyId: target.company.id } },
    })),
    ...items
      .filter(({ person }) => person.role === 'supervisor')
      .map(({ target, person }) => ({
        action: 'role.changed',
        target: `user:${idOf(person.email)} company:${target.company.id} user→supervisor`,
        record: {
          companyId: target.company.id,
          details: { userId: idOf(person.email), companyId: target.company.id },
          before: { role: 'user' },
          after: { role: 'supervisor' },
        },
      })),
  ]);
  for (const { target, person } of items) {
    if (!target.brand) continue;
    const title = target.company.whiteLabel?.title ?? target.company.title;
    mail(
      brandedMail(target.brand, {
        to: person.email,
        subject: `You are invited to the ${title} hub`,
        lines: [
          `Hello ${person.name},`,
          '',
          `You have been invited to create your digital business profile on the ${title} hub.`,
          '',
          'Activate your account (we will email you a 4-digit code).',
        ],
        action: { label: 'Activate your account', url: `${target.brand.hubUrl}/register?email=${encodeURIComponent(person.email)}` },
      }),
    );
  }
  for (const { target, person } of items)
    await emitWebhook(webhooks, tx, target.company.id, 'user.invited', {
      userId: idOf(person.email),
      profileId: profileIds.get(idOf(person.email))!,
      alias: person.alias,
      role: person.role ?? 'user',
      invitedBy: actor.userId,
    });
  return items.map(({ person }) => ({ userId: idOf(person.email), profileId: profileIds.get(idOf(person.email))! }));
}

/** GET /users/divisions: where the caller can invite (and what the list filters offer). */
export async function inviteDivisions(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  q: { filter?: string | undefined; limit: number },
): Promise<InviteDivision[]> {
  const rows = await inviteDivisionRows(deps.db, adminScope(actor), q.filter, q.limit);
  return rows.map(({ company, masterProfileId }) => ({
    id: company.id,
    name: company.name,
    title: company.title,
    description: company.description,
    profileDomain: profileDomainOf(company, deps.config.PUBLIC_DOMAIN),
    masterProfileId,
    canInvite: canInvite(actor, { id: company.id, flags: flagsOf(company) }),
  }));
}

/**
 * The invite dialog's alias test (spec §4 Alias check): only supervisors and
 * superadmins invite, so only they may ask.
 */
export async function checkInviteAlias(deps: Pick<Deps, 'db'>, actor: Actor, raw: string): Promise<{ success: boolean; message: string }> {
  if (!canAdminister(actor)) throw forbidden();
  const alias = cleanInviteAlias(raw);
  if (!isValidInviteAlias(alias)) return { success: false, message: INVITE_ALIAS_MESSAGE };
  if (!(await aliasIsFree(deps, alias))) return { success: false, message: aliasTakenMessage(alias) };
  return { success: true, message: alias };
}

/**
 * Spec §4 Invite flow: a supervisor (with the invite_users flag) or a
 * superadmin creates the user and their profile under the division's first
 * template, and optionally emails the invitation. The person then registers
 * with their email and an emailed code.
 */
export async function inviteUser(deps: Pick<Deps, 'db' | 'config' | 'jobs'>, actor: Actor, input: Invite, notify: boolean) {
  const company = canSeeCompany(actor, input.company) ? await companyRowById(deps.db, input.company) : undefined;
  if (!company) throw notFound(INVITE_MESSAGES.divisionRequired);
  if (!administers(actor, company.id)) throw forbidden();
  if (!canInvite(actor, { id: company.id, flags: flagsOf(company) })) throw forbidden(INVITE_MESSAGES.inviteNotAllowed);
  const supervisor = input.role === 'supervisor';
  if (supervisor && !canSetDivisionRole(actor, null, company.id)) throw forbidden(ROLE_MESSAGES.inviteSupervisorNotAllowed);

  const masterId = await inviteTemplateId(deps.db, company.id, input.masterProfile);
  if (masterId === undefined) throw badRequest(INVITE_MESSAGES.noTemplate, 'masterProfile');

  let alias: string | null = null;
  if (input.profileAlias?.trim()) {
    alias = cleanInviteAlias(input.profileAlias);
    if (!isValidInviteAlias(alias)) throw badRequest(INVITE_ALIAS_MESSAGE, 'profileAlias');
    if (!(await aliasIsFree(deps, alias))) throw new AppError(409, 'alias_taken', aliasTakenMessage(alias), 'profileAlias');
  }
  if (await userByEmail(deps.db, input.userAccountEmail)) throw new AppError(409, 'user_exists', INVITE_MESSAGES.alreadyUser, 'userAccountEmail');

  const brand = notify ? await brandOfDivision(deps.db, company.id, deps.config.PUBLIC_URL) : null;
  let created: { userId: number; profileId: number } | undefined;
  try {
    // The invitation mail is queued with the account: both exist, or neither; the mail is retried until delivered.
    [created] = await deps.jobs.transaction(deps.db, (tx, mail) =>
      createInvitees(
        tx,
        mail,
        actor,
        [
          {
            target: { company, masterId, brand },
            person: { name: input.person.first_name, email: input.userAccountEmail, alias, role: supervisor ? 'supervisor' : 'user' },
          },
        ],
        deps,
      ),
    );
    deps.jobs.wakeWorker(WEBHOOK_JOB);
  } catch (err) {
    // Someone took the email or alias between the checks and the insert.
    if (isUniqueViolation(err)) throw new AppError(409, 'conflict', alias ? aliasTakenMessage(alias) : INVITE_MESSAGES.alreadyUser);
    throw err;
  }
  return { success: true as const, message: 'User invited', ...created!, companyId: company.id, alias, emailed: notify };
}
