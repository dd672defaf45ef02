import {
  aliasTakenMessage,
  cleanInviteAlias,
  INVITE_ALIAS_MESSAGE,
  INVITE_MESSAGES,
  type InviteDivision,
  type InviteSchema,
  isValidInviteAlias,
} from '@profilehub/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, administers, canAdminister, canInvite, canSeeCompany } from '../../http/policy.ts';
import { adminScope } from '../../http/scope.ts';
import { audit, userByEmail } from '../auth/auth.queries.ts';
import { companyRowById, flagsOf } from '../companies/companies.queries.ts';
import { type Brand, brandedMail, brandOfDivision } from '../mail/branding.ts';
import type { Mail } from '../mail/mailer.ts';
import { profileDomainOf } from '../profiles/profile-content.ts';
import { insertProfile, isUniqueViolation } from '../profiles/profiles.queries.ts';
import { aliasIsFree } from '../profiles/profiles.service.ts';
import { insertMember, insertUser, inviteDivisionRows, inviteTemplateId } from './invitations.queries.ts';

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
export type Invitee = { name: string; email: string; alias: string | null; content?: Record<string, string> };

/**
 * What one invitation creates (spec §4 Invite flow), inside the caller's transaction:
 * the account, its membership, its profile under the template (with `content` on top of
 * the name and email) and the audit line; the invitation mail when `target.brand` is set.
 * The invite dialog and the staff import both create people through this.
 */
export async function createInvitee(tx: Db, mail: (m: Mail) => void, actor: Actor, target: InviteTarget, person: Invitee) {
  const { company, brand } = target;
  const { name, email, alias } = person;
  const userId = await insertUser(tx, {
    email,
    username: email.split('@')[0]!,
    title: splitName(name).firstName,
    ...splitName(name),
    role: 'user',
  });
  await insertMember(tx, userId, company.id);
  const profile = await insertProfile(tx, {
    userId,
    companyId: company.id,
    masterProfileId: target.masterId,
    alias,
    content: { ...person.content, ...splitName(name), fullName: name, emailAddress: email },
  });
  await audit(tx, actor.userId, 'user.invited', `user:${userId}`);
  if (brand) {
    const title = company.whiteLabel?.title ?? company.title;
    mail(
      brandedMail(brand, {
        to: email,
        subject: `You are invited to the ${title} hub`,
        lines: [
          `Hello ${name},`,
          '',
          `You have been invited to create your digital business profile on the ${title} hub.`,
          '',
          'Activate your account (we will email you a 4-digit code).',
        ],
        action: { label: 'Activate your account', url: `${brand.hubUrl}/register?email=${encodeURIComponent(email)}` },
      }),
    );
  }
  return { userId, profileId: profile.id };
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
  let created: { userId: number; profileId: number };
  try {
    // The invitation mail is queued with the account: both exist, or neither; the mail is retried until delivered.
    created = await deps.jobs.transaction(deps.db, (tx, mail) =>
      createInvitee(tx, mail, actor, { company, masterId, brand }, { name: input.person.first_name, email: input.userAccountEmail, alias }),
    );
  } catch (err) {
    // Someone took the email or alias between the checks and the insert.
    if (isUniqueViolation(err)) throw new AppError(409, 'conflict', alias ? aliasTakenMessage(alias) : INVITE_MESSAGES.alreadyUser);
    throw err;
  }
  return { success: true as const, message: 'User invited', ...created, companyId: company.id, alias, emailed: notify };
}
