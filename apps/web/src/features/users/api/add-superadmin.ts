import { apiRequest } from '../../../lib/api.ts';

/** POST /api/superadmins: an existing account (by email) becomes a superadmin. */
export const addSuperadmin = (email: string) => apiRequest<{ success: true; message: string }>('/api/superadmins', { method: 'POST', body: { email } });
