import type { ContactDetail } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** PATCH /api/contacts/{id}: saves the contact's notes. */
export const saveContactNotes = (id: number, notes: string) => apiRequest<ContactDetail>(`/api/contacts/${id}`, { method: 'PATCH', body: { notes } });
