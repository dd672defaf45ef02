import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/superadmins/{id}: no longer a superadmin (never oneself, never the last one). */
export const removeSuperadmin = (id: number) => apiRequest<{ success: true; message: string }>(`/api/superadmins/${id}`, { method: 'DELETE' });
