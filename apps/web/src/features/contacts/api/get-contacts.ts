import type { ContactsListResponse } from '@profilehub/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { type ContactsFilters, contactsQuery } from './contacts-query.ts';

export type ContactsParams = ContactsFilters & { page: number; pageSize: number };

/** GET /api/contacts: one page of the caller's contacts, newest first. */
function getContacts(p: ContactsParams, signal?: AbortSignal): Promise<ContactsListResponse> {
  return apiRequest('/api/contacts', { query: { ...contactsQuery(p), page: p.page, pageSize: p.pageSize }, signal });
}

export const contactsOptions = (p: ContactsParams) =>
  queryOptions({
    queryKey: ['contacts', 'list', p],
    queryFn: ({ signal }) => getContacts(p, signal),
    placeholderData: keepPreviousData,
  });
