import type { ContactSource } from '@profilehub/shared';
import type { QueryValue } from '../../../lib/api.ts';

/** The contacts screen's filters as the screen holds them. */
export type ContactsFilters = {
  q: string;
  companyIds: number[];
  profile: { id: number; name: string } | null;
  source: ContactSource | null;
  from: string;
  to: string;
};

/** The filters as GET /api/contacts and its export take them (empty ones left out). */
export function contactsQuery(f: ContactsFilters): Record<string, QueryValue> {
  return {
    q: f.q.trim() || undefined,
    companyId: f.companyIds.length ? f.companyIds.join(',') : undefined,
    profileId: f.profile?.id,
    source: f.source ?? undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}
