import type { ContactDetail } from '@profilehub/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/contacts/{id}: a contact with its message and notes. */
export const contactOptions = (id: number) =>
  queryOptions({
    queryKey: ['contacts', 'one', id],
    queryFn: ({ signal }) => apiRequest<ContactDetail>(`/api/contacts/${id}`, { signal }),
  });
