import type { Db } from '../../db/client.ts';
import { ssoGoverns } from '../../http/policy.ts';
import { userByEmail } from '../auth/auth.queries.ts';
import { isMember } from '../companies/companies.queries.ts';
import { enabledSsoOfDomain, type SsoRow } from './sso.queries.ts';

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The enabled SSO of this email's domain when it governs this email's sign-in (policy `ssoGoverns`), else undefined. */
export async function ssoGoverning(db: Db, email: string): Promise<SsoRow | undefined> {
  const sso = await enabledSsoOfDomain(db, domainOf(email));
  if (!sso) return undefined;
  const user = await userByEmail(db, email);
  const governed = ssoGoverns(user && { role: user.role, memberOfDivision: await isMember(db, sso.companyId, user.id) });
  return governed ? sso : undefined;
}
