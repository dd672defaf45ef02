import type { ContactEraseResult } from '@profilehub/shared';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/contacts/erase: a visitor asked that their details be deleted. */
export const eraseContacts = (email: string) => apiRequest<ContactEraseResult>('/api/contacts/erase', { method: 'POST', body: { email } });
