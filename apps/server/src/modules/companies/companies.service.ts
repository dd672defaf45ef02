import { SETUP_MESSAGES } from '@profilehub/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { isUniqueViolation } from '../profiles/profiles.queries.ts';
import { firstDefaultThemeId, insertDivision } from './companies.queries.ts';

/**
 * A new division, live, with its first master template in the hub's first default theme
 * (no flags: a division turns on what it bought). A taken subdomain is a 409 naming it.
 * Call it inside the caller's transaction so a failure leaves no half-made division.
 */
export async function createDivision(db: Db, input: { title: string; subdomain: string }): Promise<{ id: number; masterProfileId: number }> {
  const stylingId = await firstDefaultThemeId(db);
  try {
    return await insertDivision(db, { ...input, stylingId });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'conflict', SETUP_MESSAGES.subdomainTaken, 'division.subdomain');
    throw err;
  }
}
