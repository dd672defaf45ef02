import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/contacts/{id}. */
export const deleteContact = (id: number) => apiRequest<null>(`/api/contacts/${id}`, { method: 'DELETE' });
